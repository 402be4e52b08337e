import { eq, sql } from 'drizzle-orm'
import type { AgentPerformance, AgentPerformanceQuery } from '#contract/dashboards'
import { evaluationCategoryScores as cs, templateCategories as tc, users } from '../../../db/schema'
import { fullName, type Conn } from '../../../db/sql'
import { standingCategoryScore } from '../../evaluations/store/queries'
import { bucketOf, ce, dayOf, eff, effAutoFail, fillBuckets, inScope, ratio1, rowsOf, sum8, whereOf } from './sql'

type SeriesRow = AgentPerformance['series'][number] & {
  is_total: boolean
  scored_calls: number
  auto_fail_count: number
}
type CategoryRow = AgentPerformance['categories'][number]

/**
 * One agent over time (or everyone the filters match): totals, a series per bucket and the
 * categories' averages, each beside the team's (the same filters without the agent). An agent
 * (`ownOnly`) gets no team figures.
 */
export async function agentPerformance(
  db: Conn,
  filter: AgentPerformanceQuery,
  { ownOnly }: { ownOnly: boolean },
): Promise<AgentPerformance> {
  const interval = filter.interval ?? 'week'
  const agentId = filter.agent_id
  const compare = agentId !== undefined && !ownOnly
  const teamFilter = { ...filter, agent_id: undefined }
  // with a team to compare with, the series reads the team's calls and picks the agent's out of them
  const mine = agentId === undefined ? sql`true` : sql`${ce.agentId} = ${agentId}`
  const bucket = bucketOf(interval)

  const [agentRow] =
    agentId === undefined
      ? [undefined]
      : await db
          .select({ id: users.id, name: fullName(users) })
          .from(users)
          .where(eq(users.id, agentId))
  const figures = (total: boolean) => {
    const f = (column: string) => (total ? sql`coalesce(sum(${sql.raw(column)}), 0)` : sql.raw(column))
    return sql`${f('calls')}::int as calls, ${f('scored')}::int as scored_calls,
      ${ratio1(f('score_sum'), f('scored'))} as average_score, ${f('auto_fails')}::int as auto_fail_count,
      ${ownOnly ? sql`null::float8` : ratio1(f('team_sum'), f('team_scored'))} as team_average_score`
  }
  const rows = await rowsOf<SeriesRow>(
    db,
    sql`with b as (
      select ${bucket} as bucket,
        count(*) filter (where ${mine}) as calls,
        count(${eff}) filter (where ${mine}) as scored,
        ${sum8(eff)} filter (where ${mine}) as score_sum,
        count(*) filter (where ${mine} and ${effAutoFail}) as auto_fails,
        count(${eff}) as team_scored, ${sum8(eff)} as team_sum
      from ${ce} where ${whereOf(db, compare ? teamFilter : filter)}
      group by ${bucket}
    )
    select false as is_total, ${dayOf(sql`bucket`)} as period_start, ${figures(false)} from b
    union all
    select true, null, ${figures(true)} from b`,
  )
  const totals = rows.find((r) => r.is_total)!
  const series = rows
    .filter((r) => !r.is_total && (compare || r.calls > 0))
    .map(({ period_start, calls, average_score, team_average_score }) => ({
      period_start,
      calls,
      average_score,
      team_average_score,
    }))
    .sort((a, b) => a.period_start.localeCompare(b.period_start))

  // each side reads only its own category results: the agent's through their few calls
  const perName = (f: AgentPerformanceQuery) => sql`
    select ${tc.name} as category, sum(p.rows) as rows, sum(p.scored) as scored, sum(p.total) as total,
      sum(p.failed) as failed
    from (
      select ${cs.categoryId} as category_id, count(*) as rows, count(${standingCategoryScore}) as scored,
        ${sum8(standingCategoryScore)} as total, count(*) filter (where ${standingCategoryScore} < 100) as failed
      from ${cs} where ${inScope(db, f, cs.evaluationId)} group by ${cs.categoryId}
    ) p join ${tc} on ${tc.id} = p.category_id
    group by ${tc.name}`
  const categories = await rowsOf<CategoryRow>(
    db,
    sql`with mine as (${perName(filter)}),
    team as (${compare ? perName(teamFilter) : sql`select * from mine`})
    select m.category, m.scored::int as scored, ${ratio1(sql`m.total`, sql`m.scored`)} as average_score,
      m.failed::int as failed,
      ${ownOnly ? sql`null::float8` : ratio1(sql`t.total`, sql`t.scored`)} as team_average_score
    from mine m left join team t on t.category = m.category
    order by m.category`,
  )
  return {
    agent: agentRow ? { id: agentRow.id, name: agentRow.name } : null,
    calls: totals.calls,
    scored_calls: totals.scored_calls,
    average_score: totals.average_score,
    auto_fail_count: totals.auto_fail_count,
    interval,
    series: fillBuckets(series, interval, filter, (period_start) => ({
      period_start,
      calls: 0,
      average_score: null,
      team_average_score: null,
    })),
    categories,
  }
}
