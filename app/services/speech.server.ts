import { endpoints } from '#contract/endpoints'
import { recordingIdQuery, type UploadRecordingFields } from '#contract/speech'
import type { Upstream } from '~/services/upstream.server'

/** A 200 MB recording over a slow link to the API, and the API storing it before it answers. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000

/** POST upload_recording/: the fields first, then the file (multipart, streamed from the blob as fetch reads it). */
export function uploadRecording(api: Upstream, fields: UploadRecordingFields, file: Blob, fileName: string) {
  const body = new FormData()
  body.append('language', fields.language)
  body.append('domain', fields.domain)
  body.append('file', file, fileName)
  return api.request(endpoints.uploadRecording, { body, timeoutMs: UPLOAD_TIMEOUT_MS })
}

/** A recording id from the URL or a form; null when it is not one. */
export function recordingIdOf(value: unknown): number | null {
  const parsed = recordingIdQuery.shape.recording_id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalAudioUrl } from './evaluations.server'
export { orNull, upstreamFailure } from './upstream.server'
