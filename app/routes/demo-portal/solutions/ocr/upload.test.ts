import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest, toastOf } from '#tests/fixtures/speech'
import { requestWithTokens } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { ocrState, pngFile, resetOcrMocks } from '#tests/mocks/ocr'
import { action, loader } from './upload'

const OCR = '/demo-portal/solutions/ocr'
const UPLOAD = `${OCR}/demo/upload`
const DEMO = `${OCR}/demo`

type Reply = { location?: string; reload?: boolean; result?: { error?: Record<string, string[] | null> } }

beforeEach(() => resetOcrMocks())

describe('the upload route the demo form posts to with JavaScript', () => {
  it("answers JSON with the pending document's page, and sets the 'Document Uploaded Successfully' toast", async () => {
    const request = await multipartRequest(UPLOAD, { document_type: 'invoice', file: pngFile('inv.png') })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(200)
    expect(result.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(result.body).toEqual({ location: `${OCR}/pending/900` })
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Document Uploaded Successfully' })
    expect(ocrState.uploads[0]).toMatchObject({ fileName: 'inv.png', documentType: 'invoice' })
  })

  it("answers the refusal (4xx) as conform's result: 'Document Upload Unsuccessful' and the reason", async () => {
    const text = new File(['plain text'], 'inv.pdf', { type: 'application/pdf' })
    const request = await multipartRequest(UPLOAD, { document_type: 'invoice', file: text })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(415)
    expect(result.body.result?.error?.['']?.[0]).toBe('Document Upload Unsuccessful')
    expect(result.body.result?.error?.['']?.[1]).toMatch(/not a document we can read/)
  })

  it("answers a failure of the API (5xx) as 'Document Upload Error'", async () => {
    server.use(http.post(UPSTREAM + paths.uploadDocument, () => errorReply(503, 'OCR queue unavailable')))
    const request = await multipartRequest(UPLOAD, { document_type: 'invoice', file: pngFile() })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(502)
    expect(result.body.result?.error?.['']).toEqual(['Document Upload Error', 'OCR queue unavailable'])
  })

  it('turns the sign-in redirect into JSON for the page to follow', async () => {
    const request = await multipartRequest(UPLOAD, { document_type: 'invoice', file: pngFile() }, null)
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(401)
    expect(result.body).toEqual({ location: `/login?redirectTo=${encodeURIComponent(DEMO)}`, reload: true })
    expect(ocrState.uploads).toEqual([])
  })

  it('passes on the cookies of a session the API ended', async () => {
    const form = await multipartRequest(UPLOAD, { document_type: 'invoice', file: pngFile() }, null)
    const request = await requestWithTokens(
      UPLOAD,
      { access: 'access.nobody', refresh: 'refresh.nobody' },
      {
        method: 'POST',
        body: await form.arrayBuffer(),
        headers: { 'Content-Type': form.headers.get('Content-Type')! },
      },
    )
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(401)
    expect(result.body.location).toMatch(/^\/login/)
    expect(result.headers.getSetCookie().filter((c) => /^(access|refresh)_token_demo=;/.test(c))).toHaveLength(2)
  })

  it('sends a GET to the demo page', async () => {
    const result = await run(async () => loader())
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(DEMO)
  })
})
