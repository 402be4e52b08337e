import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DocumentDetail, InsightsAnswer } from '#contract/ocr'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { OCR_IDS, ocrState, resetOcrMocks } from '#tests/mocks/ocr'
import { action, loader } from './document'

const OCR = '/demo-portal/solutions/ocr'

type Body = {
  bucket: string
  document: Omit<DocumentDetail, 'pages'> & {
    pages: (Omit<DocumentDetail['pages'][number], 'image_url'> & { src: string | null })[]
  }
  confirming: boolean
}
type Reply = {
  intent: string
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: unknown }
  answer: InsightsAnswer | null
}

async function load(type: string, subtype: string | number, search = '', who: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${OCR}/${type}/${subtype}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request, { type, subtype: String(subtype) })))
}

async function post(type: string, subtype: string | number, fields: Record<string, string>, who: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${OCR}/${type}/${subtype}`, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<Reply>(() => action(args(request, { type, subtype: String(subtype) })))
}

beforeEach(() => resetOcrMocks())

describe('document page loader', () => {
  it("loads the document with its pages' images through the portal's image proxy", async () => {
    const result = await load('scanned', OCR_IDS.invoice)
    expect(result.status).toBe(200)
    const { document } = result.body
    expect(document.status).toBe('completed')
    expect(document.fields.find((f) => f.name === 'total')).toMatchObject({ value: '118.00', valid: true })
    expect(document.pages).toHaveLength(1)
    expect(document.pages[0]).not.toHaveProperty('image_url')
    expect(document.pages[0].src).toBe(
      `/resources/image/ocr/page_image/${OCR_IDS.invoice}/1/?expires=1999999999&uid=3&sig=mock-signature`,
    )
    expect(document.pages[0].words[0]).toMatchObject({ text: 'INVOICE', box: { x0: 60, y0: 50 } })
    expect(result.body.confirming).toBe(false)
    expect((await load('scanned', OCR_IDS.invoice, '?confirm-delete=1')).body.confirming).toBe(true)
  })

  it('sends an address under another bucket (the upload\'s pending link once the document is read) to the one it is in', async () => {
    const result = await load('pending', OCR_IDS.invoice, '?confirm-delete=1')
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${OCR}/scanned/${OCR_IDS.invoice}?confirm-delete=1`)
  })

  it("answers 404 'Document not found' for an unknown, someone else's or a malformed id", async () => {
    for (const subtype of [999_999, OCR_IDS.supervisors, 'abc', '0', '1.5']) {
      const result = await load('scanned', subtype)
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Document not found')
    }
  })

  it('answers 404 for a sub-view that is not a bucket', async () => {
    const result = await load('completed', OCR_IDS.invoice)
    expect(result.status).toBe(404)
    expect(result.body).toBe('Page not found')
  })

  it("passes the API's failure on to the error boundary", async () => {
    server.use(http.get(UPSTREAM + paths.documentDetails, () => errorReply(500, 'Database unavailable')))
    const result = await load('scanned', OCR_IDS.invoice)
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
    expect(result.body).toBe('Database unavailable')
  })
})

describe('document page questions', () => {
  it('answers a question about the document in the action data, with the passage, for the document in the URL', async () => {
    const result = await post('scanned', OCR_IDS.invoice, {
      intent: 'ask',
      document_id: String(OCR_IDS.form),
      question: 'What is the total?',
    })
    expect(result.status).toBe(200)
    expect(result.body.intent).toBe('ask')
    expect(result.body.answer).toMatchObject({
      question: 'What is the total?',
      answer: 'Total 118.00',
      passages: [{ page: 1, text: 'Total 118.00' }],
    })
    // the form is emptied for the next question
    expect(result.body.result).toMatchObject({ initialValue: null })
    expect(ocrState.questions).toEqual([{ document_id: OCR_IDS.invoice, question: 'What is the total?' }])
  })

  it("checks the question with the contract's rules before calling the API", async () => {
    server.use(http.put(UPSTREAM + paths.insightsChatbot, () => HttpResponse.error()))
    const result = await post('scanned', OCR_IDS.invoice, { intent: 'ask', question: ' ? ' })
    expect(result.status).toBe(400)
    expect(result.body.result.error?.question).toEqual(['Ask a question about the document'])
    expect(result.body.answer).toBeNull()
  })

  it('says why when the API cannot answer: a document not read yet, or the API down', async () => {
    const notYet = await post('pending', OCR_IDS.started, { intent: 'ask', question: 'What is the total?' })
    expect(notYet.status).toBe(409)
    expect(notYet.body.result.error?.['']).toEqual([
      'The question was not answered',
      'The document has not been read yet',
    ])

    server.use(http.put(UPSTREAM + paths.insightsChatbot, () => HttpResponse.error()))
    const down = await post('scanned', OCR_IDS.invoice, { intent: 'ask', question: 'What is the total?' })
    expect(down.status).toBe(503)
    expect(down.body.result.error?.['']?.[0]).toBe('The question was not answered')
  })

  it('answers 400 to an unknown intent', async () => {
    const result = await post('scanned', OCR_IDS.invoice, { intent: 'explode' })
    expect(result.status).toBe(400)
  })
})

describe('document page delete', () => {
  it("deletes the document in the URL and goes to its bucket's list with 'Deleted record successfully!'", async () => {
    const result = await post('total_failed', OCR_IDS.failed, { intent: 'delete', document_id: '1' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${OCR}/total_failed`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Deleted record successfully!' })
    expect(ocrState.deleted).toEqual([OCR_IDS.failed])
  })

  it('stays on the document with an error toast when the API refuses', async () => {
    server.use(http.delete(UPSTREAM + paths.uploadDocument, () => errorReply(403, 'You cannot delete this document')))
    const result = await post('scanned', OCR_IDS.invoice, { intent: 'delete' })
    expect(result.headers.get('Location')).toBe(`${OCR}/scanned/${OCR_IDS.invoice}`)
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Error deleting document.',
      message: 'You cannot delete this document',
      type: 'error',
    })
  })
})
