import type { SubmissionResult } from '@conform-to/react'
import { DOCUMENT_MAX_BYTES } from '#contract/ocr'
import { UPLOAD_ERROR, UPLOAD_REFUSED } from '~/components/ocr/format'
import { parseUploadForm, TOO_LARGE } from '~/components/ocr/upload.schema'
import { uploadDocument, upstreamFailure } from '~/services/ocr.server'
import { createUpstream } from '~/services/upstream.server'
import { readSpooledUpload } from '~/lib/multipart-upload.server'
import { requireTokens } from '~/sessions.server'

/** The posted form with the document (or the camera's photo) spooled to a temporary file. */
export const readDocumentUpload = (request: Request) =>
  readSpooledUpload(request, {
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLarge: TOO_LARGE,
    fileFields: ['file', 'photo'],
    // the file (or the camera's photo), the document type and nothing much else
    maxParts: 5,
    tooManyParts: 'Send one document and the form fields only',
    prefix: 'ocr-upload',
  })

export type UploadOutcome =
  | { ok: true; documentId: number; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

const FIELDS = ['file', 'document_type']

/** SPEC §8: the API refused the document (4xx), or the API or the way to it failed (5xx). */
export const uploadMessage = (status: number) => (status >= 500 ? UPLOAD_ERROR : UPLOAD_REFUSED)

/**
 * The upload form, posted with or without JavaScript: checked for a type and a file of a size the API
 * takes, then sent on to upload_document/ from the temporary file; whether the file is a document it
 * can read, the API decides. A missing session answers with the sign-in redirect before the body is read.
 */
export async function handleUpload(request: Request): Promise<UploadOutcome> {
  const tokens = await requireTokens(request)
  const read = await readDocumentUpload(request)
  if ('error' in read) {
    return {
      ok: false,
      status: read.status,
      result: { status: 'error', error: { '': [UPLOAD_REFUSED], file: [read.error] } },
      headers: new Headers(),
    }
  }
  try {
    const submission = parseUploadForm(read.form)
    if (submission.status !== 'success') {
      return {
        ok: false,
        status: 400,
        result: submission.reply({ formErrors: [UPLOAD_REFUSED], hideFields: ['file'] }),
        headers: new Headers(),
      }
    }
    const { file, document_type: documentType } = submission.value
    const api = await createUpstream(request, tokens)
    try {
      const created = await uploadDocument(api, documentType, file, file.name)
      return { ok: true, documentId: created.document_id, headers: api.headers }
    } catch (thrown) {
      const failure = await upstreamFailure(thrown)
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors).filter(([key]) => FIELDS.includes(key)),
      )
      return {
        ok: false,
        status: failure.status,
        result: submission.reply({
          formErrors: [uploadMessage(failure.status), failure.message],
          fieldErrors,
          hideFields: ['file'],
        }),
        headers: api.headers,
      }
    }
  } finally {
    await read.cleanup()
  }
}
