import { DOCUMENT_MAX_PAGES } from '#contract/ocr'
import type { Db } from '../../db/client'
import { extractFields, OcrError, recognise, type ExtractedField } from '../../engines/ocr'
import { newBlobKey, type BlobStore } from '../../lib/blob-store'
import { gaveUp, type Queue } from '../../jobs/queue'
import {
  completeReading,
  documentById,
  failDocument,
  markDocumentQueued,
  markDocumentStarted,
  type DocumentPageRow,
  type ExtractedFieldRow,
} from './store'

export const READ_DOCUMENT = 'read-document'
type ReadJob = { document_id: number }

/** Retries after an unexpected failure (an unreadable document is final at once). */
const RETRY_LIMIT = 2
/** A run that takes longer than this is given up (final): 20 pages at a few seconds each fit well within it. */
const RUN_TIMEOUT_MS = 10 * 60_000
/** What the user reads when something on our side failed; the details go to the log. */
export const UNEXPECTED_FAILURE = 'The document could not be read because of a problem on our side. Try again later.'
const TIMED_OUT = 'Reading the document took too long.'

/** Queues a document's OCR: it shows "in queue" until a worker takes it. */
export async function requestOcr(queue: Queue, db: Db, documentId: number) {
  const jobId = await queue.send(READ_DOCUMENT, { document_id: documentId } satisfies ReadJob, {
    singletonKey: `document-${documentId}`,
  })
  await markDocumentQueued(db, documentId, jobId)
  return jobId
}

/** Cancels the document's job if it has not finished (deleting a document stops its work). */
export async function cancelOcr(queue: Queue | undefined, jobId: string | null) {
  if (!queue || !jobId) return
  await queue.boss.cancel(READ_DOCUMENT, jobId).catch(() => {})
}

export type OcrDeps = { db: Db; blobs: BlobStore; log?: { error(obj: unknown, msg?: string): void } }

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  date_of_birth: 'Date of birth',
  document_number: 'Document number',
  expiry_date: 'Expiry date',
  invoice_number: 'Invoice number',
  invoice_date: 'Invoice date',
  vendor: 'Vendor',
  total: 'Total',
  tax: 'Tax',
  line_items: 'Line items',
}
/** A field's label: the known ones by name, a form's own label as read. */
export const fieldLabel = (name: string) =>
  FIELD_LABELS[name] ?? (/[A-Z ]/.test(name) ? name : name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()))

const toFieldRow = (f: ExtractedField): ExtractedFieldRow => ({
  name: f.name,
  label: fieldLabel(f.name),
  value: f.value,
  confidence: f.confidence,
  valid: f.valid,
  reason: f.reason ?? null,
})

async function readAll(blobs: BlobStore, key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of blobs.read(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const removeAll = (blobs: BlobStore, keys: string[]) =>
  Promise.all(keys.map((key) => blobs.remove(key).catch(() => {})))

/**
 * Read a document: OCR every page, keep each page's image, extract the type's fields and store it
 * all. A document deleted meanwhile is left alone (and the page images written for it removed).
 * An unreadable document (OcrError) or a run that times out is failed at once with the reason;
 * anything else is marked failed with a general reason and thrown, so pg-boss retries it.
 */
export async function runOcrJob({ db, blobs, log }: OcrDeps, data: ReadJob, { timeoutMs = RUN_TIMEOUT_MS } = {}) {
  const row = await documentById(db, data.document_id)
  if (!row) return { skipped: 'gone' }
  await markDocumentStarted(db, row.id)
  const written: string[] = []
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const bytes = await readAll(blobs, row.blobKey)
    const { pages } = await recognise(bytes, { signal, maxPages: DOCUMENT_MAX_PAGES })
    const pageRows: DocumentPageRow[] = []
    for (const { image, ...page } of pages) {
      let imageKey: string | null = null
      if (image.length) {
        imageKey = newBlobKey('document-pages', '.png')
        written.push(imageKey)
        await blobs.put(imageKey, Buffer.from(image))
      }
      pageRows.push({ ...page, imageKey })
    }
    const words = pages.flatMap((p) => p.words)
    const confidence = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : null
    const fields = extractFields(pages, row.documentType).map(toFieldRow)
    const saved = await completeReading(db, row.id, {
      text: pages.map((p) => p.text).join('\n\n'),
      pages: pageRows,
      fields,
      pageCount: pages.length,
      confidence,
      engine: 'tesseract.js',
    })
    if (!saved) {
      // deleted (or cancelled) while it was being read: its page images have no owner
      await removeAll(blobs, written)
      return { skipped: 'gone' }
    }
    return { pages: pages.length }
  } catch (error) {
    await removeAll(blobs, written)
    if (error instanceof OcrError) {
      await failDocument(db, row.id, error.message)
      return { failed: error.message }
    }
    if (signal.aborted) {
      await failDocument(db, row.id, TIMED_OUT)
      return { failed: TIMED_OUT }
    }
    log?.error({ err: error, documentId: row.id }, 'document OCR failed')
    await failDocument(db, row.id, UNEXPECTED_FAILURE)
    throw error
  }
}

/** OCR is CPU-bound and the engine's pool already has two workers: one document at a time per process. */
export async function registerOcr(queue: Queue, deps: OcrDeps, { retryDelay = 5 } = {}) {
  await queue.register<ReadJob>(READ_DOCUMENT, (data) => runOcrJob(deps, data), {
    concurrency: 1,
    retryLimit: RETRY_LIMIT,
    retryDelay,
    retryBackoff: true,
    pollingIntervalSeconds: 1,
    expireInSeconds: 30 * 60,
    onGiveUp: (data, why) => failDocument(deps.db, data.document_id, gaveUp(why)),
  })
}
