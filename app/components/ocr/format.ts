// Paths, labels and messages of the document OCR pages. Types only from the contract (its values
// would pull zod into pages that validate nothing), except the small constant tables below.
import type { JobStatus } from '#contract/envelope'
import type { DocumentBucket, DocumentType } from '#contract/ocr'

export const OCR_PATH = '/demo-portal/solutions/ocr'
export const OCR_DEMO_PATH = `${OCR_PATH}/demo`
/** The resource route the upload form posts to with JavaScript (it answers JSON, so the page can show progress). */
export const OCR_UPLOAD_PATH = `${OCR_DEMO_PATH}/upload`
export const bucketPath = (bucket: DocumentBucket) => `${OCR_PATH}/${bucket}`
export const documentPath = (bucket: DocumentBucket, id: number | string) => `${OCR_PATH}/${bucket}/${id}`

/** SPEC §8's messages of the OCR pages. */
export const UPLOADED = 'Document Uploaded Successfully'
export const UPLOAD_REFUSED = 'Document Upload Unsuccessful'
export const UPLOAD_ERROR = 'Document Upload Error'
export const DELETED = 'Deleted record successfully!'
export const DELETE_ERROR = 'Error deleting document.'
export const DOCUMENT_LIST_ERROR = 'Document List Api Error'
export const NOT_FOUND = 'Document not found'

export const DELETE_INTENT = 'delete'
export const ASK_INTENT = 'ask'
/** The no-JavaScript confirmation step of a delete. */
export const CONFIRM_PARAM = 'confirm-delete'

// Copied from the contract (documentBuckets, documentTypeLabel) so the browser bundle needs no zod.
export const BUCKETS: DocumentBucket[] = ['scanned', 'pending', 'total_failed']
export const bucketLabel: Record<DocumentBucket, string> = {
  scanned: 'Scanned',
  pending: 'Pending',
  total_failed: 'Failed',
}
export const bucketColor: Record<DocumentBucket, string> = { scanned: 'teal', pending: 'blue', total_failed: 'red' }
export const typeLabel: Record<DocumentType, string> = {
  id_card: 'ID card',
  invoice: 'Invoice',
  form: 'Form',
  other: 'Other',
}
export const typeOptions = (Object.keys(typeLabel) as DocumentType[]).map((value) => ({
  value,
  label: typeLabel[value],
}))

/** The KPI bucket a document's status puts it in (ARCHITECTURE §8). */
export function bucketOf(status: JobStatus): DocumentBucket {
  if (status === 'completed') return 'scanned'
  if (status === 'failed') return 'total_failed'
  return 'pending'
}

export const isBucket = (value: unknown): value is DocumentBucket => BUCKETS.includes(value as DocumentBucket)

/** 0–100 → "93%"; null (not read yet) → "—". */
export const formatConfidence = (value: number | null) => (value === null ? '—' : `${Math.round(value)}%`)

/** Word and field confidence bands: the colour a box or a figure is tinted with. */
export function confidenceColor(value: number) {
  if (value >= 85) return 'teal'
  if (value >= 60) return 'yellow'
  return 'red'
}

export { formatBytes, formatDateTime, formatPct, inProgress } from '~/components/speech/format'
