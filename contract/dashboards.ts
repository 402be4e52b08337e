import { z } from 'zod'
import { isoDate, pageQuery, paged } from './envelope'
import { evaluationStatus } from './evaluations'
import { role } from './accounts'

/*
 * The call evaluation dashboards (SPEC §7) and two more (AI vs auditor agreement, audit
 * productivity). Every endpoint takes the same filters (`dashboardFilters`); some add a parameter.
 *
 * Conventions of every response:
 * - a score is 0–100 with one decimal, null when nothing was scored;
 * - the "score" of a call is its effective score: the auditor's once the call is reviewed, else the
 *   AI's (the same as the evaluation list); likewise its auto-fail;
 * - a `*_pct` is a percentage 0–100 with one decimal (null when its denominator is 0);
 * - a sentiment is the text engine's -1…1 (three decimals), null when nobody said anything;
 * - dates are UTC calendar days (YYYY-MM-DD); `date_to` covers its whole day;
 * - an agent sees only their own calls: every figure is computed over them alone.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)
const optionalId = z.preprocess(emptyIsAny, id.optional())

/** The filters every dashboard endpoint takes. Empty values mean "any". */
export const dashboardFilters = z.object({
  date_from: z.preprocess(emptyIsAny, isoDate.optional()),
  date_to: z.preprocess(emptyIsAny, isoDate.optional()),
  campaign_id: optionalId,
  service_id: optionalId,
  /** The agent's department (their staff profile), not the call's. */
  department_id: optionalId,
  /** The agent's location (their staff profile). */
  location_id: optionalId,
  agent_id: optionalId,
  /** The QA supervisor on the call. */
  supervisor_id: optionalId,
  /** A template in any of its versions. */
  template_internal_id: z.preprocess(emptyIsAny, z.string().trim().uuid('Unknown template').optional()),
})
export type DashboardFilters = z.infer<typeof dashboardFilters>

/** The date order check every dashboard query shares. */
function datesInOrder<T extends z.AnyZodObject>(schema: T): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    message: 'The start date is after the end date',
    path: ['date_to'],
  })
}

/** The plain filter query (endpoints without a parameter of their own). */
export const dashboardQuery = datesInOrder(dashboardFilters)
export type DashboardQuery = z.infer<typeof dashboardQuery>

export const trendIntervals = ['day', 'week', 'month'] as const
export const trendInterval = z.enum(trendIntervals)
export type TrendInterval = z.infer<typeof trendInterval>
const intervalParam = z.preprocess(emptyIsAny, trendInterval.optional())
const limitParam = (fallback: number, max: number) =>
  z.preprocess(emptyIsAny, z.coerce.number().int().min(1).max(max).default(fallback))
const minCallsParam = z.preprocess(emptyIsAny, z.coerce.number().int().min(1).max(10_000).default(1))

const agentRef = z.object({ id: z.number().int(), name: z.string() })
export type AgentRef = z.infer<typeof agentRef>
const score = z.number().nullable()
const pct = z.number().nullable()
const count = z.number().int().nonnegative()
const sentiment = z.number().nullable()
const day = z.string()

// ---------------------------------------------------------------- call_evaluation_dashboard

/**
 * `interval`: the trend's bucket. Absent: `day` when both dates are given and span at most 62
 * days, else `week` (weeks start on Monday).
 */
export const callEvaluationDashboardQuery = datesInOrder(dashboardFilters.extend({ interval: intervalParam }))
export type CallEvaluationDashboardQuery = z.infer<typeof callEvaluationDashboardQuery>

export const trendPoint = z.object({
  /** The first day of the bucket. */
  period_start: day,
  calls: count,
  average_score: score,
  average_ai_score: score,
  average_auditor_score: score,
  auto_fail_count: count,
  /** The calls each average is over: with an effective score, an AI score, an auditor's score. */
  scored_calls: count,
  ai_scored_calls: count,
  auditor_scored_calls: count,
})
export type TrendPoint = z.infer<typeof trendPoint>

