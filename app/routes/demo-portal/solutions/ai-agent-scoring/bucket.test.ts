import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ScoringItemRow } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import type { Paged } from '#contract/envelope'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { args, run } from '#tests/fixtures/remix'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks } from '#tests/mocks/agent-scoring'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { loader } from './bucket'

const SCORING = '/demo-portal/solutions/ai-agent-scoring'

type Body = {
  bucket: string
  query: { page: number; ordering: string }
  values: Record<string, string>
  errors: Record<string, string[]>
  list: { value: Paged<ScoringItemRow> | null; error: string | null }
  options: { campaigns: unknown[]; agents: unknown[]; templates: { id: string }[] }
}

async function load(type: string, search = '', who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${SCORING}/${type}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request, { type })))
}

/** The query strings the page's loader sent to `list/`. */
let sent: URLSearchParams[] = []
beforeEach(() => {
  resetScoringMocks()
  sent = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname === endpoints.listScoringItems.path) sent.push(url.searchParams)
  })
})
afterEach(() => server.events.removeAllListeners())

const ids = (body: Body) => body.list.value?.results.map((r) => r.item_id)

describe('scoring queue loader', () => {
  it('lists its bucket ten to a page, the least confident first', async () => {
    const first = await load('ai_reviewed')
    expect(first.status).toBe(200)
    expect(first.body.list.value).toMatchObject({ count: 12, total_pages: 2, current_page: 1 })
    expect(ids(first.body)?.[0]).toBe(SCORING_IDS.lowConfidence)
    expect(first.body.list.value?.results[0]).toMatchObject({ needs_human: true })
    expect(Object.fromEntries(sent[0]!)).toEqual({
      bucket: 'ai_reviewed',
      page: '1',
      page_size: '10',
      ordering: 'needs_human',
    })
    const second = await load('ai_reviewed', '?page=2')
    expect(second.body.list.value?.results).toHaveLength(2)
    expect(sent[1]!.get('page')).toBe('2')
  })

  it('sends every filter and the order on to the API, and keeps them for the form', async () => {
    const search =
      `?channel=email&template_internal_id=${TEMPLATE_IDS.collections}&agent_id=21&campaign_id=2` +
      '&date_from=2026-03-01&date_to=2026-03-31&confidence_max=0.6&ordering=-created_at'
    const result = await load('ai_reviewed', search)
    expect(Object.fromEntries(sent[0]!)).toEqual({
      bucket: 'ai_reviewed',
      channel: 'email',
      template_internal_id: TEMPLATE_IDS.collections,
      agent_id: '21',
      campaign_id: '2',
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      confidence_max: '0.6',
      ordering: '-created_at',
      page: '1',
      page_size: '10',
    })
    expect(ids(result.body)).toEqual([SCORING_IDS.unsureEmail])
    expect(result.body.values).toMatchObject({ channel: 'email', confidence_max: '0.6', ordering: '-created_at' })
  })

  it('filters the pending items that need attention, and only in pending', async () => {
    const pending = await load('pending', '?needs_attention=true')
    expect(sent[0]!.get('needs_attention')).toBe('true')
    expect(ids(pending.body)?.sort()).toEqual([SCORING_IDS.tooFewWords, SCORING_IDS.failedCall].sort())
    const reviewed = await load('ai_reviewed', '?needs_attention=true')
    expect(sent[1]!.has('needs_attention')).toBe(false)
    expect(reviewed.body.list.value?.count).toBe(12)
  })

  it('reports a bad filter and lists without it', async () => {
    const result = await load('ai_rejected', '?confidence_max=7&channel=fax&date_from=2026-03-10&date_to=2026-03-01')
    expect(result.status).toBe(200)
    expect(Object.keys(result.body.errors).sort()).toEqual(['channel', 'confidence_max', 'date_to'])
    expect(Object.fromEntries(sent[0]!)).toMatchObject({ bucket: 'ai_rejected', date_from: '2026-03-10' })
    expect(sent[0]!.has('confidence_max')).toBe(false)
  })

  it('gives an agent their own items only, as the API scopes them', async () => {
    const result = await load('ai_rejected', '', 'agent')
    expect(ids(result.body)).toEqual([SCORING_IDS.rejectedCall])
  })

  it('offers the templates, agents and campaigns from the lookup endpoints', async () => {
    const { body } = await load('pending')
    expect(body.options.campaigns).toHaveLength(3)
    expect(body.options.agents).toHaveLength(3)
    expect(body.options.templates.map((t) => t.id)).toContain(TEMPLATE_IDS.inbound)
  })

  it('answers 404 for a sub-view that is not a bucket', async () => {
    for (const type of ['accepted', 'PENDING', 'demo-x']) {
      const result = await load(type)
      expect(result.thrown, type).toBe(true)
      expect(result.status, type).toBe(404)
    }
    expect(sent).toEqual([])
  })

  it('says why the list is missing when the API fails, and keeps the filters', async () => {
    server.use(http.get(UPSTREAM + endpoints.listScoringItems.path, () => errorReply(500, 'Database unavailable')))
    const result = await load('pending', '?channel=chat')
    expect(result.body.list).toEqual({ value: null, error: 'Database unavailable' })
    expect(result.body.options.campaigns).toHaveLength(3)
  })
})
