import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { envelope } from '#contract/envelope'
import {
  DOCUMENT_MAX_BYTES,
  documentDetail,
  documentKpi,
  documentList,
  insightsAnswer,
  uploadDocumentResult,
  type DocumentDetail,
} from '#contract/ocr'
import { paths } from '#contract/paths'
import { documents, users } from '#api/db/schema'
import type { ChatMessage, Llm } from '#api/engines/llm/client'
import { closeOcr } from '#api/engines/ocr'
import { renderLines } from '#api/engines/ocr/test-images'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '#api/lib/signed-link'
import { createUser, multipartBody, setupTestApp, testEnv, testQueue, tokensFor, type TestApp } from '#api/test-utils'

/*
 * Real documents through the real job: an invoice rendered with known text is read by tesseract.js
 * once and shared by the tests; a corrupt PNG is the second (it fails before any OCR). Other
 * states (pending, failed) are rows written directly, so the buckets can be checked without more runs.
 */

const INVOICE = [
  'Northwind Traders Ltd',
  'Invoice number INV-1042',
  'Invoice Date: 2024-03-12',
  'Consulting services 100.00',
  'VAT 18%: 18.00',
  'Total: 118.00',
  'Please pay within thirty days.',
]

const multipart = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) =>
  multipartBody(fields, file && { type: 'image/png', ...file })

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 200))
  }
}

let t: TestApp
let invoicePng: Buffer
type Who = 'owner' | 'other' | 'admin'
const as = {} as Record<Who, Record<string, string>>
const ids = {} as Record<Who, number>
/** The invoice, read by the job in beforeAll. */
let invoice: DocumentDetail

function upload(
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = multipart(fields, file)
  return t.app.inject({
    method: 'POST',
    url: paths.uploadDocument,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  })
}

async function get<T extends z.ZodTypeAny>(schema: T, url: string, headers = as.owner) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}

const detailOf = (id: number, headers = as.owner) =>
  get(documentDetail, `${paths.documentDetails}?document_id=${id}`, headers)

/** Uploads and waits for the job to finish. */
async function uploadAndRead(bytes: Buffer, name: string, documentType: string) {
  const res = await upload(as.owner, { document_type: documentType }, { name, bytes })
  expect(res.statusCode, res.body).toBe(201)
  const body = envelope(uploadDocumentResult).parse(res.json())
  expect(body.message).toBe('Document Uploaded Successfully')
  expect(['in_queue', 'started']).toContain(body.data.status)
  return until(async () => {
    const d = await detailOf(body.data.document_id)
    return (d.status === 'completed' || d.status === 'failed') && d
  })
}

/** The test blob store's folder (setupTestApp does not say; found with a probe file). */
let blobRoot = ''
/** Files stored under `prefix`. */
function storedFiles(prefix: string) {
  const dir = path.join(blobRoot, prefix)
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
}

/** The stored original's key of the shared invoice. */
async function originalKey() {
  const [row] = await t.db
    .select({ key: documents.blobKey })
    .from(documents)
    .where(eq(documents.id, invoice.document_id))
  return row?.key
}

/** A row in another state, written directly (no OCR run). */
async function insertDocument(userId: number, values: Partial<typeof documents.$inferInsert>) {
  const [row] = await t.db
    .insert(documents)
    .values({
      userId,
      documentType: 'other',
      fileName: 'note.png',
      mimeType: 'image/png',
      sizeBytes: 10,
      blobKey: 'documents/test/none',
      ...values,
    })
    .returning({ id: documents.id })
  return row!.id
}

