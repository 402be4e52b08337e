import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ConversationDetail } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { CONVERSATION_NOT_FOUND, NO_SUCH_LIST } from '~/components/chatbot/history/format'
import { seedCopilot, seedVoice, seedWebChat } from '~/components/chatbot/history/test-data'
import { loader } from './conversation'

const BASE = '/demo-portal/capabilities/chatbot'

type Body = { type: string; conversation: ConversationDetail | null; error: string | null }

async function open(id: number | string, who: DemoKey = 'visitor', type = 'past_history') {
  const request = await requestWithTokens(`${BASE}/${type}/${id}`, tokensFor(who))
  return run<Body>(() => loader(args(request, { type, conversationId: String(id) })))
}

let web: ReturnType<typeof seedWebChat>
let copilot: ReturnType<typeof seedCopilot>
beforeEach(() => {
  resetChatbotMocks()
  web = seedWebChat()
  copilot = seedCopilot('agent')
})

describe('conversation loader', () => {
  it('gives its owner the conversation: messages in order with their sources and feedback, the handoff, how long it is kept', async () => {
    const { status, body } = await open(web.conversation_id)
    expect(status).toBe(200)
    expect(body.type).toBe('past_history')
    const c = body.conversation!
    expect(c).toMatchObject({ title: 'What are your opening hours?', user: 'Val Visitor', is_own: true })
    expect(c.messages.map((m) => m.role)).toEqual(['customer', 'bot', 'customer', 'bot', 'system', 'agent'])
    expect(c.messages[1].citations.map((s) => s.title)).toEqual(['Opening hours', 'Weekend opening'])
    expect(c.messages[3]).toMatchObject({
      dont_know: true,
      feedback: { rating: 'down', reason: 'Nothing about mortgages' },
    })
    expect(c.handoff).toMatchObject({
      status: 'accepted',
      accepted_by: 'Sam Supervisor',
      callback_phone: '+44 7700 900123',
    })
    expect(Date.parse(c.retained_until)).toBeGreaterThan(Date.now())
  })

  it("opens anyone's conversation for QA supervisors and admins, not for the others", async () => {
    for (const who of ['supervisor', 'admin'] as const) {
      const { status, body } = await open(copilot.conversation_id, who, 'trelli_chat')
      expect(status).toBe(200)
      expect(body.conversation).toMatchObject({ user: 'Grace Agent', is_own: false })
    }
    for (const who of ['visitor', 'auditor'] as const) {
      const other = await open(copilot.conversation_id, who)
      expect(other.status).toBe(404)
      expect(other.body).toBe(CONVERSATION_NOT_FOUND)
    }
    expect((await open(web.conversation_id, 'agent')).status).toBe(404)
  })

  it('keeps the data answers, suggestions and the voice reply with its signed link', async () => {
    const copilotTurns = (await open(copilot.conversation_id, 'agent', 'trelli_chat')).body.conversation!.messages
    expect(copilotTurns[1].suggestions).toHaveLength(2)
    expect(copilotTurns[3].data_answer).toMatchObject({ figure: '4 failed evaluations' })
    const voice = seedVoice()
    const spoken = (await open(voice.conversation_id, 'visitor', 'trelli_talk')).body.conversation!.messages[1]
    expect(spoken.audio_url).toMatch(new RegExp(`^/api/chatbot/talk_audio/${spoken.message_id}/\\?expires=`))
  })

  it('answers 404 for a conversation that is not there, an id that is not one and a list that does not exist', async () => {
    const missing = await open(99_999)
    expect(missing).toMatchObject({ status: 404, thrown: true, body: CONVERSATION_NOT_FOUND })
    // not a number: the API is not asked
    server.use(http.get(UPSTREAM + endpoints.chatConversation.path, () => HttpResponse.error()))
    for (const id of ['abc', '0', '-4', '99999999999']) {
      expect(await open(id)).toMatchObject({ status: 404, body: CONVERSATION_NOT_FOUND })
    }
    const list = await open(web.conversation_id, 'visitor', 'chatWithUs')
    expect(list).toMatchObject({ status: 404, body: NO_SUCH_LIST })
  })

  it('says the details failed when the API fails, with its message', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversation.path, () => errorReply(500, 'Database unavailable')))
    const { status, thrown, body } = await open(web.conversation_id)
    expect(thrown).toBe(false)
    expect(status).toBe(502)
    expect(body).toEqual({ type: 'past_history', conversation: null, error: 'Database unavailable' })
  })

  it('signs a visitor without a session in first', async () => {
    const request = await requestWithTokens(`${BASE}/past_history/${web.conversation_id}`, null)
    const result = await run(() =>
      loader(args(request, { type: 'past_history', conversationId: String(web.conversation_id) })),
    )
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})
