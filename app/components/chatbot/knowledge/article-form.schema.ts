import { parseWithZod } from '@conform-to/zod'
import { z, type ZodErrorMap } from 'zod'
import { articleBody, articleUpdateBody } from '#contract/chatbot'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '')

/**
 * The posted strings as the contract's input. conform's own coercion would turn an empty field into a
 * missing one; here an empty text is '' (so the contract's length messages speak) and an unpicked
 * campaign is missing.
 */
function formInput(value: unknown) {
  if (!isRecord(value)) return value
  return {
    ...(value.article_id !== undefined && { article_id: value.article_id }),
    campaign_id: blank(value.campaign_id) ? undefined : value.campaign_id,
    title: value.title ?? '',
    keywords: value.keywords ?? '',
    questions: value.questions ?? '',
    body: value.body ?? '',
  }
}

/** The contract's own messages, with words of the form's for the two it leaves to zod. */
const errorMap: ZodErrorMap = (issue, ctx) => {
  if (issue.path[0] === 'campaign_id') return { message: 'Choose a campaign' }
  if (issue.path[0] === 'keywords' && issue.path.length > 1 && issue.code === 'too_big')
    return { message: 'A keyword can be at most 60 characters' }
  return { message: ctx.defaultError }
}

const createForm = z.preprocess(formInput, articleBody)
const updateForm = z.preprocess(formInput, articleUpdateBody)

/** The same rules in the browser and in the action: the contract's `articleBody` / `articleUpdateBody`. */
export function parseArticleForm(formData: FormData, { update }: { update: boolean }) {
  return parseWithZod(formData, {
    schema: update ? updateForm : createForm,
    disableAutoCoercion: true,
    errorMap,
  })
}