beforeAll(async () => {
  invoicePng = await renderLines(INVOICE)
  t = await setupTestApp({}, { queue: testQueue(1) })
  // the blob folder: the one setupTestApp made for this app
  const probe = 'documents/probe/x'
  await t.blobs.put(probe, Buffer.from('x'))
  blobRoot = fs
    .readdirSync(os.tmpdir())
    .map((d) => path.join(os.tmpdir(), d))
    .find((d) => d.includes('api-test-blobs-') && fs.existsSync(path.join(d, probe)))!
  await t.blobs.remove(probe)
  for (const [who, role] of [
    ['owner', 'visitor'],
    ['other', 'visitor'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createUser(t, { role })
    ids[who] = user.id
    as[who] = (await tokensFor(t, user)).auth
  }
  invoice = await uploadAndRead(invoicePng, 'invoice 1042.png', 'invoice')
}, 180_000)
afterAll(async () => {
  await t.close()
  await closeOcr()
})

describe('an invoice from upload to its fields', () => {
  it('reads the text, every word with its box, and the invoice fields', () => {
    expect(invoice.failure_reason).toBeNull()
    expect(invoice).toMatchObject({
      status: 'completed',
      file_name: 'invoice 1042.png',
      document_type: 'invoice',
      page_count: 1,
      engine: 'tesseract.js',
      size_bytes: invoicePng.length,
    })
    expect(invoice.text).toContain('INV-1042')
    expect(invoice.preview).toMatch(/^Northwind Traders Ltd Invoice number INV-1042/)
    expect(invoice.confidence).toBeGreaterThan(70)
    expect(invoice.completed_at).not.toBeNull()
    const [page] = invoice.pages
    expect(page).toMatchObject({ page: 1, source: 'ocr' })
    const word = page!.words.find((w) => w.text === 'INV-1042')!
    expect(word.confidence).toBeGreaterThan(50)
    expect(word.box.x1).toBeGreaterThan(word.box.x0)
    expect(word.box.y1).toBeGreaterThan(word.box.y0)
    expect(word.box.x1).toBeLessThanOrEqual(page!.width)
    const field = (name: string) => invoice.fields.find((f) => f.name === name)
    expect(field('total')).toMatchObject({ label: 'Total', value: '118.00', valid: true })
    expect(field('invoice_number')).toMatchObject({ label: 'Invoice number', value: 'INV-1042' })
    expect(field('invoice_date')).toMatchObject({ value: '2024-03-12', valid: true })
    expect(field('tax')?.value).toBe('18.00')
  })

  it('serves the page image behind its signed link, and only behind it', async () => {
    const url = invoice.pages[0]!.image_url!
    expect(url).toMatch(
      new RegExp(`^${paths.ocrPageImage(invoice.document_id, 1)}\\?expires=\\d+&uid=${ids.owner}&sig=`),
    )
    const res = await t.app.inject({ url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG')

    const tampered = url.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`)
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403)
    expect((await t.app.inject({ url: url.split('?')[0]! })).statusCode).toBe(403)

    const signer = createLinkSigner(testEnv.jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
    const resource = paths.ocrPageImage(invoice.document_id, 1)
    const expired = signer.sign(resource, ids.owner, Date.now() - 2 * IMAGE_LINK_TTL_S * 1000).query
    expect((await t.app.inject({ url: `${resource}?${expired}` })).statusCode).toBe(403)
    // a genuine signature of someone who does not own the document opens nothing
    const others = signer.sign(resource, ids.other).query
    expect((await t.app.inject({ url: `${resource}?${others}` })).statusCode).toBe(403)
    // a link for another page is not this page's
    const page2 = paths.ocrPageImage(invoice.document_id, 2)
    expect((await t.app.inject({ url: `${page2}?${new URL(url, 'http://x').searchParams}` })).statusCode).toBe(403)
    // a page the document does not have
    expect((await t.app.inject({ url: `${page2}?${signer.sign(page2, ids.owner).query}` })).statusCode).toBe(404)
  })

  it("closes a deactivated user's image links", async () => {
    const signer = createLinkSigner(testEnv.jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
    const user = await createUser(t, { role: 'visitor' })
    const id = await insertDocument(user.id, { status: 'completed' })
    const resource = paths.ocrPageImage(id, 1)
    const query = signer.sign(resource, user.id).query
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    expect((await t.app.inject({ url: `${resource}?${query}` })).statusCode).toBe(403)
  })

  it('answers "What is the total?" from the passage with the total', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: paths.insightsChatbot,
      headers: as.owner,
      payload: { document_id: invoice.document_id, question: 'What is the total?' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const answer = envelope(insightsAnswer).parse(res.json()).data
    expect(answer.engine).toBe('retrieval')
    expect(answer.answer).toContain('118.00')
    expect(answer.answer).toMatch(/^Total/)
    expect(answer.passages[0]).toMatchObject({ page: 1 })
    expect(answer.passages[0]!.text).toContain('Total: 118.00')

    const unknown = await t.app.inject({
      method: 'PUT',
      url: paths.insightsChatbot,
      headers: as.owner,
      payload: { document_id: invoice.document_id, question: 'Who won the football match?' },
    })
    expect(envelope(insightsAnswer).parse(unknown.json()).data).toMatchObject({
      answer: 'The document does not say.',
      passages: [],
    })
  })
})

describe('who may see a document', () => {
  it("answers 404 for someone else's document, an admin's included", async () => {
    for (const who of ['other', 'admin'] as const) {
      const id = invoice.document_id
      const details = await t.app.inject({ url: `${paths.documentDetails}?document_id=${id}`, headers: as[who] })
      expect(details.statusCode).toBe(404)
      const ask = await t.app.inject({
        method: 'PUT',
        url: paths.insightsChatbot,
        headers: as[who],
        payload: { document_id: id, question: 'What is the total?' },
      })
      expect(ask.statusCode).toBe(404)
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${paths.uploadDocument}?document_id=${id}`,
        headers: as[who],
      })
      expect(del.statusCode).toBe(404)
    }
    expect((await detailOf(invoice.document_id)).status).toBe('completed')
  })

  it('answers 401 without a token', async () => {
    const body = multipart({ document_type: 'invoice' }, { name: 'a.png', bytes: invoicePng })
    const calls = [
      { method: 'POST' as const, url: paths.uploadDocument, headers: body.headers, payload: body.payload },
      { method: 'GET' as const, url: paths.uploadDocument },
      { method: 'DELETE' as const, url: `${paths.uploadDocument}?document_id=1` },
      { method: 'GET' as const, url: `${paths.documentDetails}?document_id=1` },
      { method: 'PUT' as const, url: paths.insightsChatbot, payload: { document_id: 1, question: 'What?' } },
      { method: 'GET' as const, url: paths.uploadDocumentKpi },
    ]
    for (const call of calls) expect((await t.app.inject(call)).statusCode, call.url).toBe(401)
  })
})

describe('lists and KPIs', () => {
  let pendingId: number
  let failedId: number

  beforeAll(async () => {
    pendingId = await insertDocument(ids.owner, {
      status: 'in_queue',
      fileName: 'passport scan.jpg',
      documentType: 'id_card',
    })
    failedId = await insertDocument(ids.owner, { status: 'failed', failureReason: 'No text was found in the document' })
    await insertDocument(ids.other, { status: 'completed', text: 'Invoice number INV-1042 copy' })
  })

  const list = (query: string, headers = as.owner) => get(documentList, `${paths.uploadDocument}?${query}`, headers)

  it('lists the user’s own documents newest first, by bucket and type', async () => {
    const all = await list('')
    expect(all.results.map((d) => d.document_id)).toEqual([failedId, pendingId, invoice.document_id])
    expect((await list('status=scanned')).results.map((d) => d.document_id)).toEqual([invoice.document_id])
    expect((await list('status=pending')).results.map((d) => d.document_id)).toEqual([pendingId])
    const failed = await list('status=total_failed')
    expect(failed.results).toMatchObject([
      { document_id: failedId, failure_reason: 'No text was found in the document' },
    ])
    expect((await list('document_type=id_card')).results.map((d) => d.document_id)).toEqual([pendingId])
    const paged = await list('page=2&page_size=2')
    expect(paged).toMatchObject({ count: 3, total_pages: 2, current_page: 2, previous: 1, next: null })
    expect(paged.results.map((d) => d.document_id)).toEqual([invoice.document_id])
  })

  it('searches the file name and the text', async () => {
    expect((await list('q=INV-1042')).results.map((d) => d.document_id)).toEqual([invoice.document_id])
    expect((await list('q=passport')).results.map((d) => d.document_id)).toEqual([pendingId])
    expect((await list('q=100%25')).results).toEqual([])
    // the other user's copy is theirs alone
    expect((await list('q=INV-1042', as.other)).results).toHaveLength(1)
  })

  it('refuses a bucket or type it does not know', async () => {
    for (const q of ['status=done', 'document_type=passport', 'page=0']) {
      const res = await t.app.inject({ url: `${paths.uploadDocument}?${q}`, headers: as.owner })
      expect(res.statusCode, q).toBe(400)
    }
  })

  it('counts the documents per bucket, with labels and percentages', async () => {
    const kpi = await get(documentKpi, paths.uploadDocumentKpi)
    expect(kpi).toEqual({
      total: 3,
      results: [
        { bucket: 'scanned', label: 'Scanned', count: 1, percentage: 33.3 },
        { bucket: 'pending', label: 'Pending', count: 1, percentage: 33.3 },
        { bucket: 'total_failed', label: 'Failed', count: 1, percentage: 33.3 },
      ],
    })
    const none = await get(documentKpi, paths.uploadDocumentKpi, as.admin)
    expect(none.total).toBe(0)
    expect(none.results.every((r) => r.count === 0 && r.percentage === 0)).toBe(true)
  })

  it('answers a question only about a document that has been read', async () => {
    const ask = (document_id: number) =>
      t.app.inject({
        method: 'PUT',
        url: paths.insightsChatbot,
        headers: as.owner,
        payload: { document_id, question: 'What is the total?' },
      })
    const pending = await ask(pendingId)
    expect(pending.statusCode).toBe(409)
    expect(pending.json().message).toBe('The document is still being read')
    const failed = await ask(failedId)
    expect(failed.statusCode).toBe(422)
    expect(failed.json().message).toMatch(/No text was found/)
  })
})

describe('refused uploads', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text>Total 1.00</text></svg>',
  )
  const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])

  it('says which field is missing or wrong', async () => {
    const noFile = await upload(as.owner, { document_type: 'invoice' })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().errors).toEqual({ file: ['Choose a document to upload'] })
    const noType = await upload(as.owner, {}, { name: 'a.png', bytes: invoicePng })
    expect(noType.statusCode).toBe(400)
    expect(noType.json().errors.document_type).toEqual(['Choose a document type'])
    const badType = await upload(as.owner, { document_type: 'passport' }, { name: 'a.png', bytes: invoicePng })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().errors.document_type).toEqual(['Choose a document type'])
    const empty = await upload(as.owner, { document_type: 'invoice' }, { name: 'a.png', bytes: Buffer.alloc(0) })
    expect(empty.statusCode).toBe(400)
  })

  it('refuses what is not a picture or a PDF, whatever its name says', async () => {
    for (const [name, bytes, type] of [
      ['invoice.svg', svg, 'image/svg+xml'],
      ['invoice.png', svg, 'image/png'],
      ['archive.zip', zip, 'application/zip'],
      ['notes.txt', Buffer.from('Total 118.00'), 'text/plain'],
    ] as const) {
      const res = await upload(as.owner, { document_type: 'invoice' }, { name, bytes, type })
      expect(res.statusCode, name).toBe(415)
      expect(res.json().message).toBe('Only PNG, JPEG, TIFF, WebP and PDF documents can be read')
    }
  })

  it('refuses a document over the size bound with a clear message', async () => {
    const big = Buffer.concat([invoicePng.subarray(0, 8), Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - 8)])
    const res = await upload(as.owner, { document_type: 'invoice' }, { name: 'big.png', bytes: big })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('The document is larger than 25 MB')
  }, 30_000)

  it('answers 400 to a malformed form, and nothing refused is kept', async () => {
    const body = multipart({ document_type: 'invoice' }, { name: 'a.png', bytes: invoicePng })
    const res = await t.app.inject({
      method: 'POST',
      url: paths.uploadDocument,
      headers: { ...as.owner, ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 40),
    })
    expect(res.statusCode).toBe(400)
    // only the invoice's original is stored (not even a half-written temporary file), and no row was written for any refusal
    const kept = storedFiles('documents')
    expect(kept.map((e) => e.name)).toEqual([path.basename((await originalKey())!)])
    expect((await get(documentList, paths.uploadDocument)).count).toBe(3)
  })

  it('answers 400 to a bad document id or question', async () => {
    for (const q of ['document_id=abc', 'document_id=0', 'document_id=-1', '']) {
      const res = await t.app.inject({ url: `${paths.documentDetails}?${q}`, headers: as.owner })
      expect(res.statusCode, q).toBe(400)
      const del = await t.app.inject({ method: 'DELETE', url: `${paths.uploadDocument}?${q}`, headers: as.owner })
      expect(del.statusCode, q).toBe(400)
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: paths.insightsChatbot,
      headers: as.owner,
      payload: { document_id: invoice.document_id, question: '?' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.question).toEqual(['Ask a question about the document'])
    const missing = await t.app.inject({ url: `${paths.documentDetails}?document_id=999999`, headers: as.owner })
    expect(missing.statusCode).toBe(404)
  })
})

