import type { SubmissionResult } from '@conform-to/react'
import { RECORDING_MAX_BYTES } from '#contract/limits'
import { RECORDING_MAX_MB } from '~/components/speech/format'
import { parseUploadForm } from '~/components/speech/upload.schema'
import { uploadRecording } from '~/services/speech.server'
import { handleSpooledUpload } from '~/lib/upload-handler.server'

const TOO_LARGE = `The recording is larger than ${RECORDING_MAX_MB} MB`

export type UploadOutcome =
  | { ok: true; recordingId: number; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

/**
 * The upload form, posted with or without JavaScript: checked like the browser checks it, then sent
 * on to upload_recording/ from the temporary file (never held in memory). A missing session answers
 * with the sign-in redirect before the body is read.
 */
export async function handleUpload(request: Request): Promise<UploadOutcome> {
  const outcome = await handleSpooledUpload(request, {
    spool: {
      maxBytes: RECORDING_MAX_BYTES,
      tooLarge: TOO_LARGE,
      fileFields: ['file'],
      // the file, language, domain and nothing much else
      maxParts: 6,
      tooManyParts: 'Send one recording and the form fields only',
      prefix: 'speech-upload',
    },
    parse: parseUploadForm,
    send: (api, { file, ...fields }) => uploadRecording(api, fields, file, file.name),
    fields: ['file', 'language', 'domain'],
  })
  return outcome.ok ? { ok: true, recordingId: outcome.created.recording_id, headers: outcome.headers } : outcome
}
