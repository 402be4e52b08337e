import { sql } from 'drizzle-orm'
import type { CallEvaluationDashboard, CallEvaluationDashboardQuery, TrendPoint } from '#contract/dashboards'
import { evaluationStatuses, type EvaluationStatus } from '#contract/evaluations'
import type { Conn } from '../../../db/sql'
import {
  autoInterval,
  bucketOf,
  ce,
  dayOf,
  eff,
  effAutoFail,
  fillBuckets,
  pct,
  ratio1,
  rowsOf,
  sum8,
  whereOf,
} from './sql'

type Row = TrendPoint & {
  is_total: boolean
  reviewed_count: number
} & Record<EvaluationStatus, number>

/**
 * call_evaluation_dashboard: the KPIs, calls per status and the trend, from one pass over the
 * filtered calls grouped by bucket; the KPIs add the buckets up.
 */
export async function callEvaluationDashboard(
  db: Conn,
  filter: CallEvaluationDashboardQuery,
): Promise<CallEvaluationDashboard> {
  const interval = filter.interval ?? autoInterval(filter)
  const bucket = bucketOf(interval)
  const statusCounts = evaluationStatuses.map(
    (s) => sql`count(*) filter (where ${ce.status} = ${s}) as ${sql.identifier(`n_${s}`)}`,
  )
  const statusTotals = (total: boolean) =>
    evaluationStatuses.map((s) =>
      total
        ? sql`coalesce(sum(${sql.identifier(`n_${s}`)}), 0)::int as ${sql.identifier(s)}`
        : sql`${sql.identifier(`n_${s}`)}::int as ${sql.identifier(s)}`,
    )
  const figures = (total: boolean) => {
    const f = (column: string) => (total ? sql`coalesce(sum(${sql.raw(column)}), 0)` : sql.raw(column))
    return sql`${f('calls')}::int as calls, ${f('scored')}::int as scored_calls,
      ${ratio1(f('score_sum'), f('scored'))} as average_score,
      ${ratio1(f('ai_sum'), f('ai_n'))} as average_ai_score,
      ${ratio1(f('auditor_sum'), f('auditor_n'))} as average_auditor_score,
      ${f('ai_n')}::int as ai_scored_calls, ${f('auditor_n')}::int as auditor_scored_calls,
      ${f('auto_fails')}::int as auto_fail_count, ${f('reviewed_n')}::int as reviewed_count,
      ${sql.join(statusTotals(total), sql`, `)}`
  }
  const rows = await rowsOf<Row>(
    db,
    sql`with b as (
      select ${bucket} as bucket, count(*) as calls,
        count(${eff}) as scored, ${sum8(eff)} as score_sum,
        count(${ce.aiScore}) as ai_n, ${sum8(sql`${ce.aiScore}`)} as ai_sum,
        count(${ce.auditorScore}) as auditor_n, ${sum8(sql`${ce.auditorScore}`)} as auditor_sum,
        count(*) filter (where ${effAutoFail}) as auto_fails,
        count(*) filter (where ${ce.reviewedAt} is not null) as reviewed_n,
        ${sql.join(statusCounts, sql`, `)}
      from ${ce} where ${whereOf(db, filter)}
      group by ${bucket}
    )
    select false as is_total, ${dayOf(sql`bucket`)} as period_start, ${figures(false)} from b
    union all
    select true, null, ${figures(true)} from b`,
  )
  const k = rows.find((r) => r.is_total)!
  const points = rows
    .filter((r) => !r.is_total)
    .map((r): TrendPoint => ({
      period_start: r.period_start,
      calls: r.calls,
      average_score: r.average_score,
      average_ai_score: r.average_ai_score,
      average_auditor_score: r.average_auditor_score,
      auto_fail_count: r.auto_fail_count,
      scored_calls: r.scored_calls,
      ai_scored_calls: r.ai_scored_calls,
      auditor_scored_calls: r.auditor_scored_calls,
    }))
    .sort((a, b) => a.period_start.localeCompare(b.period_start))
  return {
    kpis: {
      calls: k.calls,
      scored_calls: k.scored_calls,
      average_score: k.average_score,
      average_ai_score: k.average_ai_score,
      average_auditor_score: k.average_auditor_score,
      auto_fail_count: k.auto_fail_count,
      auto_fail_pct: pct(k.auto_fail_count, k.scored_calls),
      reviewed_count: k.reviewed_count,
      reviewed_pct: pct(k.reviewed_count, k.calls),
      disputed_count: k.disputed,
    },
    by_status: evaluationStatuses.map((status) => ({ status, count: k[status] })),
    trend: {
      interval,
      points: fillBuckets(points, interval, filter, (period_start) => ({
        period_start,
        calls: 0,
        average_score: null,
        average_ai_score: null,
        average_auditor_score: null,
        auto_fail_count: 0,
        scored_calls: 0,
        ai_scored_calls: 0,
        auditor_scored_calls: 0,
      })),
    },
  }
}
