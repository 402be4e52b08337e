import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ScoringKpi } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { loader } from './index'

const SCORING = '/demo-portal/solutions/ai-agent-scoring'

type Body = { kpi: { value: ScoringKpi | null; error: string | null } }

async function load(who: DemoKey = 'supervisor') {
  return run<Body>(async () => loader(args(await requestWithTokens(SCORING, tokensFor(who)))))
}

beforeEach(() => resetScoringMocks())

describe('AI agent scoring overview loader', () => {
  it('loads the buckets, what waits, this month’s agreement, the criteria rejected most and the latest items', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    const kpi = result.body.kpi.value!
    expect(kpi.buckets).toEqual([
      { bucket: 'pending', count: 4 },
      { bucket: 'ai_reviewed', count: 12 },
      { bucket: 'ai_accepted', count: 3 },
      { bucket: 'ai_rejected', count: 3 },
    ])
    expect(kpi.pending).toEqual({ needs_attention: 2, in_progress: 2, oldest_age_s: 259_200 })
    // February's acceptance is not this month's
    expect(kpi.agreement).toMatchObject({
      month: '2026-03',
      decisions: 5,
      criteria: 18,
      agreed: 14,
      agreement_pct: 77.8,
    })
    expect(kpi.most_rejected.map((c) => [c.question, c.corrections])).toEqual([
      ["Did the agent verify the customer's identity?", 2],
      ['Did the agent avoid threatening language?', 1],
      ['Did the agent offer further help?', 1],
    ])
    expect(kpi.recent).toHaveLength(10)
    expect(kpi.recent[0]!.item_id).toBe(SCORING_IDS.queuedChat)
  })

  it('gives an agent the figures of their own items', async () => {
    const kpi = (await load('agent')).body.kpi.value!
    expect(kpi.buckets.map((b) => b.count)).toEqual([1, 1, 1, 1])
    expect(kpi.recent.map((r) => r.agent.name)).toEqual(['Grace Agent', 'Grace Agent', 'Grace Agent', 'Grace Agent'])
  })

  it('counts a decision made now in this month’s agreement', async () => {
    scoringState.items.find((i) => i.item_id === SCORING_IDS.acceptedEmail)!.decided_at = '2026-03-19T09:00:00.000Z'
    expect((await load()).body.kpi.value!.agreement.decisions).toBe(6)
  })

  it('says why the figures are missing when the API fails', async () => {
    server.use(http.get(UPSTREAM + endpoints.scoringKpi.path, () => errorReply(500, 'Database unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.kpi).toEqual({ value: null, error: 'Database unavailable' })
  })
})
