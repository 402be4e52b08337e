import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest, toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { ocrState, pngFile, resetOcrMocks } from '#tests/mocks/ocr'
import { action, loader } from './demo'
import { loader as documentLoader } from './document'

const OCR = '/demo-portal/solutions/ocr'
const DEMO = `${OCR}/demo`

type Reply = { result: { status?: string; error?: Record<string, string[] | null> } }

const upload = async (fields: Record<string, string | File>, ...rest: [] | [null]) =>
  run<Reply>(async () => action(args(await multipartRequest(DEMO, fields, ...(rest as [])))))

beforeEach(() => resetOcrMocks())

describe('OCR demo loader', () => {
  it('offers the upload form with the file types the API reads', async () => {
    const result = await run<{ accept: string }>(async () =>
      loader(args(await requestWithTokens(DEMO, tokensFor('visitor')))),
    )
    expect(result.status).toBe(200)
    expect(result.body.accept).toContain('.pdf')
    expect(result.body.accept).toContain('image/png')
  })

  it('sends a visitor without a session to sign in', async () => {
    const result = await run(async () => loader(args(await requestWithTokens(DEMO, null))))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})

describe('OCR demo upload without JavaScript', () => {
  it("sends the file and its type on as multipart, says 'Document Uploaded Successfully' and goes to the pending document", async () => {
    let received: { type: string | null; fields: Record<string, unknown> } | null = null
    server.use(
      http.post(UPSTREAM + paths.uploadDocument, async ({ request }) => {
        const form = await request.clone().formData()
        received = { type: request.headers.get('Content-Type'), fields: Object.fromEntries(form) }
      }),
    )
    const result = await upload({ document_type: 'invoice', file: pngFile('march invoice.png') })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${OCR}/pending/900`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Document Uploaded Successfully', type: 'success' })
    expect(received!.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(received!.fields.document_type).toBe('invoice')
    expect(ocrState.uploads).toEqual([{ documentType: 'invoice', fileName: 'march invoice.png', size: 256 }])
  })

  it("the pending document's page then follows the job, one step per load, to its result under 'scanned'", async () => {
    await upload({ document_type: 'invoice', file: pngFile() })
    type Body = { document: { status: string; fields: { name: string; value: string }[] } }
    const load = async (type: string) => {
      const request = await requestWithTokens(`${OCR}/${type}/900`, tokensFor('auditor'))
      return run<Body>(() => documentLoader(args(request, { type, subtype: '900' })))
    }
    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      const result = await load('pending')
      seen.push(
        result.status === 200 ? result.body.document.status : `${result.status} ${result.headers.get('Location')}`,
      )
    }
    // read, it is no longer pending: its page is the scanned one
    expect(seen).toEqual(['in_queue', 'started', `302 ${OCR}/scanned/900`])
    const done = await load('scanned')
    expect(done.body.document.status).toBe('completed')
    expect(done.body.document.fields.find((f) => f.name === 'total')?.value).toBe('118.00')
  })

  it('a photo from the camera stands in for the file', async () => {
    const result = await upload({ document_type: 'id_card', photo: pngFile('IMG_0001.png') })
    expect(result.status).toBe(302)
    expect(ocrState.uploads).toEqual([{ documentType: 'id_card', fileName: 'IMG_0001.png', size: 256 }])
  })

  it("says 'Document Upload Unsuccessful' with the API's reason when it refuses the file (4xx)", async () => {
    const text = new File(['just some text'], 'notes.png', { type: 'image/png' })
    const result = await upload({ document_type: 'other', file: text })
    expect(result.status).toBe(415)
    expect(result.body.result.error?.['']).toEqual([
      'Document Upload Unsuccessful',
      'This is not a document we can read: upload a PNG, JPEG, TIFF or WebP image, or a PDF',
    ])
    expect(result.body.result.error?.file).toEqual(['Not a supported document'])
    expect(ocrState.uploads).toEqual([])
  })

  it("says 'Document Upload Error' when the API fails (5xx) or cannot be reached", async () => {
    server.use(http.post(UPSTREAM + paths.uploadDocument, () => errorReply(500, 'The blob store is full')))
    const failed = await upload({ document_type: 'invoice', file: pngFile() })
    expect(failed.status).toBe(502)
    expect(failed.body.result.error?.['']).toEqual(['Document Upload Error', 'The blob store is full'])

    server.use(http.post(UPSTREAM + paths.uploadDocument, () => HttpResponse.error()))
    const down = await upload({ document_type: 'invoice', file: pngFile() })
    expect(down.status).toBe(503)
    expect(down.body.result.error?.['']?.[0]).toBe('Document Upload Error')
  })

  it('answers 400 with field errors, and calls no API, when the form is incomplete', async () => {
    server.use(http.post(UPSTREAM + paths.uploadDocument, () => HttpResponse.error()))
    const empty = new File([], '', { type: 'application/octet-stream' })
    const result = await upload({ document_type: '', file: empty })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toMatchObject({
      '': ['Document Upload Unsuccessful'],
      document_type: ['Choose a document type'],
      file: ['Choose a document or take a photo'],
    })
  })

  it('lets the API judge the file type: a file named .txt still goes on', async () => {
    const result = await upload({ document_type: 'other', file: pngFile('scan.txt') })
    expect(result.status).toBe(302)
    expect(ocrState.uploads[0].fileName).toBe('scan.txt')
  })

  it('refuses a body larger than a document may be before reading it', async () => {
    const request = await multipartRequest(DEMO, { document_type: 'invoice', file: pngFile() }, 'auditor', {
      'Content-Length': String(30 * 1024 * 1024),
    })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(413)
    expect(result.body.result.error?.file).toEqual(['The document is larger than 25 MB'])
    expect(ocrState.uploads).toEqual([])
  })

  it('sends a post without a session to sign in before reading the file', async () => {
    const result = await upload({ document_type: 'invoice', file: pngFile() }, null)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
    expect(ocrState.uploads).toEqual([])
  })

  it('answers 400 to a post that is not a multipart form', async () => {
    const request = await requestWithTokens(DEMO, tokensFor('auditor'), {
      method: 'POST',
      body: new URLSearchParams({ document_type: 'invoice' }),
    })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(400)
    expect(result.body.result.error?.['']?.[0]).toBe('Document Upload Unsuccessful')
  })
})
