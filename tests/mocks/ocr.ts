import { endpoints, pathOf } from '#contract/endpoints'
import type { JobStatus } from '#contract/envelope'
import {
  DOCUMENT_MAX_BYTES,
  documentBuckets,
  documentDetail,
  uploadDocumentFields,
  type DocumentBucket,
  type DocumentDetail,
  type DocumentPage,
  type DocumentType,
  type ExtractedField,
} from '#contract/ocr'
import { HttpResponse } from 'msw'
import type { DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { mock } from './endpoint'
import { PNG } from './face'

/*
 * The OCR API as the portal sees it, built from the contract: documents per user, a job that moves
 * an uploaded document one step on per status read, and a retrieval answer quoting the best line.
 */

export type MockDocument = Omit<DocumentDetail, 'pages'> & { pages: DocumentPage[]; owner: DemoKey }

export const OCR_IDS = {
  invoice: 801,
  idCard: 802,
  form: 803,
  failed: 804,
  started: 805,
  supervisors: 850,
} as const

export const INVOICE_LINES = [
  'INVOICE',
  'Invoice number: INV-2044',
  'Date: 2026-03-14',
  'Vendor: Northwind Traders',
  'Consulting services 100.00',
  'Tax 18.00',
  'Total 118.00',
]

/** The signature of the mock's page image links. */
const PAGE_SIG = 'mock-signature'
const LINE_HEIGHT = 70
const CHAR_WIDTH = 24

/** A page as the engine reads it: each line's words with boxes in the page's pixel coordinates. */
export function pageOf(documentId: number, n: number, lines: string[], confidence = 92): DocumentPage {
  const words = lines.flatMap((line, row) => {
    let x = 60
    return line.split(' ').map((text, i) => {
      const box = { x0: x, y0: 50 + row * LINE_HEIGHT, x1: x + text.length * CHAR_WIDTH, y1: 95 + row * LINE_HEIGHT }
      x = box.x1 + CHAR_WIDTH
      // the last word of each third line is read less surely
      return { text, confidence: row % 3 === 2 && i > 0 ? confidence - 40 : confidence, box }
    })
  })
  return {
    page: n,
    width: 1400,
    height: 80 + lines.length * LINE_HEIGHT,
    text: lines.join('\n'),
    words,
    source: 'ocr',
    rotation: 0,
    image_url: `${pathOf(endpoints.ocrPageImage, { documentId, page: n })}?expires=1999999999&uid=3&sig=${PAGE_SIG}`,
  }
}

const field = (name: string, label: string, value: string, confidence: number, reason: string | null = null) => ({
  name,
  label,
  value,
  confidence,
  valid: reason === null,
  reason,
})

export const invoiceFields: ExtractedField[] = [
  field('invoice_number', 'Invoice number', 'INV-2044', 91),
  field('invoice_date', 'Invoice date', '2026-03-14', 90),
  field('vendor', 'Vendor', 'Northwind Traders', 88),
  field('total', 'Total', '118.00', 93),
  field('tax', 'Tax', '18.00', 92),
  field('line_items', 'Line items', JSON.stringify([{ description: 'Consulting services', amount: 100 }]), 55),
]

function doc(
  id: number,
  owner: DemoKey,
  fileName: string,
  type: DocumentType,
  status: JobStatus,
  created: string,
  lines: string[][] = [],
  fields: ExtractedField[] = [],
  failure: string | null = null,
): MockDocument {
  const pages = lines.map((l, i) => pageOf(id, i + 1, l, type === 'id_card' ? 70 : 92))
  const text = pages.map((p) => p.text).join('\n\n')
  const words = pages.flatMap((p) => p.words)
  return {
    document_id: id,
    file_name: fileName,
    document_type: type,
    status,
    failure_reason: failure,
    page_count: pages.length,
    size_bytes: 48_000 + id,
    confidence: words.length
      ? Math.round((10 * words.reduce((s, w) => s + w.confidence, 0)) / words.length) / 10
      : null,
    preview: text.replace(/\s+/g, ' ').slice(0, 120),
    created_at: created,
    completed_at: status === 'completed' || status === 'failed' ? created.replace(/:00\.000Z$/, ':09.000Z') : null,
    text,
    pages,
    fields,
    engine: status === 'completed' ? 'tesseract.js 7 (eng)' : null,
    owner,
  }
}

export function seedDocuments(): MockDocument[] {
  const older = Array.from({ length: 9 }, (_, i) =>
    doc(
      810 + i,
      'auditor',
      `scan-${String(i + 1).padStart(2, '0')}.png`,
      'other',
      'completed',
      `2026-01-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`,
      [[`Scanned note number ${i + 1}`]],
    ),
  )
  return [
    ...older,
    doc(
      OCR_IDS.invoice,
      'auditor',
      'invoice-2044.png',
      'invoice',
      'completed',
      '2026-03-14T10:00:00.000Z',
      [INVOICE_LINES],
      invoiceFields,
    ),
    doc(
      OCR_IDS.idCard,
      'auditor',
      'id-card.jpg',
      'id_card',
      'completed',
      '2026-03-13T10:00:00.000Z',
      [['REPUBLIC OF EXAMPLE', 'Name: Jo Smith', 'DOB: 1990-02-30', 'Card No: X1234567']],
      [
        field('name', 'Name', 'Jo Smith', 70),
        field('date_of_birth', 'Date of birth', '1990-02-30', 68, 'not a date'),
        field('document_number', 'Document number', 'X1234567', 69),
        field('expiry_date', 'Expiry date', '', 0, 'not found'),
      ],
    ),
    doc(
      OCR_IDS.form,
      'auditor',
      'claim-form.pdf',
      'form',
      'completed',
      '2026-03-12T10:00:00.000Z',
      [
        ['Claim form', 'Applicant Name: Jo Smith', 'Phone: 555 0100'],
        ['Signature: J Smith', 'Date: 2026-03-01'],
      ],
      [field('Applicant Name', 'Applicant Name', 'Jo Smith', 92), field('Phone', 'Phone', '555 0100', 92)],
    ),
    doc(
      OCR_IDS.failed,
      'auditor',
      'blurry.jpg',
      'other',
      'failed',
      '2026-03-11T10:00:00.000Z',
      [],
      [],
      'No text was found in the document',
    ),
    doc(OCR_IDS.started, 'auditor', 'receipt.webp', 'invoice', 'started', '2026-03-15T10:00:00.000Z'),
    doc(
      OCR_IDS.supervisors,
      'supervisor',
      'supervisor-invoice.png',
      'invoice',
      'completed',
      '2026-03-10T10:00:00.000Z',
      [INVOICE_LINES],
      invoiceFields,
    ),
  ]
}

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const ocrState = {
  documents: seedDocuments(),
  /** Uploaded through the mock: each detail read moves them one step on, to completed. */
  uploaded: new Set<number>(),
  nextId: 900,
  uploads: [] as { documentType: string; fileName: string; size: number }[],
  questions: [] as { document_id: number; question: string }[],
  deleted: [] as number[],
}

export function resetOcrMocks() {
  ocrState.documents = seedDocuments()
  ocrState.uploaded.clear()
  ocrState.nextId = 900
  ocrState.uploads = []
  ocrState.questions = []
  ocrState.deleted = []
}

const NOT_FOUND = 'Document not found'

const bucketOf = (status: JobStatus): DocumentBucket =>
  status === 'completed' ? 'scanned' : status === 'failed' ? 'total_failed' : 'pending'

/** Like the API: a document its owner or an admin may read; anyone else gets 404 (ids are guessable). */
function find(key: DemoKey, id: number) {
  const found = ocrState.documents.find((d) => d.document_id === id)
  if (!found || (found.owner !== key && key !== 'admin')) return error(404, NOT_FOUND)
  return { key, document: found }
}

const STEPS: JobStatus[] = ['pending', 'in_queue', 'started', 'completed']

function advance(document: MockDocument) {
  if (!ocrState.uploaded.has(document.document_id) || document.status === 'completed') return
  document.status = STEPS[STEPS.indexOf(document.status) + 1]
  if (document.status !== 'completed') return
  const read = doc(
    document.document_id,
    document.owner,
    document.file_name,
    document.document_type,
    'completed',
    document.created_at,
    [INVOICE_LINES],
    document.document_type === 'invoice' ? invoiceFields : [],
  )
  Object.assign(document, { ...read, size_bytes: document.size_bytes, completed_at: new Date().toISOString() })
}

const detailOf = ({ owner: _owner, ...rest }: MockDocument) => documentDetail.parse(rest)
const summaryOf = (d: MockDocument) => {
  const { text: _t, pages: _p, fields: _f, engine: _e, ...summary } = detailOf(d)
  return summary
}

// The first bytes of the formats the API takes (it sniffs, it does not trust the name).
async function looksLikeDocument(file: File) {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
  const text = String.fromCharCode(...head)
  return (
    text.startsWith('\u0089PNG') ||
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    text.startsWith('II*\u0000') ||
    text.startsWith('MM\u0000*') ||
    (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') ||
    text.startsWith('%PDF')
  )
}

/** The words of a question or a line, for the retrieval answer. */
const termsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9.-]+/)
      .filter((t) => t.length > 2 && !['what', 'the', 'who', 'when', 'how', 'does', 'this'].includes(t)),
  )