export const callEvaluationDashboard = z.object({
  kpis: z.object({
    /** Evaluations matching the filters. */
    calls: count,
    /** Calls with an effective score. */
    scored_calls: count,
    average_score: score,
    average_ai_score: score,
    /** Over reviewed calls only. */
    average_auditor_score: score,
    auto_fail_count: count,
    /** Auto-fails per scored call. */
    auto_fail_pct: pct,
    /** Calls with a saved manual review. */
    reviewed_count: count,
    /** Reviewed calls per call. */
    reviewed_pct: pct,
    disputed_count: count,
  }),
  /** Calls per status, every status listed (0 where none). */
  by_status: z.array(z.object({ status: evaluationStatus, count })),
  /** Every bucket from the first to the last (the filter's dates, else the data's), empty ones with 0 calls. */
  trend: z.object({ interval: trendInterval, points: z.array(trendPoint) }),
})
export type CallEvaluationDashboard = z.infer<typeof callEvaluationDashboard>

// ---------------------------------------------------------------- agent_highlight_dashboard

/**
 * The period is date_from…date_to; without date_to it ends today (UTC), without date_from it is the
 * 30 days up to date_to. The previous period is the one of equal length just before it.
 * `limit` agents per list (default 3); agents with fewer than `min_calls` scored calls in a period
 * are left out of it.
 */
export const agentHighlightQuery = datesInOrder(
  dashboardFilters.extend({ limit: limitParam(3, 20), min_calls: minCallsParam }),
)
export type AgentHighlightQuery = z.infer<typeof agentHighlightQuery>

export const agentStat = z.object({
  agent: agentRef,
  calls: count,
  scored_calls: count,
  average_score: score,
  auto_fail_count: count,
})
export type AgentStat = z.infer<typeof agentStat>

export const improvedAgent = z.object({
  agent: agentRef,
  calls: count,
  average_score: z.number(),
  previous_calls: count,
  previous_average_score: z.number(),
  /** average_score − previous_average_score (positive: better). */
  change: z.number(),
})
export type ImprovedAgent = z.infer<typeof improvedAgent>

const period = z.object({ date_from: day, date_to: day })
export const agentHighlightDashboard = z.object({
  period,
  previous_period: period,
  min_calls: z.number().int(),
  /** Highest average first (ties: more scored calls, then name). */
  best: z.array(agentStat),
  /** Lowest average first. */
  worst: z.array(agentStat),
  /** Largest rise first; only agents scored in both periods whose average rose. */
  most_improved: z.array(improvedAgent),
})
export type AgentHighlightDashboard = z.infer<typeof agentHighlightDashboard>

// ---------------------------------------------------------------- agent-leader-board

/** Paged (`page`, `page_size`); ranked by average score, highest first. */
export const agentLeaderBoardQuery = datesInOrder(dashboardFilters.merge(pageQuery))
export type AgentLeaderBoardQuery = z.infer<typeof agentLeaderBoardQuery>

export const leaderBoardRow = z.object({
  /** 1 for the best; agents with the same average share a rank; unscored agents come last. */
  rank: z.number().int().positive(),
  agent: agentRef,
  calls: count,
  scored_calls: count,
  average_score: score,
  average_ai_score: score,
  average_auditor_score: score,
  auto_fail_count: count,
  auto_fail_pct: pct,
  reviewed_count: count,
})
export type LeaderBoardRow = z.infer<typeof leaderBoardRow>
export const agentLeaderBoard = paged(leaderBoardRow)
export type AgentLeaderBoard = z.infer<typeof agentLeaderBoard>

// ---------------------------------------------------------------- outlier_agent_report

/** `threshold`: how many standard deviations from the team mean make an outlier (default 2). */
export const outlierAgentQuery = datesInOrder(
  dashboardFilters.extend({
    threshold: z.preprocess(emptyIsAny, z.coerce.number().min(0.1).max(10).default(2)),
    min_calls: minCallsParam,
  }),
)
export type OutlierAgentQuery = z.infer<typeof outlierAgentQuery>

export const outlierAgent = z.object({
  agent: agentRef,
  scored_calls: count,
  average_score: z.number(),
  /** (average_score − team_mean) / stddev, two decimals; null when stddev is 0. */
  z_score: z.number().nullable(),
  outlier: z.enum(['above', 'below']).nullable(),
})
export type OutlierAgent = z.infer<typeof outlierAgent>

