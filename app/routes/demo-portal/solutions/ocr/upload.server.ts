import type { SubmissionResult } from '@conform-to/react'
import { DOCUMENT_MAX_BYTES } from '#contract/limits'
import { UPLOAD_ERROR, UPLOAD_REFUSED } from '~/components/ocr/format'
import { parseUploadForm, TOO_LARGE } from '~/components/ocr/upload.schema'
import { uploadDocument } from '~/services/ocr.server'
import { handleSpooledUpload } from '~/lib/upload-handler.server'

export type UploadOutcome =
  | { ok: true; documentId: number; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

/** SPEC §8: the API refused the document (4xx), or the API or the way to it failed (5xx). */
export const uploadMessage = (status: number) => (status >= 500 ? UPLOAD_ERROR : UPLOAD_REFUSED)

/**
 * The upload form, posted with or without JavaScript: checked for a type and a file of a size the API
 * takes, then sent on to upload_document/ from the temporary file; whether the file is a document it
 * can read, the API decides. A missing session answers with the sign-in redirect before the body is read.
 */
export async function handleUpload(request: Request): Promise<UploadOutcome> {
  const outcome = await handleSpooledUpload(request, {
    // the document (or the camera's photo) spooled to a temporary file
    spool: {
      maxBytes: DOCUMENT_MAX_BYTES,
      tooLarge: TOO_LARGE,
      fileFields: ['file', 'photo'],
      // the file (or the camera's photo), the document type and nothing much else
      maxParts: 5,
      tooManyParts: 'Send one document and the form fields only',
      prefix: 'ocr-upload',
    },
    parse: parseUploadForm,
    send: (api, { file, document_type: documentType }) => uploadDocument(api, documentType, file, file.name),
    fields: ['file', 'document_type'],
    refused: UPLOAD_REFUSED,
    failed: uploadMessage,
  })
  return outcome.ok ? { ok: true, documentId: outcome.created.document_id, headers: outcome.headers } : outcome
}
