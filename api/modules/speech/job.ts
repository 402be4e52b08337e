import type { SpeechConfig } from '../../env'
import type { Db } from '../../db/client'
import { recordingSentiment } from '../../engines/text/sentiment'
import type { Llm } from '../../engines/llm/client'
import { SpeechError, transcribe } from '../../engines/speech'
import { summarize } from '../../engines/summarize'
import { redactSegments } from '../../engines/text/redact'
import type { BlobStore } from '../../lib/blob-store'
import { gaveUp, type Queue } from '../../jobs/queue'
import { completeTranscription, failRecording, markRecordingQueued, markRecordingStarted, recordingById } from './store'

export const TRANSCRIBE_RECORDING = 'transcribe-recording'
type TranscribeJob = { recording_id: number }

/** Retries after an unexpected failure (a bad file or a missing engine is final at once). */
const RETRY_LIMIT = 2

/** Queues an upload's transcription: it shows "in queue" until a worker takes it. */
export async function requestTranscription(queue: Queue, db: Db, recordingId: number) {
  const jobId = await queue.send(TRANSCRIBE_RECORDING, { recording_id: recordingId } satisfies TranscribeJob, {
    singletonKey: `recording-${recordingId}`,
  })
  await markRecordingQueued(db, recordingId, jobId)
  return jobId
}

/** Cancels the recording's job if it has not finished (deleting a recording stops its work). */
export async function cancelTranscription(queue: Queue | undefined, jobId: string | null) {
  if (!queue || !jobId) return
  await queue.boss.cancel(TRANSCRIBE_RECORDING, jobId).catch(() => {})
}

export type TranscriptionDeps = {
  db: Db
  blobs: BlobStore
  speech: SpeechConfig
  llm: Llm | null
  /** Told when a recording's transcript is done or has finally failed (agent scoring waits for it). */
  onSettled?: (recordingId: number) => Promise<unknown>
}

async function readAll(blobs: BlobStore, key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of blobs.read(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Decode, transcribe, redact, summarise and store. A recording deleted meanwhile is left alone.
 * Final failures (the file, the engine's absence) mark it failed without retrying; anything else
 * is marked failed too (the user sees why) and thrown so pg-boss retries it.
 */
export async function runTranscriptionJob(deps: TranscriptionDeps, data: TranscribeJob) {
  const { db, blobs, speech, llm, onSettled } = deps
  const row = await recordingById(db, data.recording_id)
  if (!row || !row.blobKey) return { skipped: 'gone' }
  await markRecordingStarted(db, row.id)
  try {
    const bytes = await readAll(blobs, row.blobKey)
    const heard = await transcribe(bytes, { language: row.language, config: speech })
    const { segments, redactions } = redactSegments(heard.segments)
    const turns = segments.map((s) => ({
      speaker: s.speaker === 'agent' ? 'Agent' : 'Customer',
      text: s.text,
      start: s.start,
    }))
    const summary = turns.length
      ? await summarize(turns, 'call_notes', { llm })
      : { summary: 'Nothing was said in this recording.', engine: 'extractive' as const }
    const sentiment = recordingSentiment(segments)
    await completeTranscription(db, row.id, {
      durationS: Math.round(heard.durationS),
      channels: heard.channels,
      engine: heard.engine,
      segments,
      unredactedSegments: redactions.length ? heard.segments : null,
      redactionCount: redactions.length,
      summary: summary.summary,
      summaryEngine: summary.engine,
      customerSentiment: sentiment.customer,
      agentSentiment: sentiment.agent,
    })
    await onSettled?.(row.id)
    return { segments: segments.length, engine: heard.engine }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof SpeechError) {
      await failRecording(db, row.id, message)
      await onSettled?.(row.id)
      return { failed: message }
    }
    await failRecording(db, row.id, `Transcription failed: ${message}`)
    throw error
  }
}

/** Transcription is CPU-bound: at most two at a time per process (WORKERS caps it further). */
export async function registerTranscription(queue: Queue, deps: TranscriptionDeps, { retryDelay = 5 } = {}) {
  await queue.register<TranscribeJob>(TRANSCRIBE_RECORDING, (data) => runTranscriptionJob(deps, data), {
    concurrency: 2,
    retryLimit: RETRY_LIMIT,
    retryDelay,
    pollingIntervalSeconds: 1,
    expireInSeconds: 3 * 60 * 60,
    onGiveUp: async (data, why) => {
      await failRecording(deps.db, data.recording_id, gaveUp(why))
      await deps.onSettled?.(data.recording_id)
    },
  })
}
