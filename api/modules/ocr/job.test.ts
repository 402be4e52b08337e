import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client'
import { documents, users } from '#api/db/schema'
import { closeOcr } from '#api/engines/ocr'
import { renderLines } from '#api/engines/ocr/test-images'
import { registerOcr, requestOcr, runOcrJob, UNEXPECTED_FAILURE } from '#api/modules/ocr/job'
import { type Queue, startQueue } from '#api/jobs/queue'
import { localBlobStore, type BlobStore } from '#api/lib/blob-store'
import { createTestDatabase } from '#api/test-utils'

/*
 * The job's life: an unexpected failure (the blob store failing once) shows a general reason and
 * is retried to completion; an unreadable file fails at once with the engine's reason; a document
 * deleted while it is read leaves no page images behind.
 */

let database: Database
let queue: Queue
let blobs: BlobStore
let dir: string
let userId: number
let failReads = 0

beforeAll(async () => {
  database = await createTestDatabase()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-job-'))
  const store = localBlobStore(dir)
  blobs = {
    ...store,
    read(key, range) {
      if (failReads > 0) {
        failReads -= 1
        throw new Error('storage unavailable')
      }
      return store.read(key, range)
    },
  }
  queue = await startQueue(database, { workers: 1, log: { info() {}, error() {} } })
  await registerOcr(queue, { db: database.db, blobs }, { retryDelay: 1 })
  const [user] = await database.db.insert(users).values({ email: 'ocr-job@test.local', passwordHash: 'x' }).returning()
  userId = user!.id
}, 60_000)
afterAll(async () => {
  await queue.stop()
  await database.close()
  await closeOcr()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function upload(bytes: Uint8Array, documentType: 'invoice' | 'other' = 'invoice') {
  const key = `documents/test/${Math.random().toString(16).slice(2)}`
  await blobs.put(key, Buffer.from(bytes))
  const [row] = await database.db
    .insert(documents)
    .values({ userId, documentType, fileName: 'doc.png', mimeType: 'image/png', sizeBytes: bytes.length, blobKey: key })
    .returning({ id: documents.id })
  return row!.id
}

const documentRow = async (id: number) => (await database.db.select().from(documents).where(eq(documents.id, id)))[0]

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Page images the store holds. */
const pageImages = () =>
  fs.existsSync(path.join(dir, 'document-pages'))
    ? fs.readdirSync(path.join(dir, 'document-pages'), { recursive: true }).filter((f) => String(f).endsWith('.png'))
    : []

describe('the OCR job', () => {
  it('retries after an unexpected failure, showing a general reason meanwhile, then completes', async () => {
    const id = await upload(await renderLines(['Acme Supplies', 'Invoice No: INV-7', 'Widget 10.00', 'Total: 10.00']))
    failReads = 1
    await requestOcr(queue, database.db, id)
    const failed = await until(async () => {
      const row = await documentRow(id)
      return row?.status === 'failed' && row
    })
    expect(failed.failureReason).toBe(UNEXPECTED_FAILURE)
    const done = await until(async () => {
      const row = await documentRow(id)
      return row?.status === 'completed' && row
    }, 90_000)
    expect(done.failureReason).toBeNull()
    expect(done.engine).toBe('tesseract.js')
    expect(done.pageCount).toBe(1)
    expect(done.text).toContain('INV-7')
    expect(done.confidence).toBeGreaterThan(60)
    expect(done.completedAt).toBeInstanceOf(Date)
    expect(done.fields.find((f) => f.name === 'total')).toMatchObject({ label: 'Total', value: '10.00', valid: true })
    // the page image as read is stored, a PNG of the page's size
    const imageKey = done.pages[0]!.imageKey!
    expect(imageKey).toMatch(/^document-pages\//)
    const png = fs.readFileSync(path.join(dir, imageKey))
    const meta = await sharp(png).metadata()
    expect(meta.format).toBe('png')
    expect([meta.width, meta.height]).toEqual([done.pages[0]!.width, done.pages[0]!.height])
  }, 120_000)

  it('fails a corrupt image at once with the reason, without retrying', async () => {
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ])
    const id = await upload(corrupt)
    const jobId = await requestOcr(queue, database.db, id)
    const failed = await until(async () => {
      const row = await documentRow(id)
      return row?.status === 'failed' && row
    })
    expect(failed.failureReason).not.toBe(UNEXPECTED_FAILURE)
    expect(failed.failureReason).toMatch(/corrupt|cannot be read|damaged|not a valid/i)
    const job = await until(async () => {
      const j = await queue.boss.getJobById('read-document', jobId!)
      return j?.state === 'completed' && j
    })
    expect(job.retryCount).toBe(0)
  }, 60_000)

  it('stops when the document is deleted while it is read, leaving no page images', async () => {
    const before = pageImages().length
    const id = await upload(await renderLines(['Deleted while reading', 'Total: 5.00']), 'other')
    const run = runOcrJob({ db: database.db, blobs }, { document_id: id })
    await until(async () => (await documentRow(id))?.status === 'started')
    await database.db.delete(documents).where(eq(documents.id, id))
    await expect(run).resolves.toEqual({ skipped: 'gone' })
    expect(pageImages().length).toBe(before)
    // and one already gone is not read at all
    await expect(runOcrJob({ db: database.db, blobs }, { document_id: id })).resolves.toEqual({ skipped: 'gone' })
  }, 60_000)
})
