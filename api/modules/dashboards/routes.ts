import { endpoints } from '#contract/endpoints'
import { route, type EndpointHandler, type EndpointRequest } from '../../lib/endpoint'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { agentHighlightDashboard, agentLeaderBoard, outlierAgentReport } from './store/agents'
import { purposeCallDistribution } from './store/calls'
import { callEvaluationDashboard } from './store/overview'
import { agentPerformance } from './store/performance'
import { auditProductivity } from './store/productivity'
import { agentScoringVsSentiment, callSentimentVsScore } from './store/sentiment'
import { scoped } from './store/sql'
import {
  aiAuditorAgreement,
  failedCategoryCount,
  topTenViolations,
  topViolationsByCategories,
} from './store/violations'
import { ok } from '../../lib/reply'
import type { AuthUser } from '../../plugins/auth'

/** A dashboard endpoint: filters in the query, figures in the answer. */
type DashboardEndpoint = Extract<(typeof endpoints)[keyof typeof endpoints], { tag: 'call evaluation dashboards' }>

/**
 * The dashboards: SQL aggregates over the evaluations, every one with the same filters. Anyone
 * signed in reads them; an agent's figures are over their own calls only.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  function dashboard<E extends DashboardEndpoint>(
    endpoint: E,
    compute: (query: z.output<E['query']>, user: AuthUser) => Promise<z.input<E['response']>>,
  ) {
    // compute's signature ties the query and figures to E; the generic handler cannot, hence the casts
    const handler = async (request: EndpointRequest<E>) => {
      const query = scoped(request.user, request.query as z.output<E['query']>)
      return ok(await compute(query, request.user), 'Dashboard retrieved successfully')
    }
    route(app, endpoint, handler as unknown as EndpointHandler<E>)
  }

  dashboard(endpoints.callEvaluationDashboard, (q) => callEvaluationDashboard(db, q))
  dashboard(endpoints.agentHighlightDashboard, (q) => agentHighlightDashboard(db, q))
  dashboard(endpoints.agentLeaderBoard, (q) => agentLeaderBoard(db, q))
  dashboard(endpoints.outlierAgentReport, (q) => outlierAgentReport(db, q))
  dashboard(endpoints.failedCategoryCount, (q) => failedCategoryCount(db, q))
  dashboard(endpoints.agentScoringVsSentiment, (q) => agentScoringVsSentiment(db, q))
  dashboard(endpoints.topViolationsByCategories, (q) => topViolationsByCategories(db, q))
  dashboard(endpoints.topTenViolations, (q) => topTenViolations(db, q))
  dashboard(endpoints.agentPerformance, (q, user) => agentPerformance(db, q, { ownOnly: user.role === 'agent' }))
  dashboard(endpoints.purposeCallDistribution, (q) => purposeCallDistribution(db, q))
  dashboard(endpoints.callSentimentVsScore, (q) => callSentimentVsScore(db, q))
  dashboard(endpoints.aiAuditorAgreement, (q) => aiAuditorAgreement(db, q))
  dashboard(endpoints.auditProductivity, (q) => auditProductivity(db, q))
}
