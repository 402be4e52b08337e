// Conversations for the history tests, put straight into the chatbot mock's state (it starts with
// none). Only tests import this.
import type { ChatChannel, ChatMessage, Handoff } from '#contract/chatbot'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { CAMPAIGNS, chatbotState } from '#tests/mocks/chatbot'

type Stored = (typeof chatbotState.conversations)[number]

export const SIGNATURE = `expires=9999999999&uid=5&sig=${'a'.repeat(64)}`

export function message(role: ChatMessage['role'], text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
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
    created_at: '2026-11-20T09:30:00.000Z',
    ...extra,
  }
}

type Seed = {
  owner?: DemoKey
  channel?: ChatChannel
  campaignId?: number
  title: string
  messages?: ChatMessage[]
  handoff?: Partial<Handoff> & Pick<Handoff, 'status'>
  /** When its last message was written (the list's order and its date filters). */
  updatedAt?: string
}

/** A stored conversation, newest first in the mock's list (as the API orders them). */
export function seedConversation({
  owner = 'visitor',
  channel = 'chat_with_us',
  campaignId = 1,
  title,
  messages,
  handoff,
  updatedAt = '2026-11-20T09:31:00.000Z',
}: Seed): Stored {
  const campaign = CAMPAIGNS.find((c) => c.id === campaignId)!
  const user = demoUsers[owner]
  const id = chatbotState.nextId++
  const stored: Stored = {
    owner,
    conversation_id: id,
    channel,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    title,
    user: `${user.first_name} ${user.last_name}`,
    message_count: 0,
    dont_know_count: 0,
    thumbs_up: 0,
    thumbs_down: 0,
    handoff_status: null,
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: updatedAt,
    messages: messages ?? [message('customer', title), message('bot', 'An answer.')],
    handoff: null,
  }
  if (handoff) {
    stored.handoff = {
      handoff_id: id + 5000,
      conversation_id: id,
      channel,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      customer: stored.user,
      reason: null,
      summary: `The customer asked: ${title}`,
      callback_name: null,
      callback_phone: null,
      callback_time: null,
      accepted_by: null,
      requested_at: '2026-11-20T09:32:00.000Z',
      next_steps: 'You are in the queue for a person. They can see this conversation.',
      ...handoff,
    }
  }
  chatbotState.conversations.unshift(stored)
  return stored
}

const opening = {
  n: 1,
  article_id: 1,
  title: 'Opening hours',
  chunk_id: 10,
  excerpt: 'Our phone lines are open from 8am to 8pm Monday to Friday.',
}
const sundays = { n: 2, article_id: 1, title: 'Weekend opening', chunk_id: 11, excerpt: 'We are closed on Sundays.' }

/** The visitor's web chat: a cited answer rated up, an "I don't know" rated down, then a callback. */
export function seedWebChat() {
  return seedConversation({
    title: 'What are your opening hours?',
    messages: [
      message('customer', 'What are your opening hours?'),
      message('bot', 'We are open 8am to 8pm on weekdays [1] and closed on Sundays [2].', {
        citations: [opening, sundays],
        feedback: { rating: 'up', reason: null },
        timings_ms: { retrieval: 3, answer: 12 },
      }),
      message('customer', 'Can I pay my mortgage in cash?'),
      message('bot', "I don't know the answer to that from our help articles.", {
        dont_know: true,
        closest_articles: [
          { article_id: 2, title: 'Lost or stolen card' },
          { article_id: 1, title: 'Opening hours' },
        ],
        feedback: { rating: 'down', reason: 'Nothing about mortgages' },
      }),
      message('system', 'No agent is free right now. We have your callback request.'),
      message('agent', 'Hello Val, this is Sam: I will call you at 5pm.'),
    ],
    handoff: {
      status: 'accepted',
      reason: 'The bot could not help',
      callback_name: 'Val Visitor',
      callback_phone: '+44 7700 900123',
      callback_time: 'after 5pm',
      accepted_by: 'Sam Supervisor',
    },
  })
}

/** The agent's copilot: suggested replies and a figure from the portal's data. */
export function seedCopilot(owner: DemoKey = 'agent') {
  return seedConversation({
    owner,
    channel: 'trelli_chat',
    title: 'Customer lost their card',
    messages: [
      message('customer', 'Customer lost their card'),
      message('bot', 'Freeze the card in the app first [1].', {
        citations: [{ ...opening, title: 'Lost or stolen card', excerpt: 'Freeze your card in the app.' }],
        suggestions: [
          {
            text: 'Please freeze your card in the app straight away.',
            citations: [{ ...opening, title: 'Lost card' }],
          },
          { text: 'I can order you a new card today.', citations: [] },
        ],
      }),
      message('customer', 'How many evaluations failed this week?'),
      message('bot', '4 evaluations failed this week.', {
        data_answer: {
          intent: 'failed_evaluations',
          figure: '4 failed evaluations',
          link: '/demo-portal/solutions/call-evaluation/evaluation-list?status=failed',
        },
      }),
    ],
  })
}

/** The voice bot: the question spoken, the answer spoken back, with the time of each stage. */
export function seedVoice(owner: DemoKey = 'visitor') {
  const question = message('customer', 'What are your opening hours')
  const answer = message('bot', 'We are open 8am to 8pm [1].', {
    citations: [opening],
    timings_ms: { recognition: 900, retrieval: 2, answer: 14, speech: 40, total: 956 },
  })
  answer.audio_url = `/api/chatbot/talk_audio/${answer.message_id}/?${SIGNATURE}`
  return seedConversation({
    owner,
    channel: 'trelli_talk',
    title: 'Opening hours (spoken)',
    messages: [question, answer],
  })
}
