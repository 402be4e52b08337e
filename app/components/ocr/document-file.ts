import { DOCUMENT_MAX_BYTES } from '#contract/limits'
import { isEmptyFileInput } from '~/lib/form-file'

/** The document a form posts, without the schemas (those load with the form's checks). */
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024

/**
 * The camera's photo (field `photo`, offered with JavaScript on devices with a camera) stands in for
 * the file when no file was chosen; only `file` goes on.
 */
export function withPhoto(formData: FormData) {
  const photo = formData.get('photo')
  formData.delete('photo')
  if (isEmptyFileInput(formData.get('file')) && !isEmptyFileInput(photo)) formData.set('file', photo as File)
  return formData
}
