import { sql } from 'drizzle-orm'
import type { PurposeCallDistribution, PurposeCallDistributionQuery } from '#contract/dashboards'
import type { Conn } from '../../../db/sql'
import { avg1, ce, eff, effAutoFail, int, pctOf, rowsOf, whereOf } from './sql'

/** Calls per purpose (the most common `limit`), with their average score and auto-fails. */
export async function purposeCallDistribution(
  db: Conn,
  filter: PurposeCallDistributionQuery,
): Promise<PurposeCallDistribution> {
  const [result] = await rowsOf<{ total: number; shown: number; rows: PurposeCallDistribution['results'] | null }>(
    db,
    sql`with per_purpose as (
      select ${ce.purpose} as purpose, count(*)::int as calls, ${avg1(eff)} as average_score,
        ${int(sql`count(*) filter (where ${effAutoFail})`)} as auto_fail_count
      from ${ce} where ${whereOf(db, filter)} group by ${ce.purpose}
    ), total as (select coalesce(sum(calls), 0)::int as n from per_purpose),
    top as (select * from per_purpose order by calls desc, purpose limit ${filter.limit})
    select t.n as total, (select coalesce(sum(calls), 0) from top)::int as shown,
      (select json_agg(json_build_object('purpose', purpose, 'calls', calls,
        'calls_pct', ${pctOf(sql`calls`, sql`t.n`)}, 'average_score', average_score,
        'auto_fail_count', auto_fail_count) order by calls desc, purpose) from top) as rows
    from total t`,
  )
  return { total_calls: result.total, other_calls: result.total - result.shown, results: result.rows ?? [] }
}
