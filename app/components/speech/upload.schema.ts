import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { uploadRecordingFields } from '#contract/speech'
import { RECORDING_MAX_BYTES } from '#contract/limits'
import { RECORDING_MAX_MB } from './format'
import { isFile } from '~/lib/form-file'

export const CHOOSE_FILE = 'Choose a recording to upload'

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
