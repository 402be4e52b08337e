// How many recordings the transcription queue finishes per minute: a throw-away database (PGlite,
// or PostgreSQL with DATABASE_URL), the real pg-boss queue with BENCH_WORKERS (2) consumers and the
// real job (decode, recognise, redact, summarise), fed BENCH_RECORDINGS (8) copies of the
// synthesised ~26 s bank call at once.
//   npx tsx bench/transcription-queue.ts          (npm run bench:transcription-queue)
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { openDatabase } from '../api/db/client'
import { recordings, users } from '../api/db/schema'
import { conversation, writeWav } from '../api/engines/speech/test-audio'
import { startQueue } from '../api/jobs/queue'
import { registerTranscription, requestTranscription } from '../api/modules/speech/job'
import { localBlobStore, newBlobKey } from '../api/lib/blob-store'

const workers = Number(process.env.BENCH_WORKERS || 2)
const total = Number(process.env.BENCH_RECORDINGS || 8)

const dir = mkdtempSync(path.join(tmpdir(), 'bench-transcription-'))
const database = process.env.DATABASE_URL
  ? await openDatabase({ driver: 'postgres', connectionString: process.env.DATABASE_URL })
  : await openDatabase({ driver: 'pglite', dataDir: path.join(dir, 'db') })
const blobs = localBlobStore(path.join(dir, 'blobs'))
try {
  await database.migrate()
  const { db } = database
  const queue = await startQueue(database, { workers, log: { info() {}, error: (e) => console.error(e) } })
  await registerTranscription(queue, { db, blobs, speech: {}, llm: null })
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${process.pid}@bench.local`, passwordHash: 'x', role: 'visitor' })
    .returning()

  const call = conversation()
  const wav = Buffer.from(writeWav({ sampleRate: 16000, channels: [call.mono] }))
  const seconds = call.mono.length / 16000
  const ids: number[] = []
  for (let i = 0; i < total; i++) {
    const key = newBlobKey('bench', '.wav')
    await blobs.put(key, wav)
    const [row] = await db
      .insert(recordings)
      .values({
        source: 'upload',
        blobKey: key,
        mimeType: 'audio/wav',
        sizeBytes: wav.length,
        fileName: `call-${i}.wav`,
        uploadedBy: user.id,
      })
      .returning({ id: recordings.id })
    ids.push(row.id)
  }
  const start = performance.now()
  for (const id of ids) await requestTranscription(queue, db, id)
  for (;;) {
    const rows = await db
      .select({ status: recordings.status, reason: recordings.failureReason })
      .from(recordings)
      .where(inArray(recordings.id, ids))
    const failed = rows.find((r) => r.status === 'failed')
    if (failed) throw new Error(`A transcription failed: ${failed.reason}`)
    if (rows.every((r) => r.status === 'completed')) break
    await new Promise((r) => setTimeout(r, 250))
  }
  const minutes = (performance.now() - start) / 60_000
  console.log(
    `${database.driver}, ${workers} workers: ${total} recordings of ${seconds.toFixed(1)} s in ${(minutes * 60).toFixed(1)} s`,
  )
  console.log(
    `  ${(total / minutes).toFixed(1)} recordings per minute (${((total * seconds) / 60 / minutes).toFixed(1)} minutes of audio per minute)`,
  )
  console.log(
    `  load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  await queue.stop()
} finally {
  await database.close()
  rmSync(dir, { recursive: true, force: true })
}
