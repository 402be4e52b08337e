import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { CHATBOT_UNREACHABLE } from '~/components/chatbot/format'
import { action } from './chat-stream'

const post = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const request = await requestWithTokens('/resources/chat-stream', tokensFor('visitor'), {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
  })
  return action(args(request))
}

beforeEach(() => resetChatbotMocks())

describe('the chat stream resource route', () => {
  it('relays the API’s NDJSON events: the text, then the stored result', async () => {
    const response = await post({ channel: 'chat_with_us', campaign_id: '1', message: 'opening hours' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('application/x-ndjson')
    const events = (await response.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(events.map((e) => e.type)).toEqual(['delta', 'done'])
    expect(events[1].result.conversation_id).toBe(chatbotState.conversations[0]!.conversation_id)
  })

  it('refuses an empty message, a cross-site post, and says so when the chatbot cannot be reached', async () => {
    const empty = await post({ channel: 'chat_with_us', campaign_id: '1', message: '' })
    expect(empty.status).toBe(400)
    expect(await empty.text()).toBe('Type a message')
    const cross = await run(() =>
      post({ channel: 'chat_with_us', campaign_id: '1', message: 'hi' }, { Origin: 'https://evil.example' }),
    )
    expect(cross.status).toBe(403)
    chatbotState.behaviour = 'down'
    const down = await post({ channel: 'chat_with_us', campaign_id: '1', message: 'hi' })
    expect(down.status).toBe(503)
    expect(await down.text()).toBe(CHATBOT_UNREACHABLE)
  })
})
