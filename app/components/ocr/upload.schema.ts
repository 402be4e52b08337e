import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { DOCUMENT_MAX_BYTES, documentAccept, uploadDocumentFields } from '#contract/ocr'

export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024
export const CHOOSE_FILE = 'Choose a document or take a photo'
export const TOO_LARGE = `The document is larger than ${DOCUMENT_MAX_MB} MB`
export const WRONG_TYPE = 'Upload a PNG, JPEG, TIFF or WebP image, or a PDF'

const accepted = documentAccept.split(',')
const extensions = accepted.filter((a) => a.startsWith('.'))
const mimeTypes = accepted.filter((a) => a.includes('/'))

// By its shape, not `instanceof`: the form's File may come from another realm (a test's DOM, the server's parser).
const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).name === 'string' &&
  typeof (value as File).size === 'number' &&
  typeof (value as File).arrayBuffer === 'function'
// A file input left empty posts a nameless, empty file.
const isEmptyInput = (value: unknown) => !isFile(value) || (value.size === 0 && value.name === '')
const chosen = (value: unknown) => (isEmptyInput(value) ? undefined : value)

/** By its name or its type as the browser reports it; the API sniffs the bytes and has the last word. */
export function looksLikeDocument(file: File) {
  const name = file.name.toLowerCase()
  return mimeTypes.includes(file.type) || extensions.some((ext) => name.endsWith(ext))
}

const file = z
  .custom<File>(isFile, { message: CHOOSE_FILE })
  .refine((f) => f.size > 0, 'The file is empty')
  .refine((f) => f.size <= DOCUMENT_MAX_BYTES, TOO_LARGE)

/** The upload form as the portal's server checks it: a type and a file of a size the API takes. */
export const uploadDocumentForm = uploadDocumentFields.extend({ file: z.preprocess(chosen, file) })
/** In the browser, before sending: also the file's type, so a wrong file is not uploaded for nothing. */
export const uploadDocumentBrowserForm = uploadDocumentFields.extend({
  file: z.preprocess(chosen, file.refine(looksLikeDocument, WRONG_TYPE)),
})

/**
 * The camera's photo (field `photo`, offered with JavaScript on devices with a camera) stands in for
 * the file when no file was chosen; only `file` goes on.
 */
export function withPhoto(formData: FormData) {
  const photo = formData.get('photo')
  formData.delete('photo')
  if (isEmptyInput(formData.get('file')) && !isEmptyInput(photo)) formData.set('file', photo as File)
  return formData
}

export function parseUploadForm(formData: FormData, { browser = false } = {}) {
  return parseWithZod(withPhoto(formData), {
    schema: browser ? uploadDocumentBrowserForm : uploadDocumentForm,
    disableAutoCoercion: true,
  })
}
