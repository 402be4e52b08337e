import { beforeEach, describe, expect, it } from 'vitest'
import type { ConversationDetail } from '#contract/chatbot'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { action, loader } from './trelli-chat'

const PAGE = '/demo-portal/capabilities/chatbot/trelliChat'

type Body = {
  campaign: { id: number } | null
  conversation: ConversationDetail | null
  calls: { id: number; label: string }[]
}
type Reply = { result: { status?: string; error?: Record<string, string[] | null> } }

async function load(search = '', who: DemoKey = 'agent') {
  const request = await requestWithTokens(`${PAGE}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'agent') {
  const request = await requestWithTokens(`${PAGE}?campaign=1`, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<Reply>(() => action(args(request)))
}

beforeEach(() => resetChatbotMocks())

describe('trelliChat', () => {
  it('offers the agent’s own calls to work from', async () => {
    const page = await load('?campaign=1')
    expect(page.status).toBe(200)
    expect(page.body.calls.length).toBeGreaterThan(0)
    expect(page.body.calls[0]!.label).toMatch(/^#\d+ · /)
  })

  it('suggests replies with their sources for what the customer said', async () => {
    const asked = await post({
      intent: 'ask',
      campaign_id: '1',
      message: 'Customer: I lost my card yesterday, what do I do?',
    })
    expect(asked.status).toBe(302)
    const id = new URL(asked.headers.get('Location')!, 'http://x').searchParams.get('conversation')
    const page = await load(`?conversation=${id}`)
    const answer = page.body.conversation!.messages[1]!
    expect(answer.suggestions.length).toBeGreaterThan(0)
    expect(answer.suggestions[0]!.citations[0]!.title).toBe('Lost or stolen card')
    expect(chatbotState.posted.at(-1)).toMatchObject({ channel: 'trelli_chat' })
  })

  it('takes a long pasted transcript and a call without a message, but not an empty form', async () => {
    const transcript = Array.from({ length: 80 }, (_, i) => `Customer: line ${i} about my card`).join('\n')
    expect(transcript.length).toBeGreaterThan(2_000)
    expect((await post({ intent: 'ask', campaign_id: '1', message: transcript })).status).toBe(302)
    expect((await post({ intent: 'ask', campaign_id: '1', call_evaluation_id: '1', message: '' })).status).toBe(302)
    const empty = await post({ intent: 'ask', campaign_id: '1', message: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.result.error?.message).toEqual(['Type a message'])
  })
})