export const ocrHandlers = [
  mock(
    endpoints.uploadDocument,
    async ({ key, request }) => {
      const form = await request.formData().catch(() => null)
      if (!form) return error(415, 'Send the form as multipart/form-data with the file in "file"')
      const file = form.get('file')
      const fields = uploadDocumentFields.safeParse(Object.fromEntries(form))
      const errors: Record<string, string[]> = fields.success ? {} : fields.error.flatten().fieldErrors
      if (!(file instanceof File)) errors.file = ['Choose a document to upload']
      if (!fields.success || !(file instanceof File)) return error(400, 'Check the highlighted fields', errors)
      if (file.size === 0) return error(400, 'The file is empty', { file: ['The file is empty'] })
      if (file.size > DOCUMENT_MAX_BYTES) return error(413, 'The document is larger than 25 MB')
      if (!(await looksLikeDocument(file))) {
        return error(415, 'This is not a document we can read: upload a PNG, JPEG, TIFF or WebP image, or a PDF', {
          file: ['Not a supported document'],
        })
      }
      const id = ocrState.nextId++
      ocrState.uploads.push({ documentType: fields.data.document_type, fileName: file.name, size: file.size })
      ocrState.uploaded.add(id)
      ocrState.documents.push({
        ...doc(id, key, file.name, fields.data.document_type, 'pending', new Date().toISOString()),
        size_bytes: file.size,
      })
      return { document_id: id, status: 'pending' as const }
    },
    'Document Uploaded Successfully',
  ),

  mock(
    endpoints.listDocuments,
    ({ key, query: { page, page_size: size, q, status, document_type: type } }) => {
      const needle = q?.toLowerCase()
      const rows = ocrState.documents
        .filter(
          (d) =>
            d.owner === key &&
            (!status || bucketOf(d.status) === status) &&
            (!type || d.document_type === type) &&
            (!needle || [d.file_name, d.text].some((t) => t.toLowerCase().includes(needle))),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.document_id - a.document_id)
      const totalPages = Math.ceil(rows.length / size)
      return {
        count: rows.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: rows.slice((page - 1) * size, page * size).map(summaryOf),
      }
    },
    'Document list retrieved successfully',
  ),

  mock(
    endpoints.documentDetails,
    ({ key, query }) => {
      const found = find(key, query.document_id)
      if (found instanceof Response) return found
      advance(found.document)
      return detailOf(found.document)
    },
    'Document retrieved successfully',
  ),

  mock(
    endpoints.deleteDocument,
    ({ key, query }) => {
      const found = find(key, query.document_id)
      if (found instanceof Response) return found
      const id = found.document.document_id
      ocrState.documents = ocrState.documents.filter((d) => d.document_id !== id)
      ocrState.deleted.push(id)
      return { document_id: id }
    },
    'Deleted record successfully!',
  ),

  mock(
    endpoints.insightsChatbot,
    ({ key, body }) => {
      const found = find(key, body.document_id)
      if (found instanceof Response) return found
      const { document } = found
      if (document.status !== 'completed') return error(409, 'The document has not been read yet')
      ocrState.questions.push(body)
      const asked = termsOf(body.question)
      const scored = document.pages
        .flatMap((p) => p.text.split('\n').map((text) => ({ page: p.page, text })))
        .map((line) => ({ ...line, score: [...termsOf(line.text)].filter((t) => asked.has(t)).length }))
        .filter((line) => line.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 2)
      return {
        question: body.question,
        answer: scored.length ? scored[0].text : 'The document does not say.',
        passages: scored,
        engine: 'retrieval',
      }
    },
    'Answered from the document',
  ),

  /** No bearer: the signature is the credential. Every page image is the same small PNG. */
  mock(endpoints.ocrPageImage, ({ params: { documentId, page }, query: { sig } }) => {
    if (sig !== PAGE_SIG) return error(403, 'The link is invalid or has expired')
    const document = ocrState.documents.find((d) => d.document_id === documentId)
    if (!document?.pages.some((p) => p.page === page)) return error(404, 'Page not found')
    return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png', 'Content-Length': String(PNG.length) } })
  }),

  mock(
    endpoints.uploadDocumentKpi,
    ({ key }) => {
      const own = ocrState.documents.filter((d) => d.owner === key)
      const label: Record<DocumentBucket, string> = { scanned: 'Scanned', pending: 'Pending', total_failed: 'Failed' }
      const results = documentBuckets.map((bucket) => {
        const count = own.filter((d) => bucketOf(d.status) === bucket).length
        const percentage = own.length ? Math.round((1000 * count) / own.length) / 10 : 0
        return { bucket, label: label[bucket], count, percentage }
      })
      return { total: own.length, results }
    },
    'Document KPIs retrieved successfully',
  ),
]

/** A file that starts like a PNG (the mock API sniffs the first bytes, as the real one does). */
export function pngFile(name = 'invoice.png', size = 256) {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new File([bytes], name, { type: 'image/png' })
}
