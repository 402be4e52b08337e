import type { SubmissionResult } from '@conform-to/react'
import { RECORDING_MAX_BYTES } from '#contract/speech'
import { parseUploadForm, RECORDING_MAX_MB } from '~/components/speech/upload.schema'
import { uploadRecording, upstreamFailure } from '~/services/speech.server'
import { createUpstream } from '~/services/upstream.server'
import { readSpooledUpload } from '~/lib/multipart-upload.server'
import { requireTokens } from '~/sessions.server'

const TOO_LARGE = `The recording is larger than ${RECORDING_MAX_MB} MB`

/** The posted form with the recording spooled to a temporary file (never held in memory). */
export const readRecordingUpload = (request: Request) =>
  readSpooledUpload(request, {
    maxBytes: RECORDING_MAX_BYTES,
    tooLarge: TOO_LARGE,
    fileFields: ['file'],
    // the file, language, domain and nothing much else
    maxParts: 6,
    tooManyParts: 'Send one recording and the form fields only',
    prefix: 'speech-upload',
  })

export type UploadOutcome =
  | { ok: true; recordingId: number; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

const FIELDS = ['file', 'language', 'domain']

/**
 * The upload form, posted with or without JavaScript: checked like the browser checks it, then sent
 * on to upload_recording/ from the temporary file. A missing session answers with the sign-in redirect
 * before the body is read.
 */
export async function handleUpload(request: Request): Promise<UploadOutcome> {
  const tokens = await requireTokens(request)
  const read = await readRecordingUpload(request)
  if ('error' in read) {
    return {
      ok: false,
      status: read.status,
      result: { status: 'error', error: { file: [read.error] } },
      headers: new Headers(),
    }
  }
  try {
    const submission = parseUploadForm(read.form)
    if (submission.status !== 'success') {
      return { ok: false, status: 400, result: submission.reply({ hideFields: ['file'] }), headers: new Headers() }
    }
    const { file, ...fields } = submission.value
    const api = await createUpstream(request, tokens)
    try {
      const created = await uploadRecording(api, fields, file, file.name)
      return { ok: true, recordingId: created.recording_id, headers: api.headers }
    } catch (thrown) {
      const failure = await upstreamFailure(thrown)
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors).filter(([key]) => FIELDS.includes(key)),
      )
      return {
        ok: false,
        status: failure.status,
        result: submission.reply({ formErrors: [failure.message], fieldErrors, hideFields: ['file'] }),
        headers: api.headers,
      }
    }
  } finally {
    await read.cleanup()
  }
}
