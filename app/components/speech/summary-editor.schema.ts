import { parseWithZod } from '@conform-to/zod'
import { updateSummaryBody } from '#contract/speech'

export function parseSummaryForm(formData: FormData) {
  return parseWithZod(formData, { schema: updateSummaryBody, disableAutoCoercion: true })
}
