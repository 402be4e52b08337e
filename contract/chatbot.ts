import { z } from 'zod'
import { isoDate, pageQuery, paged } from './envelope'
import { CHAT_MESSAGE_MAX, COPILOT_MESSAGE_MAX, ARTICLE_TITLE_MAX, ARTICLE_BODY_MAX } from './limits'
export {
  CHAT_MESSAGE_MAX,
  COPILOT_MESSAGE_MAX,
  TALK_FILE_MAX_BYTES,
  ARTICLE_TITLE_MAX,
  ARTICLE_BODY_MAX,
} from './limits'

/*
 * Chatbot (SPEC §2 and §7, under /api/chatbot/): the customer's web chat (chat_with_us), the
 * agent's copilot (trelli_chat) and the voice bot (trelli_talk) answer from a knowledge base of
 * articles per campaign, citing the chunks they quote. Keep the names of converse/, talk/,
 * conversations/, feedback/, articles/, gaps/ and handoff/ and of their fields: checks outside the
 * project call them.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)
const optionalId = z.preprocess(emptyIsAny, id.optional())

export const chatChannels = ['chat_with_us', 'trelli_chat', 'trelli_talk'] as const
export const chatChannel = z.enum(chatChannels, { errorMap: () => ({ message: 'Choose a channel' }) })
export type ChatChannel = z.infer<typeof chatChannel>
export const chatChannelLabel: Record<ChatChannel, string> = {
  chat_with_us: 'Chat with us',
  trelli_chat: 'trelliChat copilot',
  trelli_talk: 'trelliTalk voice',
}
/**
 * The history pages (`/chatbot/{type}`): every channel, or one. Spelt out: a spread of `chatChannels`
 * here would be kept by the browser's bundler with the schemas around it (contract/limits.test.ts
 * checks that every channel is in it).
 */
export const chatHistoryTypes = ['past_history', 'chat_with_us', 'trelli_chat', 'trelli_talk'] as const

const message = z
  .string({ required_error: 'Type a message' })
  .trim()
  .max(COPILOT_MESSAGE_MAX, `A message can be at most ${COPILOT_MESSAGE_MAX.toLocaleString('en-GB')} characters`)

export const converseBody = z
  .object({
    channel: chatChannel,
    campaign_id: id,
    message,
    conversation_id: id.optional(),
    /** trelliChat: the call the agent is working on; its transcript's last customer words are the question (with the message, if any). */
    call_evaluation_id: id.optional(),
    /** With an LLM: answer NDJSON events (delta, citations, done) as the text is written. */
    stream: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.message && !(body.channel === 'trelli_chat' && body.call_evaluation_id))
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Type a message' })
    if (body.call_evaluation_id && body.channel !== 'trelli_chat')
      ctx.addIssue({ code: 'custom', path: ['call_evaluation_id'], message: 'Only trelliChat works from a call' })
    if (body.channel !== 'trelli_chat' && body.message.length > CHAT_MESSAGE_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: `A message can be at most ${CHAT_MESSAGE_MAX.toLocaleString('en-GB')} characters`,
      })
  })
export type ConverseBody = z.infer<typeof converseBody>

export const citation = z.object({
  n: z.number().int().positive(),
  article_id: z.number().int(),
  title: z.string(),
  chunk_id: z.number().int(),
  /** The chunk's text, to show as the source. */
  excerpt: z.string(),
})
export type ChatCitation = z.infer<typeof citation>

export const suggestion = z.object({ text: z.string(), citations: z.array(citation) })

export const articleRef = z.object({ article_id: z.number().int(), title: z.string() })

/** trelliChat's answer to a question about the portal's data: the figure and the dashboard that shows it. */
export const dataAnswer = z.object({ intent: z.string(), figure: z.string(), link: z.string() })

export const converseResult = z.object({
  conversation_id: z.number().int(),
  /** The bot's message, for feedback. */
  message_id: z.number().int(),
  answer: z.string(),
  citations: z.array(citation),
  dont_know: z.boolean(),
  /** trelliChat: replies the agent may send, each with its sources. */
  suggestions: z.array(suggestion).optional(),
  /** With "I don't know": the articles nearest the question. */
  closest_articles: z.array(articleRef),
  data_answer: dataAnswer.nullable().optional(),
  /** Card and phone numbers or obscene words were masked in the stored message. */
  masked: z.boolean(),
  timings_ms: z.record(z.number()),
})
export type ConverseResult = z.infer<typeof converseResult>

/** The NDJSON events of a streamed converse/ (one JSON object a line). */
export const converseEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), result: converseResult }),
  z.object({ type: z.literal('error'), message: z.string() }),
])
export type ConverseEvent = z.infer<typeof converseEvent>

