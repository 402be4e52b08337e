import { z } from 'zod'
import { jobStatus, pageQuery, paged } from './envelope'
export { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_PAGES, documentAccept } from './limits'

/*
 * Document OCR (SPEC §7, under /api/ocr/). A signed-in user uploads an image or a PDF with its
 * document type; a job reads its text (every word with its box and confidence) and extracts the
 * fields of that type, each with a confidence and a validation result. A chat answers questions
 * from the document's text, quoting the passage it used.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)

export const documentTypes = ['id_card', 'invoice', 'form', 'other'] as const
export const documentType = z.enum(documentTypes, { errorMap: () => ({ message: 'Choose a document type' }) })
export type DocumentType = z.infer<typeof documentType>
export const documentTypeLabel: Record<DocumentType, string> = {
  id_card: 'ID card',
  invoice: 'Invoice',
  form: 'Form',
  other: 'Other',
}

/**
 * The KPI buckets a list is filtered by (ARCHITECTURE §8 sub-views): scanned (completed),
 * pending (not finished yet: pending, in queue or started) and total_failed.
 */
export const documentBuckets = ['scanned', 'pending', 'total_failed'] as const
export const documentBucket = z.enum(documentBuckets)
export type DocumentBucket = z.infer<typeof documentBucket>

/** POST upload_document/ (multipart): `file` and `document_type`. */
export const uploadDocumentFields = z.object({ document_type: documentType })
export const uploadDocumentResult = z.object({ document_id: z.number().int(), status: jobStatus })
export type UploadDocumentResult = z.infer<typeof uploadDocumentResult>

/** GET upload_document/{query}: the user's documents, newest first. */
export const documentListQuery = pageQuery.extend({
  q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyIsAny, documentBucket.optional()),
  document_type: z.preprocess(emptyIsAny, documentType.optional()),
})
export type DocumentListQuery = z.infer<typeof documentListQuery>

export const documentSummary = z.object({
  document_id: z.number().int(),
  file_name: z.string(),
  document_type: documentType,
  status: jobStatus,
  failure_reason: z.string().nullable(),
  page_count: z.number().int().nonnegative(),
  size_bytes: z.number().int().nonnegative(),
  /** The words' mean confidence, 0–100; null until read. */
  confidence: z.number().nullable(),
  /** The first words of the text. */
  preview: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
})
export type DocumentSummary = z.infer<typeof documentSummary>
export const documentList = paged(documentSummary)

export const documentIdQuery = z.object({ document_id: id })

export const ocrBox = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })
export const ocrWord = z.object({ text: z.string(), confidence: z.number(), box: ocrBox })
export type OcrWord = z.infer<typeof ocrWord>

export const documentPage = z.object({
  page: z.number().int().positive(),
  /** The page image's size in pixels: word boxes are in these coordinates. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  text: z.string(),
  words: z.array(ocrWord),
  /** Read by OCR, or taken from the PDF's own text layer. */
  source: z.enum(['ocr', 'text_layer']),
  /** Degrees the page was turned to read it. */
  rotation: z.number(),
  /** A signed, short-lived path of the page image as read (PNG); null when there is none. */
  image_url: z.string().nullable(),
})
export type DocumentPage = z.infer<typeof documentPage>

export const extractedField = z.object({
  name: z.string(),
  label: z.string(),
  value: z.string(),
  /** 0–100. */
  confidence: z.number(),
  /** Whether the value passed its check (a date parses, the totals add up). */
  valid: z.boolean(),
  reason: z.string().nullable(),
})
export type ExtractedField = z.infer<typeof extractedField>

/** GET get_document_details/?document_id=. */
export const documentDetail = documentSummary.extend({
  text: z.string(),
  pages: z.array(documentPage),
  fields: z.array(extractedField),
  engine: z.string().nullable(),
})
export type DocumentDetail = z.infer<typeof documentDetail>

/** PUT insights_chatbot/: a question about one document. */
export const insightsQuestion = z.object({
  document_id: id,
  question: z.string().trim().min(3, 'Ask a question about the document').max(500),
})
export type InsightsQuestion = z.infer<typeof insightsQuestion>

export const insightsAnswer = z.object({
  question: z.string(),
  answer: z.string(),
  /** The passages the answer comes from, best first. */
  passages: z.array(z.object({ page: z.number().int().positive(), text: z.string(), score: z.number() })),
  /** retrieval (the passage itself) or llm. */
  engine: z.string(),
})
export type InsightsAnswer = z.infer<typeof insightsAnswer>

/** GET upload_document_kpi/: the user's documents per bucket. */
export const documentKpi = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      bucket: documentBucket,
      label: z.string(),
      count: z.number().int().nonnegative(),
      percentage: z.number(),
    }),
  ),
})
export type DocumentKpi = z.infer<typeof documentKpi>

/** A page image's address: the document and its page number (1-based). */
export const pageImageParams = z.object({
  documentId: z.coerce.number().int().positive().max(2_147_483_647),
  page: z.coerce.number().int().positive().max(10_000),
})
