import { delay, http } from 'msw'
import type { z } from 'zod'
import * as c from '#contract/dashboards'
import { paths } from '#contract/paths'
import {
  agentPerformanceFor,
  agentSentimentFor,
  agreementFor,
  callSentimentFor,
  categoryViolationsFor,
  failedCategoriesFor,
  highlightsFor,
  leaderBoardFor,
  outliersFor,
  overviewFor,
  productivityFor,
  purposesFor,
  topViolationsFor,
} from '#tests/fixtures/dashboards'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, authenticate, error, ok } from './auth'

/** What the dashboard endpoints were asked, and how many were in flight at once; reset in beforeEach. */
export const dashboardMock = {
  requests: [] as URL[],
  /** Each answer waits this long (to see the loader ask them all at once). */
  delayMs: 0,
  inFlight: 0,
  maxInFlight: 0,
}

export function resetDashboardMocks() {
  dashboardMock.requests = []
  dashboardMock.delayMs = 0
  dashboardMock.inFlight = 0
  dashboardMock.maxInFlight = 0
}

/** The dashboard endpoints' query strings, by path (the last call to each). */
export function dashboardQueries() {
  return new Map(dashboardMock.requests.map((url) => [url.pathname, Object.fromEntries(url.searchParams)]))
}

/**
 * One dashboard endpoint as the API serves it: a bearer or 401, the contract's query or 400 with
 * field errors, an agent's figures over their own calls only, and a body checked against the contract.
 */
function dashboard<Q extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  path: string,
  query: Q,
  response: R,
  build: (q: z.output<Q>, key: DemoKey) => z.input<R>,
) {
  return http.get(UPSTREAM + path, async ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const url = new URL(request.url)
    dashboardMock.requests.push(url)
    dashboardMock.inFlight++
    dashboardMock.maxInFlight = Math.max(dashboardMock.maxInFlight, dashboardMock.inFlight)
    try {
      if (dashboardMock.delayMs) await delay(dashboardMock.delayMs)
      const parsed = query.safeParse(Object.fromEntries(url.searchParams))
      if (!parsed.success) {
        return error(400, 'Invalid request', parsed.error.flatten().fieldErrors as Record<string, string[]>)
      }
      const scoped = key === 'agent' ? { ...parsed.data, agent_id: demoUsers.agent.id } : parsed.data
      return ok(response.parse(build(scoped, key)), 'Dashboard retrieved successfully')
    } finally {
      dashboardMock.inFlight--
    }
  })
}

const dashboardEndpoints = [
  dashboard(paths.callEvaluationDashboard, c.callEvaluationDashboardQuery, c.callEvaluationDashboard, overviewFor),
  dashboard(paths.agentHighlightDashboard, c.agentHighlightQuery, c.agentHighlightDashboard, highlightsFor),
  dashboard(paths.agentLeaderBoard, c.agentLeaderBoardQuery, c.agentLeaderBoard, leaderBoardFor),
  dashboard(paths.outlierAgentReport, c.outlierAgentQuery, c.outlierAgentReport, outliersFor),
  dashboard(paths.failedCategoryCount, c.dashboardQuery, c.failedCategoryCount, failedCategoriesFor),
  dashboard(paths.agentScoringVsSentiment, c.dashboardQuery, c.agentScoringVsSentiment, agentSentimentFor),
  dashboard(
    paths.topViolationsByCategories,
    c.topViolationsByCategoriesQuery,
    c.topViolationsByCategories,
    categoryViolationsFor,
  ),
  dashboard(paths.topTenViolations, c.dashboardQuery, c.topTenViolations, topViolationsFor),
  dashboard(paths.agentPerformance, c.agentPerformanceQuery, c.agentPerformance, (q, key) =>
    agentPerformanceFor(q, key === 'agent'),
  ),
  dashboard(paths.purposeCallDistribution, c.purposeCallDistributionQuery, c.purposeCallDistribution, purposesFor),
  dashboard(paths.callSentimentVsScore, c.callSentimentVsScoreQuery, c.callSentimentVsScore, callSentimentFor),
  dashboard(paths.aiAuditorAgreement, c.aiAuditorAgreementQuery, c.aiAuditorAgreement, agreementFor),
  dashboard(paths.auditProductivity, c.dashboardQuery, c.auditProductivity, productivityFor),
]

/** The CSV export of the evaluation list: the query it was sent, and a two-row file. */
export const exportMock = { requests: [] as URL[] }

const exportHandlers = [
  http.get(UPSTREAM + paths.evaluationExport, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    exportMock.requests.push(new URL(request.url))
    const csv = '\uFEFFid,call_time,agent\r\n101,2025-06-02T09:00:00.000Z,Grace Agent\r\n'
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="call-evaluations-2025-06-30.csv"',
        'X-Total-Count': '1',
      },
    })
  }),
]

export const dashboardHandlers = [...dashboardEndpoints, ...exportHandlers]
