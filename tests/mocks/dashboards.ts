import { delay } from 'msw'
import type { z } from 'zod'
import { endpoints } from '#contract/endpoints'
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
import { mock } from './endpoint'

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

type Dashboard = (typeof endpoints)[
  | 'callEvaluationDashboard'
  | 'agentHighlightDashboard'
  | 'agentLeaderBoard'
  | 'outlierAgentReport'
  | 'failedCategoryCount'
  | 'agentScoringVsSentiment'
  | 'topViolationsByCategories'
  | 'topTenViolations'
  | 'agentPerformance'
  | 'purposeCallDistribution'
  | 'callSentimentVsScore'
  | 'aiAuditorAgreement'
  | 'auditProductivity']

/**
 * One dashboard endpoint as the API serves it (the bearer, the query and the answer's shape are
 * mock()'s): an agent's figures over their own calls only. Each request that gets this far is
 * recorded and counted in flight, and may be held back by `delayMs`.
 */
function dashboard<E extends Dashboard>(
  endpoint: E,
  build: (q: z.output<E['query']>, key: DemoKey) => z.input<E['response']>,
) {
  return mock<Dashboard>(
    endpoint,
    async ({ query, key, request }) => {
      dashboardMock.requests.push(new URL(request.url))
      dashboardMock.inFlight++
      dashboardMock.maxInFlight = Math.max(dashboardMock.maxInFlight, dashboardMock.inFlight)
      try {
        if (dashboardMock.delayMs) await delay(dashboardMock.delayMs)
        const scoped = key === 'agent' ? { ...query, agent_id: demoUsers.agent.id } : query
        return build(scoped as z.output<E['query']>, key) as z.input<Dashboard['response']>
      } finally {
        dashboardMock.inFlight--
      }
    },
    'Dashboard retrieved successfully',
  )
}

const dashboardEndpoints = [
  dashboard(endpoints.callEvaluationDashboard, overviewFor),
  dashboard(endpoints.agentHighlightDashboard, highlightsFor),
  dashboard(endpoints.agentLeaderBoard, leaderBoardFor),
  dashboard(endpoints.outlierAgentReport, outliersFor),
  dashboard(endpoints.failedCategoryCount, failedCategoriesFor),
  dashboard(endpoints.agentScoringVsSentiment, agentSentimentFor),
  dashboard(endpoints.topViolationsByCategories, categoryViolationsFor),
  dashboard(endpoints.topTenViolations, topViolationsFor),
  dashboard(endpoints.agentPerformance, (q, key) => agentPerformanceFor(q, key === 'agent')),
  dashboard(endpoints.purposeCallDistribution, purposesFor),
  dashboard(endpoints.callSentimentVsScore, callSentimentFor),
  dashboard(endpoints.aiAuditorAgreement, agreementFor),
  dashboard(endpoints.auditProductivity, productivityFor),
]

/** The CSV export of the evaluation list: the query it was sent, and a two-row file. */
export const exportMock = { requests: [] as URL[] }

const exportHandlers = [
  mock(endpoints.evaluationExport, ({ request }) => {
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
