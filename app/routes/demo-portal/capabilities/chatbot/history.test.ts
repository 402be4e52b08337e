import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  chatChannelLabel,
  chatHistoryTypes,
  handoffStatusLabel as contractLabels,
  type ChatbotKpi,
  type ConversationListQuery,
  type ConversationSummary,
} from '#contract/chatbot'
import type { Paged } from '#contract/envelope'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { HISTORY_TYPES, handoffStatusLabel, historyTabLabel, NO_SUCH_LIST } from '~/components/chatbot/history/format'
import { seedConversation, seedCopilot, seedVoice, seedWebChat } from '~/components/chatbot/history/test-data'
import { loader } from './history'

const BASE = '/demo-portal/capabilities/chatbot'

type Body = {
  type: string
  query: ConversationListQuery
  values: Record<string, string>
  errors: Record<string, string[]>
  page: Paged<ConversationSummary> | null
  error: string | null
  kpi: { value: ChatbotKpi | null; error: string | null }
  campaigns: { value: string; label: string }[]
}

async function load(type: string, search = '', who: DemoKey = 'visitor') {
  const request = await requestWithTokens(`${BASE}/${type}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request, { type })))
}

const titles = (body: Body) => body.page?.results.map((c) => c.title)

/** The queries the list and the figures were asked with (the mock still answers). */
function recordCalls() {
  const seen = { list: [] as Record<string, string>[], kpi: [] as Record<string, string>[] }
  server.use(
    http.get(UPSTREAM + endpoints.chatConversations.path, ({ request }) => {
      seen.list.push(Object.fromEntries(new URL(request.url).searchParams))
    }),
    http.get(UPSTREAM + endpoints.chatbotKpi.path, ({ request }) => {
      seen.kpi.push(Object.fromEntries(new URL(request.url).searchParams))
    }),
  )
  return seen
}

let web: ReturnType<typeof seedWebChat>
beforeEach(() => {
  resetChatbotMocks()
  web = seedWebChat()
  seedCopilot('agent')
  seedVoice('visitor')
  seedConversation({ owner: 'auditor', title: 'Auditor asks about fees' })
})

describe('conversation history loader', () => {
  it("lists the visitor's own conversations, latest first, with the figures and the campaigns to filter by", async () => {
    const { status, body } = await load('past_history')
    expect(status).toBe(200)
    expect(body.error).toBeNull()
    expect(titles(body)).toEqual(['Opening hours (spoken)', 'What are your opening hours?'])
    expect(body.page?.results[1]).toMatchObject({
      channel: 'chat_with_us',
      campaign_name: 'Retail banking inbound',
      user: 'Val Visitor',
      message_count: 6,
      dont_know_count: 1,
      thumbs_up: 1,
      thumbs_down: 1,
      handoff_status: 'accepted',
    })
    // the figures of what the visitor may see: their two conversations
    expect(body.kpi.value).toEqual({
      conversations: 2,
      questions: 3,
      answered: 2,
      dont_know: 1,
      thumbs_up: 1,
      thumbs_down: 1,
      handoffs: 1,
    })
    expect(body.campaigns.map((c) => c.label)).toEqual([
      'Acme Bank Retail',
      'NovaTel Customer Care',
      'Harbor Health Scheduling',
    ])
  })

  it("shows everyone's conversations to QA supervisors and admins, and only their own to the others", async () => {
    const all = ['Auditor asks about fees', 'Opening hours (spoken)', 'Customer lost their card', web.title]
    expect(titles((await load('past_history', '', 'supervisor')).body)).toEqual(all)
    expect(titles((await load('past_history', '', 'admin')).body)).toEqual(all)
    expect((await load('past_history', '', 'admin')).body.kpi.value?.conversations).toBe(4)
    expect(titles((await load('past_history', '', 'agent')).body)).toEqual(['Customer lost their card'])
    expect(titles((await load('past_history', '', 'auditor')).body)).toEqual(['Auditor asks about fees'])
  })

  it("shows one channel's conversations and figures under its type", async () => {
    const seen = recordCalls()
    const voice = await load('trelli_talk', '', 'supervisor')
    expect(voice.body.type).toBe('trelli_talk')
    expect(titles(voice.body)).toEqual(['Opening hours (spoken)'])
    expect(voice.body.kpi.value).toMatchObject({ conversations: 1, questions: 1, answered: 1, dont_know: 0 })
    expect(seen.list[0]).toMatchObject({ channel: 'trelli_talk' })
    expect(seen.kpi[0]).toEqual({ channel: 'trelli_talk' })
    expect(titles((await load('trelli_chat', '', 'supervisor')).body)).toEqual(['Customer lost their card'])
    expect(titles((await load('chat_with_us', '', 'supervisor')).body)).toEqual(['Auditor asks about fees', web.title])
    // every channel: no channel asked for
    await load('past_history', '', 'supervisor')
    expect(seen.list[3]).not.toHaveProperty('channel')
    expect(seen.kpi[3]).toEqual({})
  })

  it('forwards the search, the filters and the page to the API, and keeps them for the form', async () => {
    const seen = recordCalls()
    const { body } = await load(
      'chat_with_us',
      '?q=%20opening%20&campaign_id=1&feedback=down&dont_know=true&from=2026-11-01&to=2026-11-30&page=1',
    )
    expect(seen.list[0]).toEqual({
      page: '1',
      page_size: '10',
      channel: 'chat_with_us',
      q: 'opening',
      campaign_id: '1',
      feedback: 'down',
      dont_know: 'true',
      from: '2026-11-01',
      to: '2026-11-30',
    })
    expect(body.values).toMatchObject({ q: ' opening ', campaign_id: '1', dont_know: 'true', from: '2026-11-01' })
    expect(titles(body)).toEqual([web.title])
  })

  it('leaves out empty fields and a channel in the URL: the type says which channel', async () => {
    const seen = recordCalls()
    await load('past_history', '?q=&campaign_id=&feedback=&dont_know=&from=&to=&channel=trelli_talk')
    expect(seen.list[0]).toEqual({ page: '1', page_size: '10' })
  })

  it('reports bad filters and still lists with the others', async () => {
    const seen = recordCalls()
    const { status, body } = await load('past_history', '?from=yesterday&feedback=sideways&q=opening')
    expect(status).toBe(200)
    expect(Object.keys(body.errors).sort()).toEqual(['feedback', 'from'])
    expect(body.errors.from?.[0]).toBe('Use a date like 2026-01-31')
    expect(seen.list[0]).toEqual({ page: '1', page_size: '10', q: 'opening' })
    expect(body.values).toMatchObject({ from: 'yesterday', feedback: 'sideways' })
    expect(titles(body)).toEqual(['Opening hours (spoken)', web.title])
  })

  it('says the list failed when the API fails, keeping the figures and the filters', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversations.path, () => errorReply(500, 'Database unavailable')))
    const { status, body } = await load('past_history', '?q=hours')
    expect(status).toBe(200)
    expect(body.page).toBeNull()
    expect(body.error).toBe('Database unavailable')
    expect(body.kpi.value?.conversations).toBe(2)
    expect(body.values.q).toBe('hours')
  })

  it('shows the list when the figures fail', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatbotKpi.path, () => errorReply(500, 'Figures unavailable')))
    const { body } = await load('past_history')
    expect(body.kpi).toEqual({ value: null, error: 'Figures unavailable' })
    expect(titles(body)).toHaveLength(2)
  })

  it('answers 404 for a list type that does not exist', async () => {
    for (const type of ['everything', 'chatWithUs', 'PAST_HISTORY']) {
      const result = await load(type)
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe(NO_SUCH_LIST)
    }
  })

  it('signs a visitor without a session in first', async () => {
    const request = await requestWithTokens(`${BASE}/past_history`, null)
    const result = await run(() => loader(args(request, { type: 'past_history' })))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })

  it("copies the contract's types and labels for the browser", () => {
    expect(HISTORY_TYPES).toEqual(chatHistoryTypes)
    expect(handoffStatusLabel).toEqual(contractLabels)
    expect(historyTabLabel).toEqual({ past_history: 'All channels', ...chatChannelLabel })
  })
})
