// Paths, labels and formatting of the conversation history pages. Types only from the contract (its
// values would pull zod into the browser bundle); the small tables copied here are checked against
// it by the loader tests.
import type { ChatChannel, chatHistoryTypes, ChatMessage, Handoff } from '#contract/chatbot'
import { CHAT_WITH_US_PATH, channelLabel, channelPath, historyPath } from '~/components/chatbot/format'
import { searchOf } from '~/lib/list-query'
import { utcDates, numbers } from '~/lib/intl-formats'

export type HistoryType = (typeof chatHistoryTypes)[number]
export const HISTORY_TYPES = [
  'past_history',
  'chat_with_us',
  'trelli_chat',
  'trelli_talk',
] as const satisfies readonly HistoryType[]

export const isHistoryType = (value: string | undefined): value is HistoryType =>
  (HISTORY_TYPES as readonly string[]).includes(value ?? '')

/** The channel a list shows: every channel for `past_history`. */
export const channelOf = (type: HistoryType): ChatChannel | undefined => (type === 'past_history' ? undefined : type)

export const historyTitle: Record<HistoryType, string> = {
  past_history: 'Past conversations',
  chat_with_us: 'Chat with us conversations',
  trelli_chat: 'trelliChat conversations',
  trelli_talk: 'trelliTalk conversations',
}

export const historyTabLabel: Record<HistoryType, string> = { past_history: 'All channels', ...channelLabel }

/** Where a new conversation of the list's kind starts (the web chat for the list of every channel). */
export const startPath = (type: HistoryType) => (type === 'past_history' ? CHAT_WITH_US_PATH : channelPath[type])

// Copied from the contract (handoffStatusLabel).
export const handoffStatusLabel: Record<Handoff['status'], string> = {
  queued: 'Waiting for an agent',
  accepted: 'With an agent',
  callback_requested: 'Callback requested',
  closed: 'Closed',
}

/** SPEC §8, as written. */
export const LIST_ERROR = 'something went wrong in list api'
export const DETAILS_ERROR = 'Something went wrong in details Api Error'
export const NO_SUCH_LIST = 'There is no such conversation list.'
export const CONVERSATION_NOT_FOUND = 'Conversation not found'

/** The list's filters, as named in the URL and on the API. */
export const FILTER_FIELDS = ['q', 'campaign_id', 'feedback', 'dont_know', 'from', 'to'] as const
export type FilterValues = Partial<Record<(typeof FILTER_FIELDS)[number] | 'page', string>>

/** Another list's URL with the same filters (and its first page). */
export function historyHref(type: HistoryType, values: FilterValues) {
  const search = searchOf(values, ['page']).toString()
  return search ? `${historyPath(type)}?${search}` : historyPath(type)
}

/** The CSV of what the list shows (its channel and filters, every page). */
export function exportHref(query: Record<string, unknown>) {
  const search = searchOf(query, ['page', 'page_size']).toString()
  return search ? `/resources/chat-export?${search}` : '/resources/chat-export'
}

export const speakerOf = (role: ChatMessage['role'], customer: string) =>
  ({ customer, bot: 'Bot', agent: 'Agent', system: 'Note' })[role]

const stageLabel: Record<string, string> = {
  recognition: 'Speech to text',
  retrieval: 'Search',
  answer: 'Answer',
  speech: 'Text to speech',
  total: 'Total',
}
export const timingLabel = (stage: string) => stageLabel[stage] ?? stage.charAt(0).toUpperCase() + stage.slice(1)

// One fixed zone and locale so the server's HTML and the browser's hydration agree.
const dateTime = utcDates({ dateStyle: 'medium', timeStyle: 'short' })
const date = utcDates({ dateStyle: 'medium' })
const time = utcDates({ hour: '2-digit', minute: '2-digit' })
const whole = numbers()

export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`
export const formatDate = (iso: string) => date.format(new Date(iso))
export const formatTime = (iso: string) => time.format(new Date(iso))
export const formatCount = (n: number) => whole.format(n)
export const formatMs = (ms: number) => `${whole.format(Math.round(ms))} ms`
/** A share as a whole percentage; none of nothing. */
export const formatShare = (part: number, of: number) => (of ? `${Math.round((part / of) * 100)}%` : '—')
