import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import * as c from '#contract/dashboards'
import { paths } from '#contract/paths'
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
import { ok, responses } from '../../lib/reply'
import { evaluationExportRoutes } from '../evaluations/routes/export'
import type { AuthUser } from '../../plugins/auth'

const tags = ['call evaluation dashboards']
const security = [{ bearerAuth: [] }]

/**
 * The dashboards: SQL aggregates over the evaluations, every one with the same filters. Anyone
 * signed in reads them; an agent's figures are over their own calls only. The list's CSV export
 * comes along.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(evaluationExportRoutes, { db })

  function dashboard<Q extends z.ZodTypeAny, R extends z.ZodTypeAny>(
    path: string,
    summary: string,
    querystring: Q,
    response: R,
    compute: (query: z.infer<Q>, user: AuthUser) => Promise<z.infer<R>>,
  ) {
    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: { tags, summary, security, querystring, response: responses(response, 401) },
      },
      async (request) =>
        ok(
          await compute(scoped(request.user, request.query as z.infer<Q>), request.user),
          'Dashboard retrieved successfully',
        ),
    )
  }

  dashboard(
    paths.callEvaluationDashboard,
    'Call evaluation KPIs and trend',
    c.callEvaluationDashboardQuery,
    c.callEvaluationDashboard,
    (q) => callEvaluationDashboard(db, q),
  )
  dashboard(
    paths.agentHighlightDashboard,
    'Best, worst and most improved agents',
    c.agentHighlightQuery,
    c.agentHighlightDashboard,
    (q) => agentHighlightDashboard(db, q),
  )
  dashboard(
    paths.agentLeaderBoard,
    'Agents ranked by average score',
    c.agentLeaderBoardQuery,
    c.agentLeaderBoard,
    (q) => agentLeaderBoard(db, q),
  )
  dashboard(paths.outlierAgentReport, 'Agents far from the team mean', c.outlierAgentQuery, c.outlierAgentReport, (q) =>
    outlierAgentReport(db, q),
  )
  dashboard(
    paths.failedCategoryCount,
    'Failed calls per template category',
    c.dashboardQuery,
    c.failedCategoryCount,
    (q) => failedCategoryCount(db, q),
  )
  dashboard(
    paths.agentScoringVsSentiment,
    'Average score and customer sentiment per agent',
    c.dashboardQuery,
    c.agentScoringVsSentiment,
    (q) => agentScoringVsSentiment(db, q),
  )
  dashboard(
    paths.topViolationsByCategories,
    'Categories with the most failed questions',
    c.topViolationsByCategoriesQuery,
    c.topViolationsByCategories,
    (q) => topViolationsByCategories(db, q),
  )
  dashboard(paths.topTenViolations, 'The ten questions failed most often', c.dashboardQuery, c.topTenViolations, (q) =>
    topTenViolations(db, q),
  )
  dashboard(
    paths.agentPerformance,
    'An agent over time and per category, beside the team',
    c.agentPerformanceQuery,
    c.agentPerformance,
    (q, user) => agentPerformance(db, q, { ownOnly: user.role === 'agent' }),
  )
  dashboard(
    paths.purposeCallDistribution,
    'Calls per purpose with their average score',
    c.purposeCallDistributionQuery,
    c.purposeCallDistribution,
    (q) => purposeCallDistribution(db, q),
  )
  dashboard(
    paths.callSentimentVsScore,
    'Customer sentiment against score per call, with the correlation',
    c.callSentimentVsScoreQuery,
    c.callSentimentVsScore,
    (q) => callSentimentVsScore(db, q),
  )
  dashboard(
    paths.aiAuditorAgreement,
    'How often auditors keep the AI answer',
    c.aiAuditorAgreementQuery,
    c.aiAuditorAgreement,
    (q) => aiAuditorAgreement(db, q),
  )
  dashboard(
    paths.auditProductivity,
    'Reviews and review time per reviewer',
    c.dashboardQuery,
    c.auditProductivity,
    (q) => auditProductivity(db, q),
  )
}
