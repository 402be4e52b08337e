import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client'
import { recordings, users } from '#api/db/schema'
import { conversation, writeWav } from '#api/engines/speech/test-audio'
import { type Queue, startQueue } from '#api/jobs/queue'
import { registerTranscription, requestTranscription, TRANSCRIBE_RECORDING } from '#api/modules/speech/job'
import { localBlobStore, type BlobStore } from '#api/lib/blob-store'
import { createTestDatabase, until as waitUntil } from '#api/test-utils'

/** Transcription runs the real engine: give it a minute. */
const until = <T>(probe: () => Promise<T | null | undefined | false>) => waitUntil(probe, { ms: 60_000 })

/*
 * The job's retries: an unexpected failure (here the blob store failing once) marks the recording
 * failed with the reason, and pg-boss runs it again, which completes it. A failure that will not
 * fix itself (a file that is not audio) is final at once.
 */

let database: Database
let queue: Queue
let blobs: BlobStore
let dir: string
let userId: number
let failReads = 0

beforeAll(async () => {
  database = await createTestDatabase()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcription-job-'))
  const store = localBlobStore(dir)
  // the store, failing its next `failReads` reads
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
  await registerTranscription(queue, { db: database.db, blobs, speech: {}, llm: null }, { retryDelay: 1 })
  const [user] = await database.db.insert(users).values({ email: 'job@test.local', passwordHash: 'x' }).returning()
  userId = user.id
})
afterAll(async () => {
  await queue.stop()
  await database.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function upload(bytes: Uint8Array) {
  const key = `uploads/test/${Math.random().toString(16).slice(2)}`
  await blobs.put(key, Buffer.from(bytes))
  const [row] = await database.db
    .insert(recordings)
    .values({ source: 'upload', blobKey: key, mimeType: 'audio/wav', fileName: 'a.wav', uploadedBy: userId })
    .returning({ id: recordings.id })
  return row.id
}

const recording = async (id: number) => (await database.db.select().from(recordings).where(eq(recordings.id, id)))[0]

describe('the transcription job', () => {
  it('retries after an unexpected failure, showing the reason meanwhile, then completes', async () => {
    const call = conversation([{ speaker: 'agent', text: 'Thank you for calling, how can I help you today?' }])
    const id = await upload(writeWav({ sampleRate: 16000, channels: [call.mono] }))
    failReads = 1
    await requestTranscription(queue, database.db, id)
    const failed = await until(async () => {
      const r = await recording(id)
      return r.status === 'failed' && r
    })
    expect(failed.failureReason).toBe('Transcription failed: storage unavailable')
    const done = await until(async () => {
      const r = await recording(id)
      return r.status === 'completed' && r
    })
    expect(done.failureReason).toBeNull()
    expect(done.segments.length).toBeGreaterThan(0)
    const job = await queue.boss.getJobById(TRANSCRIBE_RECORDING, done.jobId!)
    expect(job?.retryCount).toBe(1)
  })

  it('does not retry a file that is not audio', async () => {
    const id = await upload(Buffer.from('RIFF\x24\x00\x00\x00WAVEjunk but no format chunk at all'))
    await requestTranscription(queue, database.db, id)
    const failed = await until(async () => {
      const r = await recording(id)
      return r.status === 'failed' && r
    })
    expect(failed.failureReason).toBeTruthy()
    const job = await until(async () => {
      const j = await queue.boss.getJobById(TRANSCRIBE_RECORDING, failed.jobId!)
      return j?.state === 'completed' && j
    })
    expect(job.retryCount).toBe(0)
  })
})
