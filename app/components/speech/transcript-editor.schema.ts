import { parseWithZod } from '@conform-to/zod'
import { updateTranscriptionBody } from '#contract/speech'

/** The same rules in the browser and in the action: the contract's, read from the form as posted. */
export function parseTranscriptForm(formData: FormData) {
  return parseWithZod(formData, { schema: updateTranscriptionBody, disableAutoCoercion: true })
}
