import { beforeEach, describe, expect, it } from 'vitest'
import type { ConversationDetail } from '#contract/chatbot'
import { args, run } from '#tests/fixtures/remix'
import { toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { chatbotState, MOCK_DONT_KNOW, resetChatbotMocks } from '#tests/mocks/chatbot'
import { CHATBOT_UNREACHABLE } from '~/components/chatbot/format'
import { action, loader } from './chat-with-us'

const PAGE = '/demo-portal/capabilities/chatbot/chatWithUs'

type Body = {
  campaigns: { id: number; name: string; client: string }[]
  campaignsFailed: boolean
  campaign: { id: number; client: string } | null
  conversation: ConversationDetail | null
}
type Reply = {
  intent: string
  needsCallback?: boolean
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
}

async function load(search = '', who: DemoKey = 'visitor') {
  const request = await requestWithTokens(`${PAGE}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'visitor', search = '?campaign=1') {
  const request = await requestWithTokens(`${PAGE}${search}`, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<Reply>(() => action(args(request)))
}

const conversationOf = (location: string | null) =>
  Number(new URL(location!, 'http://x').searchParams.get('conversation'))

beforeEach(() => resetChatbotMocks())

describe('chatWithUs loader', () => {
  it('offers the active campaigns, and opens the one chosen with no conversation yet', async () => {
    const first = await load()
    expect(first.status).toBe(200)
    expect(first.body.campaigns.map((c) => c.id)).toEqual([1, 2])
    expect(first.body.campaign).toBeNull()
    const chosen = await load('?campaign=1')
    expect(chosen.body.campaign).toMatchObject({ id: 1, client: 'Acme Bank' })
    expect(chosen.body.conversation).toBeNull()
    // an inactive or unknown campaign is not a chat
    expect((await load('?campaign=3')).body.campaign).toBeNull()
    expect((await load('?campaign=abc')).body.campaign).toBeNull()
  })
})

describe('chatWithUs action', () => {
  it('asks, then redirects to the conversation, which the page renders whole (post, redirect, get)', async () => {
    const asked = await post({ intent: 'ask', campaign_id: '1', message: 'What are your opening hours?' })
    expect(asked.status).toBe(302)
    const id = conversationOf(asked.headers.get('Location'))
    expect(asked.headers.get('Location')).toBe(`${PAGE}?campaign=1&conversation=${id}#latest`)
    const page = await load(`?campaign=1&conversation=${id}`)
    const [question, answer] = page.body.conversation!.messages
    expect(question).toMatchObject({ role: 'customer', text: 'What are your opening hours?' })
    expect(answer.role).toBe('bot')
    expect(answer.text).toMatch(/8am to 8pm.*\[1\]$/)
    expect(answer.citations[0]).toMatchObject({ n: 1, title: 'Opening hours' })

    const followUp = await post({
      intent: 'ask',
      campaign_id: '1',
      conversation_id: String(id),
      message: 'and Sundays?',
    })
    expect(conversationOf(followUp.headers.get('Location'))).toBe(id)
    expect(chatbotState.posted.at(-1)).toMatchObject({ conversation_id: id, channel: 'chat_with_us' })
  })

  it('says what is wrong with the message, keeps it, and keeps it when the chatbot cannot be reached', async () => {
    const empty = await post({ intent: 'ask', campaign_id: '1', message: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.body.result.error?.message).toEqual(['Type a message'])

    chatbotState.behaviour = 'down'
    const down = await post({ intent: 'ask', campaign_id: '1', message: 'Is my card blocked?' })
    expect(down.status).toBe(503)
    expect(down.body.result.error?.['']).toEqual([CHATBOT_UNREACHABLE])
    expect(down.body.result.initialValue).toMatchObject({ message: 'Is my card blocked?' })
  })

  it('shows "I don\'t know" with the closest articles in the conversation', async () => {
    const asked = await post({ intent: 'ask', campaign_id: '1', message: 'Do you sell mortgages?' })
    const page = await load(`?conversation=${conversationOf(asked.headers.get('Location'))}`)
    const answer = page.body.conversation!.messages[1]
    expect(answer).toMatchObject({ dont_know: true, text: MOCK_DONT_KNOW })
    expect(answer.closest_articles.length).toBeGreaterThan(0)
    // the campaign comes from the conversation itself
    expect(page.body.campaign?.id).toBe(1)
  })

  it('does not continue someone else’s conversation here', async () => {
    const asked = await post({ intent: 'ask', campaign_id: '1', message: 'lost card' }, 'agent')
    const id = conversationOf(asked.headers.get('Location'))
    expect((await load(`?conversation=${id}`, 'visitor')).body.conversation).toBeNull()
    // a supervisor may read it on its history page, not carry it on
    expect((await load(`?conversation=${id}`, 'supervisor')).body.conversation).toBeNull()
    expect((await load(`?conversation=${id}`, 'agent')).body.conversation?.conversation_id).toBe(id)
  })

  it('takes feedback on an answer and thanks the customer', async () => {
    const asked = await post({ intent: 'ask', campaign_id: '1', message: 'opening hours' })
    const id = conversationOf(asked.headers.get('Location'))
    const page = await load(`?conversation=${id}`)
    const answer = page.body.conversation!.messages[1]
    const rated = await post(
      { intent: 'feedback', message_id: String(answer.message_id), rating: 'down', reason: 'Too short' },
      'visitor',
      `?campaign=1&conversation=${id}`,
    )
    expect(rated.status).toBe(302)
    expect((await toastOf(rated.headers))?.message).toBe('Thank you for your feedback')
    expect((await load(`?conversation=${id}`)).body.conversation!.messages[1].feedback).toEqual({
      rating: 'down',
      reason: 'Too short',
    })
  })

  it('hands the conversation to a person, or asks for a callback when nobody is free', async () => {
    // before any question, what it is about starts the conversation
    const before = await post({ intent: 'handoff', campaign_id: '1', needs_callback: 'false' })
    expect(before.status).toBe(400)
    expect(before.body.result.error?.about).toEqual(['Tell us briefly what it is about'])
    const queued = await post({
      intent: 'handoff',
      campaign_id: '1',
      needs_callback: 'false',
      about: 'A payment I do not recognise',
    })
    expect(queued.status).toBe(302)
    expect((await toastOf(queued.headers))?.title).toBe('A person will join you')
    const id = conversationOf(queued.headers.get('Location'))
    expect((await load(`?conversation=${id}`)).body.conversation!.handoff?.status).toBe('queued')

    chatbotState.agentsAvailable = 0
    const asked = await post({ intent: 'ask', campaign_id: '1', message: 'lost card' })
    const other = String(conversationOf(asked.headers.get('Location')))
    const noAgent = await post({ intent: 'handoff', campaign_id: '1', conversation_id: other, needs_callback: 'false' })
    expect(noAgent.status).toBe(422)
    expect(noAgent.body.needsCallback).toBe(true)
    expect(noAgent.body.result.error?.['']?.[0]).toMatch(/No agent is available/)
    const incomplete = await post({
      intent: 'handoff',
      campaign_id: '1',
      conversation_id: other,
      needs_callback: 'true',
      callback_name: 'Sam',
    })
    expect(incomplete.status).toBe(400)
    expect(incomplete.body.result.error?.callback_phone).toEqual(['Give a phone number to call back'])
    const callback = await post({
      intent: 'handoff',
      campaign_id: '1',
      conversation_id: other,
      needs_callback: 'true',
      callback_name: 'Sam Lee',
      callback_phone: '07700 900123',
      callback_time: 'after 5pm',
    })
    expect(callback.status).toBe(302)
    expect((await toastOf(callback.headers))?.title).toBe('Callback requested')
  })
})
