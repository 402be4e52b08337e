import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AgentPerformance } from '#contract/dashboards'
import type { Paged } from '#contract/envelope'
import type { EvaluationSummary } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { dashboardQueries, resetDashboardMocks } from '#tests/mocks/dashboards'
import { resetEvaluationMocks } from '#tests/mocks/evaluations'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { loader } from './agent-performance-dashboard'

type Panel<T> = { data: T | null; error: string | null }
type Body = {
  errors: Record<string, string[]>
  values: Record<string, string>
  performance: Panel<AgentPerformance>
  recent: Panel<Paged<EvaluationSummary>>
}

const BASE = '/demo-portal/solutions/call-evaluation/agent-performance-dashboard'

async function load(search = '', key: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${BASE}${search}`, tokensFor(key))
  return run<Body>(() => loader(args(request)))
}

/** The evaluation list calls' query strings, answered by the normal handler. */
function recordListCalls() {
  const seen: Record<string, string>[] = []
  server.use(
    http.get(UPSTREAM + paths.evaluationList, ({ request }) => {
      seen.push(Object.fromEntries(new URL(request.url).searchParams))
    }),
  )
  return seen
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

beforeEach(() => {
  resetDashboardMocks()
  resetEvaluationMocks()
})

describe('agent performance loader', () => {
  it("asks for the chosen agent's weekly figures and their latest evaluations, at once", async () => {
    const seen = recordListCalls()
    const result = await load('?agent_id=21&campaign_id=1')
    expect(result.status).toBe(200)
    expect(dashboardQueries().get(paths.agentPerformance)).toEqual({
      agent_id: '21',
      campaign_id: '1',
      date_from: day(-90),
      date_to: day(0),
      interval: 'week',
    })
    expect(seen).toEqual([
      {
        agent_id: '21',
        campaign_id: '1',
        date_from: day(-90),
        date_to: day(0),
        page: '1',
        page_size: '5',
        ordering: '-call_time',
      },
    ])
    expect(result.body.performance.data?.agent).toEqual({ id: 21, name: 'Priya Nair' })
    expect(result.body.performance.data?.categories[0].team_average_score).not.toBeNull()
    expect(result.body.recent.data?.results.every((e) => e.agent.id === 21)).toBe(true)
  })

  it('gives an agent their own figures, without the team', async () => {
    const result = await load('', 'agent')
    expect(result.body.performance.data?.agent?.id).toBe(demoUsers.agent.id)
    expect(result.body.performance.data?.series.every((p) => p.team_average_score === null)).toBe(true)
    expect(result.body.recent.data?.results.every((e) => e.agent.id === demoUsers.agent.id)).toBe(true)
  })

  it('keeps the figures when the recent list fails, and says so for that panel', async () => {
    server.use(http.get(UPSTREAM + paths.evaluationList, () => errorReply(500, 'List is down')))
    const result = await load('?agent_id=22')
    expect(result.status).toBe(200)
    expect(result.body.recent).toMatchObject({ data: null, error: 'List is down' })
    expect(result.body.performance.data?.agent?.id).toBe(22)
  })

  it('fails the page when both fail', async () => {
    server.use(
      http.get(UPSTREAM + paths.evaluationList, () => errorReply(500, 'List is down')),
      http.get(UPSTREAM + paths.agentPerformance, () => errorReply(500, 'Figures are down')),
    )
    const result = await load('?agent_id=22')
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
  })

  it('reports a bad agent id as a field error and shows everyone meanwhile', async () => {
    const result = await load('?agent_id=someone&date_from=2025-06-01&date_to=2025-06-30')
    expect(result.body.errors.agent_id).toBeDefined()
    expect(dashboardQueries().get(paths.agentPerformance)).toEqual({
      date_from: '2025-06-01',
      date_to: '2025-06-30',
      interval: 'week',
    })
    expect(result.body.performance.data?.agent).toBeNull()
  })
})
