import { paths } from '#contract/paths'
import {
  recordingDetail,
  recordingIdQuery,
  recordingList,
  statusKpi,
  uploadRecordingResult,
  type RecordingListQuery,
  type UpdateSummaryBody,
  type UpdateTranscriptionBody,
  type UploadRecordingFields,
} from '#contract/speech'
import type { Upstream } from '~/services/upstream.server'

/** A 200 MB recording over a slow link to the API, and the API storing it before it answers. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000

/** POST upload_recording/: the fields first, then the file (multipart, streamed from the blob as fetch reads it). */
export function uploadRecording(api: Upstream, fields: UploadRecordingFields, file: Blob, fileName: string) {
  const body = new FormData()
  body.append('language', fields.language)
  body.append('domain', fields.domain)
  body.append('file', file, fileName)
  return api.call({
    method: 'POST',
    path: paths.uploadRecording,
    body,
    schema: uploadRecordingResult,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  })
}

/** GET upload_recording/{query}: empty filters are left out. */
export function listRecordings(api: Upstream, query: RecordingListQuery) {
  return api.call({ path: paths.uploadRecording, query, schema: recordingList })
}

export function getRecording(api: Upstream, recordingId: number) {
  return api.call({ path: paths.recordingStatus, query: { recording_id: recordingId }, schema: recordingDetail })
}

export function updateTranscription(api: Upstream, body: UpdateTranscriptionBody) {
  return api.call({ method: 'PUT', path: paths.updateTranscription, body, schema: recordingDetail })
}

export function updateSummary(api: Upstream, body: UpdateSummaryBody) {
  return api.call({ method: 'PUT', path: paths.updateSummary, body, schema: recordingDetail })
}

export function deleteRecording(api: Upstream, recordingId: number) {
  return api.call({
    method: 'DELETE',
    path: paths.updateTranscription,
    query: { recording_id: recordingId },
    schema: recordingIdQuery,
  })
}

export function getRecordingKpi(api: Upstream) {
  return api.call({ path: paths.uploadRecordingKpi, schema: statusKpi })
}

/** A recording id from the URL or a form; null when it is not one. */
export function recordingIdOf(value: unknown): number | null {
  const parsed = recordingIdQuery.shape.recording_id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalAudioUrl } from './evaluations.server'
export { orNull, upstreamFailure } from './upstream.server'
