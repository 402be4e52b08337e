// Paths, labels and formatting for the speech recognition pages. Types only from the contract: its
// values would pull zod into the browser bundle of pages that validate nothing.
import { jobStatusLabel, type JobStatus } from '#contract/job-status'
import { jobStatusColor } from '~/components/layout/job-progress'
import type { Speaker } from '#contract/speech'
import { RECORDING_MAX_BYTES } from '#contract/limits'
import { utcDates } from '~/lib/intl-formats'

export const SPEECH_PATH = '/demo-portal/capabilities/speech-recognition'
export const SPEECH_DEMO_PATH = `${SPEECH_PATH}/demo`
/** The resource route the upload form posts to with JavaScript (it answers JSON, so the page can show progress). */
export const SPEECH_UPLOAD_PATH = `${SPEECH_DEMO_PATH}/upload`
export const SPEECH_HISTORY_PATH = `${SPEECH_PATH}/past_history`
/** A recording's page: its live status, then its audio, transcript and summary. */
export const recordingPath = (id: number | string) => `${SPEECH_DEMO_PATH}?recording_id=${id}`

/** SPEC §8's messages of the speech pages. */
export const RECORDING_MAX_MB = RECORDING_MAX_BYTES / 1024 / 1024

export const TRANSCRIPT_INTENT = 'update-transcript'
export const TRANSCRIPT_ERROR = 'Update Transcript Error'
export const SUMMARY_INTENT = 'update-summary'
/** SPEC §8: the API refused the summary (4xx). */
export const SUMMARY_REFUSED = 'Summary Not Updated'
/** SPEC §8, spelt as it is there: the API failed or could not be reached (5xx). */
export const SUMMARY_ERROR = 'Update Sumamry Error'

export const RECORDING_LIST_ERROR = 'Recording List Api Error'
export const DELETED = 'Deleted record successfully!'
export const DELETE_ERROR = 'Error deleting transcription.'

/** SPEC §4's labels, in the order a recording goes through them. */
export const statusLabel: Record<JobStatus, string> = jobStatusLabel
export const statusColor: Record<JobStatus, string> = jobStatusColor
export const statusOptions = (Object.keys(statusLabel) as JobStatus[]).map((value) => ({
  value,
  label: statusLabel[value],
}))

/** SPEC §4: completed and failed end the polling; the others are still on their way. */
export const inProgress = (status: JobStatus) => status !== 'completed' && status !== 'failed'

export const speakerLabel: Record<Speaker, string> = { agent: 'Agent', customer: 'Customer' }
export const speakerColor: Record<Speaker, string> = { agent: 'indigo', customer: 'orange' }

/** 65 → "1:05", 3725 → "1:02:05". */
export function formatClock(seconds: number) {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

// One fixed zone and locale so the server's HTML and the browser's hydration agree.
const dateTime = utcDates({ dateStyle: 'medium', timeStyle: 'short' })
export function formatDateTime(iso: string | null | undefined) {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`
}

export const formatPct = (n: number) => `${Math.round(n * 10) / 10}%`
