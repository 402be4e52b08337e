import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { uploadDocumentFields } from '#contract/ocr'
import { DOCUMENT_MAX_BYTES, documentAccept } from '#contract/limits'
import { DOCUMENT_MAX_MB, withPhoto } from './document-file'
import { isEmptyFileInput, isFile } from '~/lib/form-file'

export const CHOOSE_FILE = 'Choose a document or take a photo'
export const TOO_LARGE = `The document is larger than ${DOCUMENT_MAX_MB} MB`
export const WRONG_TYPE = 'Upload a PNG, JPEG, TIFF or WebP image, or a PDF'

const accepted = documentAccept.split(',')
const extensions = accepted.filter((a) => a.startsWith('.'))
const mimeTypes = accepted.filter((a) => a.includes('/'))

const chosen = (value: unknown) => (isEmptyFileInput(value) ? undefined : value)

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

export function parseUploadForm(formData: FormData, { browser = false } = {}) {
  return parseWithZod(withPhoto(formData), {
    schema: browser ? uploadDocumentBrowserForm : uploadDocumentForm,
    disableAutoCoercion: true,
  })
}