export const outlierAgentReport = z.object({
  method: z.literal('z_score'),
  /** The method in words, with the figures. */
  description: z.string(),
  threshold: z.number(),
  min_calls: z.number().int(),
  /** Agents with at least min_calls scored calls: the team the mean is taken over. */
  agent_count: count,
  /** Mean of the agents' average scores (each agent counts once). */
  team_mean: score,
  /** Population standard deviation of the agents' average scores. */
  stddev: score,
  lower_bound: score,
  upper_bound: score,
  outlier_count: count,
  /** Every agent of the team, highest z first. */
  agents: z.array(outlierAgent),
})
export type OutlierAgentReport = z.infer<typeof outlierAgentReport>

// ---------------------------------------------------------------- failed_category_count

export const failedCategory = z.object({
  /** The template category's name (the same name in several templates or versions counts once). */
  category: z.string(),
  /** Calls where the category scored below 100 (a question in it failed). */
  failed: count,
  /** Calls where the category was scored (some question in it applied). */
  scored: count,
  failed_pct: pct,
})
export type FailedCategory = z.infer<typeof failedCategory>
/** Most failed first. */
export const failedCategoryCount = z.object({ results: z.array(failedCategory) })
export type FailedCategoryCount = z.infer<typeof failedCategoryCount>

// ---------------------------------------------------------------- agent_scoring_vs_sentiment

export const agentSentiment = z.object({
  agent: agentRef,
  calls: count,
  average_score: score,
  /** The customer's mean sentiment over the agent's calls (each call's mean, averaged). */
  customer_sentiment: sentiment,
  agent_sentiment: sentiment,
})
export type AgentSentiment = z.infer<typeof agentSentiment>
/** By agent name. */
export const agentScoringVsSentiment = z.object({ results: z.array(agentSentiment) })
export type AgentScoringVsSentiment = z.infer<typeof agentScoringVsSentiment>

// ---------------------------------------------------------------- top_violations_by_categories

/** `limit` categories (default 10). */
export const topViolationsByCategoriesQuery = datesInOrder(dashboardFilters.extend({ limit: limitParam(10, 100) }))
export type TopViolationsByCategoriesQuery = z.infer<typeof topViolationsByCategoriesQuery>

export const categoryViolations = z.object({
  category: z.string(),
  /** Question answers against the expected answer (n/a never fails). */
  failed_questions: count,
  /** Applicable question answers (not n/a). */
  answered_questions: count,
  failed_pct: pct,
  /** Calls with at least one failed question in the category. */
  calls_with_failure: count,
})
export type CategoryViolations = z.infer<typeof categoryViolations>
/** Most failed questions first. */
export const topViolationsByCategories = z.object({ results: z.array(categoryViolations) })
export type TopViolationsByCategories = z.infer<typeof topViolationsByCategories>

// ---------------------------------------------------------------- top_ten_violations

export const questionViolation = z.object({
  rank: z.number().int().positive(),
  question_text: z.string(),
  category: z.string(),
  /** The template (its latest name); the question counts over all its versions. */
  template: z.object({ internal_id: z.string(), name: z.string() }),
  failed: count,
  answered: count,
  failed_pct: pct,
})
export type QuestionViolation = z.infer<typeof questionViolation>
/** At most ten, most failed first. */
export const topTenViolations = z.object({ results: z.array(questionViolation) })
export type TopTenViolations = z.infer<typeof topTenViolations>

// ---------------------------------------------------------------- agent_performance

/** `interval` of the series: week unless asked. */
export const agentPerformanceQuery = datesInOrder(dashboardFilters.extend({ interval: intervalParam }))
export type AgentPerformanceQuery = z.infer<typeof agentPerformanceQuery>