describe('an unreadable document', () => {
  it('fails with a clear reason', async () => {
    const corrupt = Buffer.concat([invoicePng.subarray(0, 8), Buffer.alloc(4000, 0x5a)])
    const done = await uploadAndRead(corrupt, 'broken.png', 'other')
    expect(done.status).toBe('failed')
    expect(done.failure_reason).toMatch(/corrupt|cannot be read|damaged|not a valid/i)
    expect(done.pages).toEqual([])
    await t.app.inject({
      method: 'DELETE',
      url: `${paths.uploadDocument}?document_id=${done.document_id}`,
      headers: as.owner,
    })
  }, 60_000)
})

describe('deleting a document', () => {
  it('removes the row, the original and every page image', async () => {
    const [row] = await t.db.select().from(documents).where(eq(documents.id, invoice.document_id))
    const keys = [row!.blobKey, row!.pages[0]!.imageKey!]
    for (const key of keys) expect(await t.blobs.size(key)).toBeGreaterThan(0)
    const url = invoice.pages[0]!.image_url!

    const res = await t.app.inject({
      method: 'DELETE',
      url: `${paths.uploadDocument}?document_id=${invoice.document_id}`,
      headers: as.owner,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { document_id: invoice.document_id }, message: 'Deleted record successfully!' })
    for (const key of keys) expect(await t.blobs.size(key)).toBeNull()
    expect(await t.db.select().from(documents).where(eq(documents.id, invoice.document_id))).toEqual([])
    const details = await t.app.inject({
      url: `${paths.documentDetails}?document_id=${invoice.document_id}`,
      headers: as.owner,
    })
    expect(details.statusCode).toBe(404)
    expect((await t.app.inject({ url })).statusCode).toBe(404)
  })
})

