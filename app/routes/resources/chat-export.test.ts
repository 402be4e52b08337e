import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { args } from '#tests/fixtures/remix'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, mockState, server } from '#tests/mocks/handlers'
import { seedCopilot, seedWebChat } from '~/components/chatbot/history/test-data'
import { loader } from './chat-export'

const EXPORT = '/resources/chat-export'
type Tokens = Parameters<typeof requestWithTokens>[1]

async function download(search: string, tokens: Tokens = tokensFor('visitor')) {
  const request = await requestWithTokens(`${EXPORT}${search}`, tokens)
  try {
    return await loader(args(request))
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** The queries the export was asked with (the mock still answers). */
function recordCalls() {
  const seen: Record<string, string>[] = []
  server.use(
    http.get(UPSTREAM + endpoints.chatConversationsExport.path, ({ request }) => {
      seen.push(Object.fromEntries(new URL(request.url).searchParams))
    }),
  )
  return seen
}

let web: number
let copilot: number
beforeEach(() => {
  resetChatbotMocks()
  web = seedWebChat().conversation_id
  copilot = seedCopilot('agent').conversation_id
})

const conversationsIn = (csv: string) =>
  new Set(
    csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => Number(row.split(',')[0])),
  )

describe('conversation CSV export', () => {
  it("streams the API's CSV for the list's channel and filters, without the page", async () => {
    const seen = recordCalls()
    const response = await download(
      '?channel=chat_with_us&q=%20opening%20&campaign_id=1&feedback=up&dont_know=true&from=2026-11-01&to=2026-11-30&page=3&page_size=50',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="conversations.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await response.text()).toContain(`${web},customer,"What are your opening hours?"`)
    expect(seen[0]).toEqual({
      channel: 'chat_with_us',
      q: 'opening',
      campaign_id: '1',
      feedback: 'up',
      dont_know: 'true',
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  it('leaves out invalid and empty filters, as the list does', async () => {
    const seen = recordCalls()
    await download('?channel=fax&from=yesterday&feedback=&q=card&campaign_id=x')
    expect(seen[0]).toEqual({ q: 'card' })
  })

  it("holds the user's own conversations, and everyone's for a QA supervisor or an admin", async () => {
    const rows = async (who: DemoKey) => conversationsIn(await (await download('', tokensFor(who))).text())
    expect(await rows('visitor')).toEqual(new Set([web]))
    expect(await rows('agent')).toEqual(new Set([copilot]))
    expect(await rows('supervisor')).toEqual(new Set([web, copilot]))
    expect(await rows('admin')).toEqual(new Set([web, copilot]))
  })

  it('refreshes an expired access token once and retries, handing back the new cookies', async () => {
    const response = await download('', { access: 'expired', refresh: 'refresh.visitor' })
    expect(response.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    expect(setCookies(response).access_token_demo).toMatch(/^access_token_demo=/)
  })

  it('signs out to the login page when there is no session or it cannot be renewed', async () => {
    for (const tokens of [null, { access: 'expired', refresh: 'revoked' }]) {
      const response = await download('', tokens)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toMatch(/^\/login/)
    }
  })

  it("answers with the API's message when it refuses, and 503 when it does not answer", async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversationsExport.path, () => errorReply(429, 'Too many exports')))
    const refused = await download('')
    expect(refused.status).toBe(429)
    expect(await refused.text()).toBe('Too many exports')
    server.use(http.get(UPSTREAM + endpoints.chatConversationsExport.path, () => HttpResponse.error()))
    expect((await download('')).status).toBe(503)
  })
})
