// Paths, labels and messages of the chatbot pages. Types only from the contract (its values would
// pull zod into pages that validate nothing), except the small constant tables below.
import type { ChatChannel } from '#contract/chatbot'

export const CHATBOT_PATH = '/demo-portal/capabilities/chatbot'
export const CHAT_WITH_US_PATH = `${CHATBOT_PATH}/chatWithUs`
export const TRELLI_CHAT_PATH = `${CHATBOT_PATH}/trelliChat`
export const TRELLI_TALK_PATH = `${CHATBOT_PATH}/trelliTalk`
export const KNOWLEDGE_BASE_PATH = `${CHATBOT_PATH}/knowledge-base`
export const HANDOFFS_PATH = `${CHATBOT_PATH}/handoffs`
export const historyPath = (type = 'past_history') => `${CHATBOT_PATH}/${type}`
export const conversationPath = (id: number, type = 'past_history') => `${CHATBOT_PATH}/${type}/${id}`
export const transcriptPath = (id: number) => `/resources/chat-transcript/${id}`

/** SPEC §8, as written: what a chat shows when the API cannot be reached or fails. */
export const CHATBOT_UNREACHABLE = 'Seems like our Chatbot is having issues reaching to you.'
export const FEEDBACK_THANKS = 'Thank you for your feedback'

export const ASK_INTENT = 'ask'
export const FEEDBACK_INTENT = 'feedback'
export const HANDOFF_INTENT = 'handoff'

// Copied from the contract (chatChannelLabel) so the browser bundle needs no zod.
export const channelLabel: Record<ChatChannel, string> = {
  chat_with_us: 'Chat with us',
  trelli_chat: 'trelliChat copilot',
  trelli_talk: 'trelliTalk voice',
}
export const channelPath: Record<ChatChannel, string> = {
  chat_with_us: CHAT_WITH_US_PATH,
  trelli_chat: TRELLI_CHAT_PATH,
  trelli_talk: TRELLI_TALK_PATH,
}

/** The portal's proxy of a voice message's signed audio link (the API's own path is not the browser's). */
export function chatAudioSrc(audioUrl: string | null) {
  if (!audioUrl) return null
  const url = new URL(audioUrl, 'http://api.invalid')
  const id = url.pathname.match(/\/talk_audio\/(\d+)\/?$/)?.[1]
  return id ? `/resources/chat-audio/${id}${url.search}` : null
}

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })

/** A chat page on a campaign, in a conversation (the latest message in view). */
export const chatHref = (path: string, campaignId: number | null, conversationId?: number | null) => {
  const params = new URLSearchParams()
  if (campaignId) params.set('campaign', String(campaignId))
  if (conversationId) params.set('conversation', String(conversationId))
  const query = params.toString()
  return `${path}${query ? `?${query}` : ''}${conversationId ? '#latest' : ''}`
}
