import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { insightsQuestion, type InsightsAnswer } from '#contract/ocr'
import type { ASK_INTENT } from './format'

export const ASK_ERROR = 'The question was not answered'

export function parseAskForm(formData: FormData) {
  return parseWithZod(formData, { schema: insightsQuestion, disableAutoCoercion: true })
}

/** What the document page's action answers a question with (in actionData, with or without JavaScript). */
export type AskReply = { intent: typeof ASK_INTENT; result: SubmissionResult<string[]>; answer: InsightsAnswer | null }
