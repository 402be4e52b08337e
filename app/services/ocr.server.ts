import { endpoints } from '#contract/endpoints'
import { documentIdQuery, type DocumentType, type InsightsQuestion } from '#contract/ocr'
import type { Upstream } from '~/services/upstream.server'

/** A 25 MB document over a slow link, and the API sniffing and storing it before it answers. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000
/** A question is answered from the document's passages; with an LLM configured, it may take a while. */
const INSIGHTS_TIMEOUT_MS = 60_000

/** POST upload_document/: the type first, then the file (multipart, streamed from the blob as fetch reads it). */
export function uploadDocument(api: Upstream, documentType: DocumentType, file: Blob, fileName: string) {
  const body = new FormData()
  body.append('document_type', documentType)
  body.append('file', file, fileName)
  return api.request(endpoints.uploadDocument, { body, timeoutMs: UPLOAD_TIMEOUT_MS })
}

export function askDocument(api: Upstream, body: InsightsQuestion) {
  return api.request(endpoints.insightsChatbot, { body, timeoutMs: INSIGHTS_TIMEOUT_MS })
}

/** A document id from the URL or a form; null when it is not one. */
export function documentIdOf(value: unknown): number | null {
  const parsed = documentIdQuery.shape.document_id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalImageUrl } from './images.server'
export { orNull, upstreamFailure } from './upstream.server'