export const talkFields = z.object({ campaign_id: id, conversation_id: optionalId })
export const talkResult = z.object({
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  transcript: z.string(),
  answer: z.string(),
  citations: z.array(citation),
  dont_know: z.boolean(),
  closest_articles: z.array(articleRef),
  /** The spoken reply (WAV), by a signed link. */
  audio_url: z.string().nullable(),
  /** recognition, retrieval, answer, speech and total. */
  timings_ms: z.record(z.number()),
})
export type TalkResult = z.infer<typeof talkResult>

export const chatRoles = ['customer', 'bot', 'agent', 'system'] as const
export const feedbackRatings = ['up', 'down'] as const
export const feedbackRating = z.enum(feedbackRatings, { errorMap: () => ({ message: 'Choose thumbs up or down' }) })

export const chatMessage = z.object({
  message_id: z.number().int(),
  role: z.enum(chatRoles),
  text: z.string(),
  citations: z.array(citation),
  dont_know: z.boolean(),
  suggestions: z.array(suggestion),
  closest_articles: z.array(articleRef),
  data_answer: dataAnswer.nullable(),
  feedback: z.object({ rating: feedbackRating, reason: z.string().nullable() }).nullable(),
  audio_url: z.string().nullable(),
  timings_ms: z.record(z.number()).nullable(),
  created_at: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessage>

export const handoffStatuses = ['queued', 'accepted', 'callback_requested', 'closed'] as const
export const handoffStatus = z.enum(handoffStatuses)
export const handoffStatusLabel: Record<(typeof handoffStatuses)[number], string> = {
  queued: 'Waiting for an agent',
  accepted: 'With an agent',
  callback_requested: 'Callback requested',
  closed: 'Closed',
}

export const handoff = z.object({
  handoff_id: z.number().int(),
  conversation_id: z.number().int(),
  channel: chatChannel,
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  customer: z.string(),
  status: handoffStatus,
  reason: z.string().nullable(),
  summary: z.string(),
  callback_name: z.string().nullable(),
  callback_phone: z.string().nullable(),
  callback_time: z.string().nullable(),
  accepted_by: z.string().nullable(),
  requested_at: z.string(),
  /** What the customer was told happens next. */
  next_steps: z.string(),
})
export type Handoff = z.infer<typeof handoff>

export const conversationSummary = z.object({
  conversation_id: z.number().int(),
  channel: chatChannel,
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  title: z.string(),
  user: z.string(),
  message_count: z.number().int(),
  dont_know_count: z.number().int(),
  thumbs_up: z.number().int(),
  thumbs_down: z.number().int(),
  handoff_status: handoffStatus.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ConversationSummary = z.infer<typeof conversationSummary>

export const conversationDetail = conversationSummary.extend({
  messages: z.array(chatMessage),
  handoff: handoff.nullable(),
  /** When the conversation (and any voice recording in it) is deleted. */
  retained_until: z.string(),
  /** The asker had this conversation: they may go on with it, rate its answers and hand it off. */
  is_own: z.boolean(),
})
export type ConversationDetail = z.infer<typeof conversationDetail>

const channelFilter = z.preprocess(emptyIsAny, chatChannel.optional())
const conversationFilters = {
  channel: channelFilter,
  campaign_id: optionalId,
  q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()),
  feedback: z.preprocess(emptyIsAny, feedbackRating.optional()),
  dont_know: z.preprocess(emptyIsAny, z.enum(['true', 'false']).optional()),
  from: z.preprocess(emptyIsAny, isoDate.optional()),
  to: z.preprocess(emptyIsAny, isoDate.optional()),
}
export const conversationListQuery = pageQuery.extend(conversationFilters)
export type ConversationListQuery = z.infer<typeof conversationListQuery>
export const conversationExportQuery = z.object(conversationFilters)
export const conversationList = paged(conversationSummary)

export const chatbotKpiQuery = z.object({ channel: channelFilter })
export const chatbotKpi = z.object({
  conversations: z.number().int(),
  questions: z.number().int(),
  answered: z.number().int(),
  dont_know: z.number().int(),
  thumbs_up: z.number().int(),
  thumbs_down: z.number().int(),
  handoffs: z.number().int(),
})
export type ChatbotKpi = z.infer<typeof chatbotKpi>

export const conversationQuery = z.object({ conversation_id: id })

export const FEEDBACK_REASON_MAX = 500
export const feedbackBody = z.object({
  message_id: id,
  rating: feedbackRating,
  reason: z.preprocess(
    emptyIsAny,
    z.string().trim().max(FEEDBACK_REASON_MAX, `A reason can be at most ${FEEDBACK_REASON_MAX} characters`).optional(),
  ),
})
export const feedbackResult = z.object({
  message_id: z.number().int(),
  rating: feedbackRating,
  reason: z.string().nullable(),
})

/** A UK-style or international phone number for a callback: digits, spaces, +, (, ) and -; 7 to 15 digits. */
const phone = z
  .string()
  .trim()
  .regex(/^[+()\d\s-]+$/, 'Use digits, spaces and + only')
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length
    return digits >= 7 && digits <= 15
  }, 'Give a phone number of 7 to 15 digits')

export const handoffBody = z.object({
  conversation_id: id,
  reason: z.preprocess(emptyIsAny, z.string().trim().max(500).optional()),
  /** When no agent is free: who to call back, on which number, and when suits them. */
  callback: z
    .object({
      name: z.string().trim().min(1, 'Give a name').max(120),
      phone,
      preferred_time: z.preprocess(emptyIsAny, z.string().trim().max(120).optional()),
    })
    .optional(),
})
export type HandoffBody = z.infer<typeof handoffBody>
export const handoffResult = handoff.extend({ agents_available: z.number().int() })

export const handoffListQuery = pageQuery.extend({
  status: z.preprocess(emptyIsAny, handoffStatus.optional()),
  campaign_id: optionalId,
})
export const handoffList = paged(handoff)
export const handoffActionBody = z.object({ handoff_id: id, action: z.enum(['accept', 'close']) })

/** A list as a form posts it, one text (split on the separator, blanks dropped), or as JSON sends it. */
const splitList = (separator: string | RegExp) => (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(separator)
        .map((item) => item.trim())
        .filter(Boolean)
    : v
const keywords = z.preprocess(
  splitList(','),
  z.array(z.string().trim().min(1).max(60)).max(20, 'At most 20 keywords').default([]),
)
export const ARTICLE_QUESTION_MAX = 200
export const ARTICLE_QUESTIONS_MAX = 20
const questions = z.preprocess(
  splitList(/\r?\n/),
  z
    .array(
      z
        .string()
        .trim()
        .min(3, 'Write each question in at least 3 characters')
        .max(ARTICLE_QUESTION_MAX, `A question can be at most ${ARTICLE_QUESTION_MAX} characters`),
    )
    .max(ARTICLE_QUESTIONS_MAX, `At most ${ARTICLE_QUESTIONS_MAX} questions`)
    .default([]),
)
export const articleFields = z.object({
  campaign_id: id,
  title: z
    .string({ required_error: 'Give the article a title' })
    .trim()
    .min(3, 'Give the article a title of at least 3 characters')
    .max(ARTICLE_TITLE_MAX, `A title can be at most ${ARTICLE_TITLE_MAX} characters`),
  /** A list, or words separated by commas. */
  keywords,
  /** Questions the article answers, in customers' words: a list, or one a line. */
  questions,
  body: z
    .string({ required_error: 'Write the article' })
    .trim()
    .min(40, 'Write at least 40 characters')
    .max(ARTICLE_BODY_MAX, `An article can be at most ${ARTICLE_BODY_MAX.toLocaleString('en-GB')} characters`),
})
export const articleBody = articleFields
export const articleUpdateBody = articleFields.extend({ article_id: id })
export type ArticleBody = z.infer<typeof articleBody>

export const article = z.object({
  article_id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  title: z.string(),
  keywords: z.array(z.string()),
  questions: z.array(z.string()),
  body: z.string(),
  chunk_count: z.number().int(),
  /** The search index has this version of the article (re-indexing is a job). */
  indexed: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
})
export type Article = z.infer<typeof article>
export const articleListQuery = pageQuery.extend({
  campaign_id: optionalId,
  q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()),
})
export const articleList = paged(article)
export const articleQuery = z.object({ article_id: id })

export const gapsQuery = z.object({
  campaign_id: optionalId,
  weeks: z.preprocess(emptyIsAny, z.coerce.number().int().min(1).max(52).default(8)),
})
export const knowledgeGaps = z.object({
  weeks: z.array(z.object({ week_start: z.string(), unanswered: z.number().int(), thumbs_down: z.number().int() })),
  questions: z.array(
    z.object({
      question: z.string(),
      campaign_id: z.number().int(),
      campaign_name: z.string(),
      reason: z.enum(['unanswered', 'thumbs_down']),
      feedback_reason: z.string().nullable(),
      times: z.number().int(),
      last_asked: z.string(),
      conversation_id: z.number().int(),
    }),
  ),
})
export type KnowledgeGaps = z.infer<typeof knowledgeGaps>
