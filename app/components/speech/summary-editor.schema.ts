import { parseWithZod } from '@conform-to/zod'
import { updateSummaryBody } from '#contract/speech'

export const SUMMARY_INTENT = 'update-summary'
/** SPEC §8: the API refused the summary (4xx). */
export const SUMMARY_REFUSED = 'Summary Not Updated'
/** SPEC §8, spelt as it is there: the API failed or could not be reached (5xx). */
export const SUMMARY_ERROR = 'Update Sumamry Error'

export function parseSummaryForm(formData: FormData) {
  return parseWithZod(formData, { schema: updateSummaryBody, disableAutoCoercion: true })
}
