import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { CHAT_MESSAGE_MAX } from '#contract/limits'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())

const message = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, `A message can be at most ${max.toLocaleString('en-GB')} characters`)
      .optional(),
  )

/** A chat message: the customer's (chatWithUs) or what the agent pasted (trelliChat, longer). */
export const askForm = (max = CHAT_MESSAGE_MAX) =>
  z
    .object({
      campaign_id: z.coerce
        .number({ invalid_type_error: 'Choose a campaign' })
        .int()
        .positive('Choose a campaign')
        .max(2_147_483_647),
      conversation_id: optionalId,
      call_evaluation_id: optionalId,
      message: message(max),
    })
    // trelliChat may work from a call alone: its customer's last words are the question
    .superRefine((v, ctx) => {
      if (!v.message && !v.call_evaluation_id)
        ctx.addIssue({ code: 'custom', path: ['message'], message: 'Type a message' })
    })

export function parseAskForm(formData: FormData, max = CHAT_MESSAGE_MAX) {
  return parseWithZod(formData, { schema: askForm(max), disableAutoCoercion: true })
}

const text = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(max).optional())

/**
 * "Talk to a person": the conversation (or, before there is one, what it is about), a reason, and the
 * callback details, which become required when no agent is available (`needs_callback`).
 */
export const handoffForm = z
  .object({
    campaign_id: id,
    conversation_id: optionalId,
    about: text(CHAT_MESSAGE_MAX),
    reason: text(500),
    needs_callback: z.preprocess((v) => v === 'true' || v === 'on', z.boolean()),
    callback_name: text(120),
    callback_phone: text(40),
    callback_time: text(120),
  })
  .superRefine((v, ctx) => {
    if (!v.conversation_id && !v.about)
      ctx.addIssue({ code: 'custom', path: ['about'], message: 'Tell us briefly what it is about' })
    if (v.needs_callback) {
      if (!v.callback_name) ctx.addIssue({ code: 'custom', path: ['callback_name'], message: 'Give a name' })
      if (!v.callback_phone)
        ctx.addIssue({ code: 'custom', path: ['callback_phone'], message: 'Give a phone number to call back' })
      else if (!/^[+()\d\s-]+$/.test(v.callback_phone) || !/^(\D*\d){7,15}\D*$/.test(v.callback_phone))
        ctx.addIssue({ code: 'custom', path: ['callback_phone'], message: 'Give a phone number of 7 to 15 digits' })
    }
  })
export type HandoffForm = z.infer<typeof handoffForm>

export const parseHandoffForm = (formData: FormData) =>
  parseWithZod(formData, { schema: handoffForm, disableAutoCoercion: true })

export const feedbackForm = z.object({
  message_id: id,
  rating: z.enum(['up', 'down'], { errorMap: () => ({ message: 'Choose yes or no' }) }),
  reason: text(500),
})

export type ChatReply = { intent: 'ask' | 'handoff'; result: SubmissionResult<string[]>; needsCallback?: boolean }
