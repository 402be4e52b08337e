import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { JobStatus } from '#contract/envelope'
import type {
  DocumentBucket,
  DocumentDetail,
  DocumentKpi,
  DocumentListQuery,
  DocumentSummary,
  DocumentType,
} from '#contract/ocr'
import type { Db } from '../../db/client'
import { documents, type DocumentPageRow, type ExtractedFieldRow } from '../../db/schema'
import { notFound } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'
import { activeActor, documentRule, type Actor } from '../../auth/access'

/*
 * A user's documents: each user lists, reads, counts and deletes their own (admins too: a
 * document is personal, like a speech upload). Anyone else's id answers 404, never 403.
 */

export type { DocumentPageRow, ExtractedFieldRow }

export const NOT_FOUND = 'Document not found'
const PREVIEW_CHARS = 160

/** The statuses of each KPI bucket. */
export const bucketStatuses: Record<DocumentBucket, JobStatus[]> = {
  scanned: ['completed'],
  pending: ['pending', 'in_queue', 'started'],
  total_failed: ['failed'],
}
export const bucketLabel: Record<DocumentBucket, string> = {
  scanned: 'Scanned',
  pending: 'Pending',
  total_failed: 'Failed',
}

const summaryColumns = {
  id: documents.id,
  fileName: documents.fileName,
  documentType: documents.documentType,
  status: documents.status,
  failureReason: documents.failureReason,
  pageCount: documents.pageCount,
  sizeBytes: documents.sizeBytes,
  confidence: documents.confidence,
  createdAt: documents.createdAt,
  completedAt: documents.completedAt,
  preview: sql<string>`left(btrim(regexp_replace(${documents.text}, '\\s+', ' ', 'g')), ${PREVIEW_CHARS})`,
}
type SummaryRow = {
  id: number
  fileName: string
  documentType: DocumentType
  status: JobStatus
  failureReason: string | null
  pageCount: number
  sizeBytes: number
  confidence: number | null
  createdAt: Date
  completedAt: Date | null
  preview: string
}

const roundConfidence = (c: number | null) => (c === null ? null : Math.round(c * 10) / 10)

function toSummary(r: SummaryRow): DocumentSummary {
  return {
    document_id: r.id,
    file_name: r.fileName,
    document_type: r.documentType,
    status: r.status,
    failure_reason: r.failureReason,
    page_count: r.pageCount,
    size_bytes: r.sizeBytes,
    confidence: roundConfidence(r.confidence),
    preview: r.preview ?? '',
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt ? r.completedAt.toISOString() : null,
  }
}

/** The user's documents, newest first: by bucket and type, searched in the file name and the text. */
export async function listDocuments(db: Db, user: Actor, query: DocumentListQuery) {
  const conditions: (SQL | undefined)[] = [documentRule.readable(user)]
  if (query.status) conditions.push(inArray(documents.status, bucketStatuses[query.status]))
  if (query.document_type) conditions.push(eq(documents.documentType, query.document_type))
  if (query.q) {
    const like = likePattern(query.q)
    conditions.push(or(ilike(documents.fileName, like), ilike(documents.text, like))!)
  }
  const where = and(...conditions)
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.page_size)
      .offset(offsetOf(query.page, query.page_size)),
    db.select({ n: count() }).from(documents).where(where),
  ])
  return pageOf((rows as SummaryRow[]).map(toSummary), n, query.page, query.page_size)
}

/** Records the user's upload (its file already in the blob store), pending its OCR. */
export async function createDocument(
  db: Db,
  user: Actor,
  input: { documentType: DocumentType; fileName: string; mimeType: string; sizeBytes: number; blobKey: string },
) {
  const [row] = await db
    .insert(documents)
    .values({
      userId: user.id,
      documentType: input.documentType,
      fileName: input.fileName,
      mimeType: input.mimeType,
      sizeBytes: input.sizeBytes,
      blobKey: input.blobKey,
      status: 'pending',
    })
    .returning({ id: documents.id })
  return row
}

/** A document's status as it stands (after queueing: in queue, or further if a worker was quick). */
export async function documentStatus(db: Db, documentId: number) {
  const [{ status }] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, documentId))
  return status
}

/** Deletes a document's row; returns it (for its blobs to be removed), or undefined if it was already gone. */
export async function deleteDocument(db: Db, documentId: number) {
  const [gone] = await db.delete(documents).where(eq(documents.id, documentId)).returning()
  return gone
}