describe('without a blob store or a queue', () => {
  it('answers 503 to an upload', async () => {
    const bare = await setupTestApp()
    try {
      const user = await createUser(bare)
      const { auth } = await tokensFor(bare, user)
      const body = multipart({ document_type: 'invoice' }, { name: 'a.png', bytes: invoicePng })
      const res = await bare.app.inject({
        method: 'POST',
        url: paths.uploadDocument,
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      })
      expect(res.statusCode).toBe(503)
    } finally {
      await bare.close()
    }
  })
})

describe('insights with an LLM', () => {
  const pages = [
    {
      page: 1,
      width: 100,
      height: 100,
      text: INVOICE.join('\n'),
      words: [],
      source: 'ocr' as const,
      rotation: 0,
      imageKey: null,
    },
  ]

  async function withLlm(answer: (messages: ChatMessage[]) => unknown) {
    const requests: ChatMessage[][] = []
    const llm: Llm = {
      model: 'fake',
      json: vi.fn(async <S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S) => {
        requests.push(messages)
        return schema.parse(await answer(messages))
      }),
    }
    const app = await setupTestApp({}, { llm })
    const user = await createUser(app)
    const { auth } = await tokensFor(app, user)
    const [row] = await app.db
      .insert(documents)
      .values({
        userId: user.id,
        documentType: 'invoice',
        fileName: 'i.png',
        mimeType: 'image/png',
        sizeBytes: 1,
        blobKey: 'documents/x/y',
        status: 'completed',
        text: INVOICE.join('\n'),
        pages,
      })
      .returning({ id: documents.id })
    const ask = async () => {
      const res = await app.app.inject({
        method: 'PUT',
        url: paths.insightsChatbot,
        headers: auth,
        payload: { document_id: row!.id, question: 'What is the total?' },
      })
      expect(res.statusCode, res.body).toBe(200)
      return envelope(insightsAnswer).parse(res.json()).data
    }
    return { app, ask, requests }
  }

  it('lets the LLM answer from the passages, and falls back to them when it fails', async () => {
    const good = await withLlm(() => ({ answer: 'The invoice total is 118.00.' }))
    try {
      const answer = await good.ask()
      expect(answer).toMatchObject({ answer: 'The invoice total is 118.00.', engine: 'llm' })
      expect(good.requests[0]![1]!.content).toContain('Total: 118.00')
    } finally {
      await good.app.close()
    }
    const bad = await withLlm(() => {
      throw new Error('model unavailable')
    })
    try {
      const answer = await bad.ask()
      expect(answer).toMatchObject({ answer: 'Total: 118.00', engine: 'retrieval' })
    } finally {
      await bad.app.close()
    }
  })
})
