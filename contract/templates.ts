import { z } from 'zod'
import { pageQuery, paged } from './envelope'

/** Who must say a question's evidence (or its trigger). */
export const speakerChoice = z.enum(['agent', 'customer', 'any'])
export type SpeakerChoice = z.infer<typeof speakerChoice>

const phrase = z.string().trim().min(1, 'A phrase cannot be empty').max(200, 'A phrase is at most 200 characters')
const weight = z.coerce.number().int().min(1, 'Weight is at least 1').max(100, 'Weight is at most 100')
const seconds = z.coerce.number().int().min(1).max(36_000).nullable()
const messages = z.coerce.number().int().min(1, 'At least 1 message').max(100, 'At most 100 messages').nullable()

export const templateQuestionInput = z
  .object({
    question_text: z.string().trim().min(1, 'Question text is required').max(500),
    weight: weight.default(1),
    /** The answer a compliant call gives. */
    expected_answer: z.enum(['yes', 'no']).default('yes'),
    /** Any of these, said by `speaker`, makes the answer yes. */
    evidence_phrases: z.array(phrase).min(1, 'Give at least one phrase').max(20),
    speaker: speakerChoice.default('agent'),
    within_first_s: seconds.default(null),
    within_last_s: seconds.default(null),
    /**
     * The same window in a chat or e-mail thread, counted in the speaker's messages: the greeting in
     * the agent's first 2 messages. Unset, it follows from the seconds (a chat message per 15 s, an
     * e-mail thread's first message; a closing window covers every e-mail, as each closes on its own).
     */
    within_first_messages: messages.default(null),
    within_last_messages: messages.default(null),
    /** The question applies only when one of these is said; none means it always applies. */
    applies_when_phrases: z.array(phrase).max(20).default([]),
    applies_when_speaker: speakerChoice.default('customer'),
  })
  .refine((q) => q.within_first_s === null || q.within_last_s === null, {
    message: 'Choose the first or the last seconds of the call, not both',
    path: ['within_last_s'],
  })
  .refine((q) => q.within_first_messages === null || q.within_last_messages === null, {
    message: 'Choose the first or the last messages, not both',
    path: ['within_last_messages'],
  })
export type TemplateQuestionInput = z.infer<typeof templateQuestionInput>

export const templateCategoryInput = z.object({
  name: z.string().trim().min(1, 'Category name is required').max(120),
  weight: weight.default(1),
  auto_failed: z.boolean().default(false),
  questions: z.array(templateQuestionInput).min(1, 'Add at least one question').max(50),
})

export const templateInput = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(150),
  description: z.string().trim().max(2000).default(''),
  categories: z.array(templateCategoryInput).min(1, 'Add at least one category').max(30),
})
export type TemplateInput = z.infer<typeof templateInput>

export const templateInternalId = z.string().uuid('Unknown template')
export const updateTemplateBody = templateInput.extend({ template_internal_id: templateInternalId })
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>

export const templateStatus = z.enum(['active', 'archived'])

export const templateQuestion = z.object({
  internal_id: z.number().int(),
  question_text: z.string(),
  weight: z.number().int(),
  expected_answer: z.enum(['yes', 'no']),
  evidence_phrases: z.array(z.string()),
  speaker: speakerChoice,
  within_first_s: z.number().int().nullable(),
  within_last_s: z.number().int().nullable(),
  within_first_messages: z.number().int().nullable(),
  within_last_messages: z.number().int().nullable(),
  applies_when_phrases: z.array(z.string()),
  applies_when_speaker: speakerChoice,
})

export const templateCategory = z.object({
  internal_id: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  auto_failed: z.boolean(),
  questions: z.array(templateQuestion),
})

export const templateSummary = z.object({
  template_internal_id: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: templateStatus,
  category_count: z.number().int(),
  question_count: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
})
export type TemplateSummary = z.infer<typeof templateSummary>

export const template = templateSummary.extend({ categories: z.array(templateCategory) })
export type Template = z.infer<typeof template>

export const templateList = paged(templateSummary)

/** `template/{query}`: a page of templates, or one with `template_internal_id`. */
export const templateQuery = pageQuery.extend({
  template_internal_id: templateInternalId.optional(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'archived', 'all']).default('active'),
})

export const templateIdQuery = z.object({ template_internal_id: templateInternalId })

/** What archiving (DELETE template/) answers: the template's internal id, now archived. */
export const templateArchived = z.object({ template_internal_id: z.string(), archived: z.boolean() })
