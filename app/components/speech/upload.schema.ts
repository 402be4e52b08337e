import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { RECORDING_MAX_BYTES, uploadRecordingFields } from '#contract/speech'

export const RECORDING_MAX_MB = RECORDING_MAX_BYTES / 1024 / 1024
export const CHOOSE_FILE = 'Choose a recording to upload'

// By its shape, not `instanceof`: the form's File may come from another realm (a test's DOM, the server's parser).
const isFile = (value: unknown): value is File =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as File).name === 'string' &&
  typeof (value as File).size === 'number' &&
  typeof (value as File).arrayBuffer === 'function'
// A file input left empty posts a nameless, empty file.
const chosen = (value: unknown) => (isFile(value) && value.size === 0 && value.name === '' ? undefined : value)

/** The upload form: the contract's fields and the file, in the browser (before sending) and in the action. */
export const uploadRecordingForm = uploadRecordingFields.extend({
  file: z.preprocess(
    chosen,
    z
      .custom<File>(isFile, { message: CHOOSE_FILE })
      .refine((file) => file.size > 0, 'The file is empty')
      .refine((file) => file.size <= RECORDING_MAX_BYTES, `The recording is larger than ${RECORDING_MAX_MB} MB`),
  ),
})

export function parseUploadForm(formData: FormData) {
  return parseWithZod(formData, { schema: uploadRecordingForm, disableAutoCoercion: true })
}
