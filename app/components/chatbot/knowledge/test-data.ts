// Conversations for the knowledge base and handoff tests, put straight into the chatbot mock's state
// (it starts with none). Only tests import this.
import type { ChatMessage, Handoff } from '#contract/chatbot'
import { CAMPAIGNS, chatbotState } from '#tests/mocks/chatbot'
import type { DemoKey } from '#tests/fixtures/users'

type Stored = (typeof chatbotState.conversations)[number]

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

function message(role: ChatMessage['role'], text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message_id: chatbotState.nextId++,
    role,
    text,
    citations: [],
    dont_know: false,
    suggestions: [],
    closest_articles: [],
    data_answer: null,
    feedback: null,
    audio_url: null,
    timings_ms: null,
    created_at: ago(30),
    ...extra,
  }
}

function conversation(campaignId: number, question: string, answer: ChatMessage, owner: DemoKey = 'visitor') {
  const campaign = CAMPAIGNS.find((c) => c.id === campaignId)!
  const stored: Stored = {
    owner,
    conversation_id: chatbotState.nextId++,
    channel: 'chat_with_us',
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    title: question,
    user: 'Val Visitor',
    message_count: 0,
    dont_know_count: 0,
    thumbs_up: 0,
    thumbs_down: 0,
    handoff_status: null,
    created_at: ago(30),
    updated_at: ago(30),
    messages: [message('customer', question), answer],
    handoff: null,
  }
  chatbotState.conversations.push(stored)
  return stored
}

/** A question the bot could not answer, or whose answer got a thumbs down (with the reason given). */
export function seedGap({
  question,
  campaignId = 1,
  thumbsDown,
}: {
  question: string
  campaignId?: number
  /** The reason given with a thumbs down; without it the question went unanswered. */
  thumbsDown?: string
}) {
  const answer = thumbsDown
    ? message('bot', 'Some answer [1]', { feedback: { rating: 'down', reason: thumbsDown } })
    : message('bot', "I don't know the answer to that from our help articles.", { dont_know: true })
  return conversation(campaignId, question, answer).conversation_id
}

/** A conversation handed off to a person, in `status`, asked for `minutesAgo` minutes ago. */
export function seedHandoff(
  status: Handoff['status'],
  extra: Partial<Handoff> = {},
  { campaignId = 1, minutesAgo = 5 }: { campaignId?: number; minutesAgo?: number } = {},
): Handoff {
  const c = conversation(campaignId, extra.summary ?? 'Can I change my direct debit date?', message('bot', 'Answer'))
  c.channel = extra.channel ?? c.channel
  c.handoff = {
    handoff_id: c.conversation_id + 5000,
    conversation_id: c.conversation_id,
    channel: c.channel,
    campaign_id: c.campaign_id,
    campaign_name: c.campaign_name,
    customer: c.user,
    status,
    reason: null,
    summary: `The customer asked: ${c.title}`,
    callback_name: null,
    callback_phone: null,
    callback_time: null,
    accepted_by: status === 'accepted' || status === 'closed' ? 'Sam Supervisor' : null,
    requested_at: ago(minutesAgo),
    next_steps: 'You are in the queue for a person. They can see this conversation.',
    ...extra,
  }
  return c.handoff
}
