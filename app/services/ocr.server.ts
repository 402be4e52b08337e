import {
  documentDetail,
  documentIdQuery,
  documentKpi,
  documentList,
  insightsAnswer,
  uploadDocumentResult,
  type DocumentListQuery,
  type DocumentType,
  type InsightsQuestion,
} from '#contract/ocr'
import { paths } from '#contract/paths'
import { z } from 'zod'
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
  return api.call({
    method: 'POST',
    path: paths.uploadDocument,
    body,
    schema: uploadDocumentResult,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  })
}

/** GET upload_document/{query}: empty filters are left out. */
export function listDocuments(api: Upstream, query: Partial<DocumentListQuery>) {
  return api.call({ path: paths.uploadDocument, query, schema: documentList })
}

export function getDocument(api: Upstream, documentId: number) {
  return api.call({ path: paths.documentDetails, query: { document_id: documentId }, schema: documentDetail })
}

export function deleteDocument(api: Upstream, documentId: number) {
  return api.call({
    method: 'DELETE',
    path: paths.uploadDocument,
    query: { document_id: documentId },
    // the API answers with what it deleted, or nothing more than the message
    schema: z.unknown(),
  })
}

export function askDocument(api: Upstream, body: InsightsQuestion) {
  return api.call({
    method: 'PUT',
    path: paths.insightsChatbot,
    body,
    schema: insightsAnswer,
    timeoutMs: INSIGHTS_TIMEOUT_MS,
  })
}

export function getDocumentKpi(api: Upstream) {
  return api.call({ path: paths.uploadDocumentKpi, schema: documentKpi })
}

/** A document id from the URL or a form; null when it is not one. */
export function documentIdOf(value: unknown): number | null {
  const parsed = documentIdQuery.shape.document_id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalImageUrl } from './images.server'
export { orNull, upstreamFailure } from './upstream.server'
