import { endpoints } from '#contract/endpoints'
import type { ChatChannel, ConversationListQuery } from '#contract/chatbot'
import { upstreamFailure, type Upstream } from '~/services/upstream.server'

/** Chatbot (`/api/chatbot/…`): conversations on three channels, feedback, handoffs and the knowledge base. */

/** SPEC §8, as written: what the chat shows when the API cannot be reached or fails. */
export const CHATBOT_UNREACHABLE = 'Seems like our Chatbot is having issues reaching to you.'

export function converse(
  api: Upstream,
  input: {
    channel: ChatChannel
    campaign_id: number
    message: string
    conversation_id?: number
    call_evaluation_id?: number
  },
) {
  return api.request(endpoints.converse, { body: input })
}

/** A spoken question (recorded or uploaded) for trelliTalk. */
export function talk(api: Upstream, input: { file: File; campaign_id: number; conversation_id?: number }) {
  const form = new FormData()
  form.append('campaign_id', String(input.campaign_id))
  if (input.conversation_id) form.append('conversation_id', String(input.conversation_id))
  form.append('file', input.file, input.file.name || 'question.webm')
  return api.request(endpoints.talk, { body: form, timeoutMs: 60_000 })
}

export const conversation = (api: Upstream, id: number) => api.request(endpoints.chatConversation, { params: { id } })

export function listConversations(api: Upstream, query: ConversationListQuery) {
  return api.request(endpoints.chatConversations, {
    query: {
      page: query.page,
      page_size: query.page_size,
      channel: query.channel,
      campaign_id: query.campaign_id,
      q: query.q || undefined,
      feedback: query.feedback,
      dont_know: query.dont_know,
      from: query.from,
      to: query.to,
    },
  })
}

export const rateAnswer = (api: Upstream, body: { message_id: number; rating: 'up' | 'down'; reason?: string }) =>
  api.request(endpoints.chatFeedback, { body })

export const chatbotFailure = (thrown: unknown) => upstreamFailure(thrown)