/** A document the user may read (the document rule), or 404. */
export async function loadDocument(db: Db, user: Actor, documentId: number) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), documentRule.readable(user)))
  if (!row) throw notFound(NOT_FOUND)
  return row
}

/** The page image behind a signed link: null when the document is gone, 'forbidden' when its signer may no longer read it. */
export async function linkedPageImage(db: Db, uid: number, documentId: number, page: number) {
  const [exists] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId))
  if (!exists) return null
  const viewer = await activeActor(db, uid)
  const row = viewer && (await loadDocument(db, viewer, documentId).catch(() => null))
  if (!row) return 'forbidden' as const
  return { imageKey: row.pages.find((p) => p.page === page)?.imageKey ?? null }
}

/** Every blob a document holds: the original and each page image. */
export const blobKeysOf = (row: { blobKey: string; pages: DocumentPageRow[] }) => [
  row.blobKey,
  ...row.pages.flatMap((p) => (p.imageKey ? [p.imageKey] : [])),
]

/**
 * A document with its pages (words, boxes, a signed image link each) and fields.
 * `imageUrl(page)` signs the page image's path for the requesting user.
 */
export async function documentDetail(
  db: Db,
  user: Actor,
  documentId: number,
  imageUrl: (documentId: number, page: number) => string,
): Promise<DocumentDetail> {
  const row = await loadDocument(db, user, documentId)
  const [summary] = (await db.select(summaryColumns).from(documents).where(eq(documents.id, row.id))) as SummaryRow[]
  return {
    ...toSummary(summary!),
    text: row.text,
    pages: row.pages.map(({ imageKey, ...page }) => ({
      ...page,
      image_url: imageKey ? imageUrl(row.id, page.page) : null,
    })),
    fields: row.fields,
    engine: row.engine,
  }
}

/** The user's documents per bucket, each with its share of the total. */
export async function documentKpi(db: Db, user: Actor): Promise<DocumentKpi> {
  const rows = await db
    .select({ status: documents.status, n: count() })
    .from(documents)
    .where(documentRule.readable(user))
    .groupBy(documents.status)
  const total = rows.reduce((sum, r) => sum + r.n, 0)
  return {
    total,
    results: (Object.keys(bucketStatuses) as DocumentBucket[]).map((bucket) => {
      const n = rows.filter((r) => bucketStatuses[bucket].includes(r.status)).reduce((sum, r) => sum + r.n, 0)
      return {
        bucket,
        label: bucketLabel[bucket],
        count: n,
        percentage: total ? Math.round((1000 * n) / total) / 10 : 0,
      }
    }),
  }
}

// ---- the OCR job (./job.ts)

/** Marks a pending or failed document "in queue" under its job; one already taken is left as it is. */
export async function markDocumentQueued(db: Db, documentId: number, jobId: string | null) {
  await db
    .update(documents)
    .set({ status: 'in_queue', failureReason: null, jobId })
    .where(and(eq(documents.id, documentId), inArray(documents.status, ['pending', 'failed'])))
}

/** Any document by id, for its job (undefined once deleted). */
export async function documentById(db: Db, documentId: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId))
  return row
}

/** Marks a document as being read, clearing an earlier failure's reason. */
export async function markDocumentStarted(db: Db, documentId: number) {
  await db.update(documents).set({ status: 'started', failureReason: null }).where(eq(documents.id, documentId))
}

/** What an OCR run read, as stored. */
export type Reading = {
  text: string
  pages: DocumentPageRow[]
  fields: ExtractedFieldRow[]
  pageCount: number
  confidence: number | null
  engine: string
}

/**
 * Stores what was read, completing the document. Only a document still 'started' is written;
 * returns false when it was deleted (or cancelled) meanwhile and nothing was saved.
 */
export async function completeReading(db: Db, documentId: number, reading: Reading) {
  const saved = await db
    .update(documents)
    .set({
      status: 'completed',
      completedAt: new Date(),
      failureReason: null,
      text: reading.text,
      pages: reading.pages,
      fields: reading.fields,
      pageCount: reading.pageCount,
      confidence: reading.confidence,
      engine: reading.engine,
    })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'started')))
    .returning({ id: documents.id })
  return saved.length > 0
}

/** Marks a document failed with the reason the user reads (cut to 2000 characters). */
export async function failDocument(db: Db, documentId: number, reason: string) {
  await db
    .update(documents)
    .set({ status: 'failed', failureReason: reason.slice(0, 2000) })
    .where(eq(documents.id, documentId))
}
