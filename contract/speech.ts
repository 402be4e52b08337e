import { z } from 'zod'
import { jobStatus, pageQuery, paged } from './envelope'
import { lookupList } from './lookups'
export { RECORDING_MAX_BYTES, RECORDING_MAX_SECONDS, recordingFormats, recordingAccept } from './limits'

/*
 * Speech recognition (SPEC §7, under /api/speech_recognition/). A signed-in user uploads a call
 * recording; a job transcribes it (speaker-labelled segments with times), redacts card numbers,
 * national ids, phone numbers and dates of birth (spoken or written), and summarises it. Each user sees their own recordings; admins
 * and QA supervisors see everyone's and may read the unredacted transcript.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)

export const speaker = z.enum(['agent', 'customer'])
export type Speaker = z.infer<typeof speaker>

export const speechSegment = z.object({
  speaker,
  /** Seconds from the start of the recording. */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
})
export type SpeechSegment = z.infer<typeof speechSegment>

/** POST upload_recording/ (multipart): `file`, `language` and `domain` (codes of the lookups). */
export const uploadRecordingFields = z.object({
  language: z.string().trim().min(1, 'Choose a language').max(20),
  domain: z.string().trim().min(1, 'Choose a domain').max(40),
})
export type UploadRecordingFields = z.infer<typeof uploadRecordingFields>

/** GET engine/: what transcribes an upload here, and which of the languages it can take. */
export const speechEngine = z.object({
  /** What would run, e.g. "pocketsphinx (en-us)"; null when no engine is available. */
  engine: z.string().nullable(),
  /** The language lookups that engine transcribes (the upload accepts only these). */
  languages: lookupList,
  /** How to enable an engine, when none is available. */
  message: z.string().nullable(),
})
export type SpeechEngine = z.infer<typeof speechEngine>

export const uploadRecordingResult = z.object({ recording_id: z.number().int(), status: jobStatus })
export type UploadRecordingResult = z.infer<typeof uploadRecordingResult>

/** GET upload_recording/{query}: the signed-in user's recordings, newest first. */
export const recordingListQuery = pageQuery.extend({
  q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyIsAny, jobStatus.optional()),
})
export type RecordingListQuery = z.infer<typeof recordingListQuery>

/** One recording as a list shows it. */
export const recordingSummary = z.object({
  recording_id: z.number().int(),
  file_name: z.string(),
  language: z.string(),
  domain: z.string().nullable(),
  status: jobStatus,
  /** Why it failed, when it did. */
  failure_reason: z.string().nullable(),
  duration_s: z.number().nonnegative(),
  size_bytes: z.number().int().nonnegative(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The first words of the transcript. */
  preview: z.string(),
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type RecordingSummary = z.infer<typeof recordingSummary>
export const recordingList = paged(recordingSummary)

/** GET recording_status/?recording_id= (SPEC §3 Recording: recording_id, status, extracted_text, summary). */
export const recordingIdQuery = z.object({ recording_id: id })

export const recordingDetail = recordingSummary.extend({
  /** The transcript as one text, "Agent: …" lines; empty until completed. */
  extracted_text: z.string(),
  /** The transcript that stands (redacted; edited when someone saved an edit). */
  segments: z.array(speechSegment),
  /** The engine's transcript (redacted) when it was edited since, to compare or restore. */
  original_segments: z.array(speechSegment).nullable(),
  /** Admins and QA supervisors only: the engine's words before redaction; null for others. */
  unredacted_segments: z.array(speechSegment).nullable(),
  redaction_count: z.number().int().nonnegative(),
  summary: z.string(),
  /** The summary as the engine wrote it, when it was edited since. */
  original_summary: z.string().nullable(),
  /** The speech engine (whisper, openai, pocketsphinx) and the summariser (extractive, llm). */
  engine: z.string().nullable(),
  summary_engine: z.string().nullable(),
  channels: z.number().int().nullable(),
  transcript_edited_at: z.string().nullable(),
  summary_edited_at: z.string().nullable(),
  /** The signed, short-lived path of the audio (recording-audio/, Range supported); null without audio. */
  audio_url: z.string().nullable(),
})
export type RecordingDetail = z.infer<typeof recordingDetail>

/** PUT update_transcription/: the segments' text and speakers (times and count stay the engine's). */
export const updateTranscriptionBody = z.object({
  recording_id: id,
  segments: z
    .array(
      z.object({
        speaker,
        text: z.string().trim().max(5000, 'A line can hold at most 5,000 characters'),
      }),
    )
    .min(1)
    .max(20_000),
})
export type UpdateTranscriptionBody = z.infer<typeof updateTranscriptionBody>

/** PUT update_summary/. */
export const updateSummaryBody = z.object({
  recording_id: id,
  summary: z.string().trim().min(1, 'The summary cannot be empty').max(20_000),
})
export type UpdateSummaryBody = z.infer<typeof updateSummaryBody>

/** GET upload_recording_kpi/: the user's recordings by status (every status listed, in order). */
export const statusKpi = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      status: jobStatus,
      label: z.string(),
      count: z.number().int().nonnegative(),
      /** 0–100, one decimal; 0 when there is nothing. */
      percentage: z.number(),
    }),
  ),
})
export type StatusKpi = z.infer<typeof statusKpi>
