import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AgentLeaderBoard, TopTenViolations } from '#contract/dashboards'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { dashboardMock, dashboardQueries, resetDashboardMocks } from '#tests/mocks/dashboards'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import type {
  AgreementData,
  OverviewData,
  SentimentScatterData,
} from '~/components/call-evaluation/dashboard/panel-data'
import { unpackRows, type Packed } from '~/lib/packed-rows'
import { loader } from './evaluation-dashboard'

type Panel<T> = { data: T | null; error: string | null }
type Body = {
  filters: Record<string, unknown>
  values: Record<string, string>
  errors: Record<string, string[]>
  options: Record<string, unknown[]>
  panels: Record<string, Panel<unknown>> & {
    overview: Panel<OverviewData>
    leaderBoard: Panel<AgentLeaderBoard>
    topViolations: Panel<TopTenViolations>
    callSentiment: Panel<SentimentScatterData>
    agreement: Panel<AgreementData>
  }
}

const BASE = '/demo-portal/solutions/call-evaluation/evaluation-dashboard'
const TEMPLATE = '6f1c2a9e-4b7d-4c1e-9a53-2d8e7f0b1c44'

const DASHBOARD_PATHS = [
  paths.callEvaluationDashboard,
  paths.purposeCallDistribution,
  paths.failedCategoryCount,
  paths.topViolationsByCategories,
  paths.topTenViolations,
  paths.agentLeaderBoard,
  paths.agentHighlightDashboard,
  paths.outlierAgentReport,
  paths.agentScoringVsSentiment,
  paths.callSentimentVsScore,
  paths.aiAuditorAgreement,
  paths.auditProductivity,
]

