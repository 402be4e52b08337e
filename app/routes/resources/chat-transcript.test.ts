import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { args } from '#tests/fixtures/remix'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, mockState, server } from '#tests/mocks/handlers'
import { seedCopilot, seedWebChat } from '~/components/chatbot/history/test-data'
import { loader } from './chat-transcript'

type Tokens = Parameters<typeof requestWithTokens>[1]

async function download(id: number | string, tokens: Tokens = tokensFor('visitor')) {
  const request = await requestWithTokens(`/resources/chat-transcript/${id}`, tokens)
  try {
    return await loader(args(request, { conversationId: String(id) }))
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

let web: number
let copilot: number
beforeEach(() => {
  resetChatbotMocks()
  web = seedWebChat().conversation_id
  copilot = seedCopilot('agent').conversation_id
})

describe('conversation transcript download', () => {
  it("passes the API's text file on as a download, with its name, never cached", async () => {
    const response = await download(web)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="conversation-${web}.txt"`)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const text = await response.text()
    expect(text).toContain('customer: What are your opening hours?')
    expect(text).toContain('agent: Hello Val, this is Sam: I will call you at 5pm.')
  })

  it("gives a QA supervisor anyone's conversation, and 404 to someone it is not theirs", async () => {
    expect((await download(copilot, tokensFor('supervisor'))).status).toBe(200)
    const refused = await download(copilot, tokensFor('visitor'))
    expect(refused.status).toBe(404)
    expect(await refused.text()).toBe('Conversation not found')
    expect((await download(99_999)).status).toBe(404)
  })

  it('refuses an id that is not a number without asking the API', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversationTranscript.path, () => HttpResponse.error()))
    for (const id of ['..%2Fadmin', 'abc', '0']) {
      const response = await download(id)
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Conversation not found')
    }
  })

  it('refreshes an expired access token once and retries, handing back the new cookies', async () => {
    const response = await download(web, { access: 'expired', refresh: 'refresh.visitor' })
    expect(response.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    expect(setCookies(response).access_token_demo).toMatch(/^access_token_demo=/)
  })

  it('signs out to the login page when there is no session or it cannot be renewed', async () => {
    for (const tokens of [null, { access: 'expired', refresh: 'revoked' }]) {
      const response = await download(web, tokens)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toMatch(/^\/login/)
    }
  })

  it('says the API is unreachable when it does not answer', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversationTranscript.path, () => HttpResponse.error()))
    expect((await download(web)).status).toBe(503)
  })
})