export const agentPerformance = z.object({
  /** The agent of agent_id (an agent: themselves); null for everyone the filters match. */
  agent: agentRef.nullable(),
  calls: count,
  scored_calls: count,
  average_score: score,
  auto_fail_count: count,
  interval: trendInterval,
  /**
   * Every bucket from the first to the last. team_average_score: every agent the other filters
   * match (null for an agent, who sees only their own figures).
   */
  series: z.array(z.object({ period_start: day, calls: count, average_score: score, team_average_score: score })),
  /** Per category name, by name: the effective category scores. */
  categories: z.array(
    z.object({
      category: z.string(),
      scored: count,
      average_score: score,
      failed: count,
      team_average_score: score,
    }),
  ),
})
export type AgentPerformance = z.infer<typeof agentPerformance>

// ---------------------------------------------------------------- purpose_call_distribution

/** `limit` purposes (default 20); `other_calls` counts the rest. */
export const purposeCallDistributionQuery = datesInOrder(dashboardFilters.extend({ limit: limitParam(20, 100) }))
export type PurposeCallDistributionQuery = z.infer<typeof purposeCallDistributionQuery>

export const purposeShare = z.object({
  purpose: z.string(),
  calls: count,
  calls_pct: pct,
  average_score: score,
  auto_fail_count: count,
})
export type PurposeShare = z.infer<typeof purposeShare>
/** Most calls first. */
export const purposeCallDistribution = z.object({
  total_calls: count,
  other_calls: count,
  results: z.array(purposeShare),
})
export type PurposeCallDistribution = z.infer<typeof purposeCallDistribution>

// ---------------------------------------------------------------- call_sentiment_vs_score

/** `limit`: at most this many points (default 500, up to 1000), spread evenly over the calls by id. */
export const callSentimentVsScoreQuery = datesInOrder(dashboardFilters.extend({ limit: limitParam(500, 1000) }))
export type CallSentimentVsScoreQuery = z.infer<typeof callSentimentVsScoreQuery>

export const sentimentScorePoint = z.object({
  call_evaluation_id: z.number().int(),
  agent_id: z.number().int(),
  customer_sentiment: z.number(),
  score: z.number(),
})
export type SentimentScorePoint = z.infer<typeof sentimentScorePoint>
export const callSentimentVsScore = z.object({
  /** Calls with both a score and a customer sentiment. */
  total_points: count,
  /** Pearson's r over all of them (not just the sample), three decimals; null under two points or no spread. */
  correlation: z.number().nullable(),
  method: z.literal('pearson'),
  points: z.array(sentimentScorePoint),
})
export type CallSentimentVsScore = z.infer<typeof callSentimentVsScore>

// ---------------------------------------------------------------- ai_auditor_agreement

/** `limit` questions (default 20), least agreement first. */
export const aiAuditorAgreementQuery = datesInOrder(dashboardFilters.extend({ limit: limitParam(20, 100) }))
export type AiAuditorAgreementQuery = z.infer<typeof aiAuditorAgreementQuery>

const agreement = {
  /** Question answers of reviewed calls. */
  answers: count,
  /** Of those, where the auditor's answer is the AI's. */
  agreed: count,
  agreement_pct: pct,
  reviewed_calls: count,
}
export const aiAuditorAgreement = z.object({
  ...agreement,
  by_category: z.array(z.object({ category: z.string(), ...agreement })),
  by_question: z.array(
    z.object({
      question_text: z.string(),
      category: z.string(),
      template: z.object({ internal_id: z.string(), name: z.string() }),
      ...agreement,
    }),
  ),
})
export type AiAuditorAgreement = z.infer<typeof aiAuditorAgreement>

// ---------------------------------------------------------------- audit_productivity

export const reviewerProductivity = z.object({
  reviewer: agentRef.extend({ role }),
  /** Calls whose saved review is theirs. */
  reviews: count,
  /** Calls they had open in review sessions. */
  reviewed_calls_timed: count,
  /** Median over those calls of the minutes they spent on each (all their sessions on it), one decimal. */
  median_review_minutes: z.number().nullable(),
  average_review_minutes: z.number().nullable(),
  total_review_minutes: z.number(),
})
export type ReviewerProductivity = z.infer<typeof reviewerProductivity>
/** Most reviews first. */
export const auditProductivity = z.object({ results: z.array(reviewerProductivity) })
export type AuditProductivity = z.infer<typeof auditProductivity>