/** The loader's answer, its view (the pickers and the panels, sent as columns) read as the page reads it. */
async function load(search = '', key: DemoKey = 'admin') {
  const request = await requestWithTokens(`${BASE}${search}`, tokensFor(key))
  const result = await run<Body & { view: Packed<Pick<Body, 'options' | 'panels'>> }>(() => loader(args(request)))
  if (result.thrown) return result
  return { ...result, body: { ...result.body, ...unpackRows(result.body.view) } }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

beforeEach(() => resetDashboardMocks())

describe('evaluation dashboard loader', () => {
  it('loads every panel and the pickers, over the last 30 days by default', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    for (const [name, panel] of Object.entries(result.body.panels)) {
      expect(panel.error, name).toBeNull()
      expect(panel.data, name).not.toBeNull()
    }
    expect(result.body.values).toMatchObject({ date_from: day(-29), date_to: day(0) })
    const queries = dashboardQueries()
    expect([...queries.keys()].sort()).toEqual([...DASHBOARD_PATHS].sort())
    for (const path of DASHBOARD_PATHS) {
      expect(queries.get(path), path).toMatchObject({ date_from: day(-29), date_to: day(0) })
    }
    expect(result.body.panels.overview.data?.kpis.calls).toBe(100)
    expect(result.body.options.campaigns).toHaveLength(3)
    expect(result.body.options.agents).toHaveLength(3)
    expect(result.body.options.supervisors).toHaveLength(2)
    expect(result.body.options.departments.length).toBeGreaterThan(0)
    expect(result.body.options.locations.length).toBeGreaterThan(0)
    expect(result.body.options.templates.length).toBeGreaterThan(0)
  })

  it('sends the panels what they show, not whole records, and their rows as columns', async () => {
    const { body } = await load()
    // each field once for the whole board, not once a row
    const board = (body.view as unknown as { panels: { leaderBoard: { data: { results: unknown } } } }).panels
      .leaderBoard.data.results
    expect(board).toMatchObject({ $rows: 3, $columns: { rank: [1, 2, 3] } })
    expect(body.panels.leaderBoard.data?.results.map((row) => row.rank)).toEqual([1, 2, 3])
    const scatter = body.panels.callSentiment.data!
    expect(scatter.points.length).toBeGreaterThan(0)
    // each call as [customer sentiment, score]: no ids, no field names
    for (const point of scatter.points) {
      expect(point).toEqual([expect.any(Number), expect.any(Number)])
    }
    const agreement = body.panels.agreement.data!
    expect(agreement).not.toHaveProperty('by_question')
    expect(agreement.least_agreed).toEqual({
      question_text: expect.any(String),
      agreement_pct: expect.any(Number),
      answers: expect.any(Number),
    })
    expect(body.panels.overview.data).not.toHaveProperty('by_status')
  })

  it('forwards every filter to every endpoint, with each one’s own parameters', async () => {
    const search =
      `?date_from=2025-06-01&date_to=2025-06-30&campaign_id=1&service_id=2&department_id=3&location_id=4` +
      `&agent_id=21&supervisor_id=2&template_internal_id=${TEMPLATE}&board_page=2`
    const result = await load(search)
    expect(result.body.errors).toEqual({})
    const filters = {
      date_from: '2025-06-01',
      date_to: '2025-06-30',
      campaign_id: '1',
      service_id: '2',
      department_id: '3',
      location_id: '4',
      agent_id: '21',
      supervisor_id: '2',
      template_internal_id: TEMPLATE,
    }
    const queries = dashboardQueries()
    for (const path of DASHBOARD_PATHS) expect(queries.get(path), path).toMatchObject(filters)
    expect(queries.get(paths.agentLeaderBoard)).toMatchObject({ page: '2', page_size: '10' })
    expect(queries.get(paths.agentHighlightDashboard)).toMatchObject({ limit: '3' })
    expect(queries.get(paths.callSentimentVsScore)).toMatchObject({ limit: '300' })
    // the mock honours agent_id: one agent's figures
    expect(result.body.panels.overview.data?.kpis.calls).toBe(35)
  })

  it('sends no date when the form cleared both (all time)', async () => {
    await load('?date_from=&date_to=&campaign_id=')
    const query = dashboardQueries().get(paths.callEvaluationDashboard)
    expect(query).toEqual({})
  })

  it('asks all the endpoints at once, not one after another', async () => {
    // each answer waits, so calls made one after another would never overlap
    dashboardMock.delayMs = 40
    const result = await load()
    expect(result.status).toBe(200)
    expect(dashboardMock.maxInFlight).toBe(DASHBOARD_PATHS.length)
  })

  it('shows a failed endpoint as that panel unavailable and keeps the rest', async () => {
    server.use(http.get(UPSTREAM + paths.topTenViolations, () => errorReply(500, 'Violations are being recomputed')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.panels.topViolations).toEqual({
      data: null,
      error: 'Violations are being recomputed',
      status: 502,
    })
    expect(result.body.panels.overview.error).toBeNull()
    expect(result.body.panels.leaderBoard.data?.results).toHaveLength(3)
  })

  it('fails the page only when every panel failed', async () => {
    server.use(
      ...DASHBOARD_PATHS.map((path) => http.get(UPSTREAM + path, () => errorReply(503, 'Dashboards are offline'))),
    )
    const result = await load()
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
    expect(result.body).toBe('Dashboards are offline')
  })

  it('reports bad filters as field errors and still applies the valid ones', async () => {
    const result = await load(
      '?date_from=yesterday&date_to=2025-06-30&campaign_id=abc&template_internal_id=nope&agent_id=21',
    )
    expect(result.status).toBe(200)
    expect(result.body.errors.date_from).toEqual(['Use a date like 2026-01-31'])
    expect(result.body.errors.campaign_id).toBeDefined()
    expect(result.body.errors.template_internal_id).toEqual(['Unknown template'])
    expect(result.body.values.date_from).toBe('yesterday')
    expect(dashboardQueries().get(paths.failedCategoryCount)).toEqual({ date_to: '2025-06-30', agent_id: '21' })
  })

  it('says a date past 2999 is out of range and shows the page without it, not a 502 (issue 13)', async () => {
    const result = await load('?date_from=2025-07-01&date_to=9999-12-31')
    expect(result.status).toBe(200)
    expect(result.body.errors.date_to).toEqual(['Use a date between 1900 and 2999'])
    expect(dashboardQueries().get(paths.callEvaluationDashboard)).toEqual({ date_from: '2025-07-01' })
  })

  it('reports a start date after the end date on the end date', async () => {
    const result = await load('?date_from=2025-07-01&date_to=2025-06-01')
    expect(result.body.errors.date_to).toEqual(['The start date is after the end date'])
    expect(dashboardQueries().get(paths.callEvaluationDashboard)).toEqual({ date_from: '2025-07-01' })
  })

  it('gives an agent their own figures only', async () => {
    const result = await load('', 'agent')
    expect(result.status).toBe(200)
    const board = result.body.panels.leaderBoard.data
    expect(board?.results.map((r) => r.agent.id)).toEqual([demoUsers.agent.id])
    expect(result.body.panels.overview.data?.kpis.calls).toBe(40)
  })

  it('sends a visitor without tokens to the login page', async () => {
    const request = await requestWithTokens(BASE, null)
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})
