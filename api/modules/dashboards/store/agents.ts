import { sql } from 'drizzle-orm'
import type {
  AgentHighlightDashboard,
  AgentHighlightQuery,
  AgentLeaderBoard,
  AgentLeaderBoardQuery,
  AgentStat,
  LeaderBoardRow,
  OutlierAgentQuery,
  OutlierAgentReport,
} from '#contract/dashboards'
import { users } from '../../../db/schema'
import { DAY_MS, utcDay, type Conn } from '../../../db/sql'
import { pageOf, offsetOf } from '../../../lib/paging'
import { avg1, ce, eff, effAutoFail, int, isoDay, pct, rowsOf, userName, whereOf } from './sql'

const agentRef = (r: { agent_id: number; name: string }) => ({ id: r.agent_id, name: r.name })
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d

// ---------------------------------------------------------------- agent_highlight_dashboard

const HIGHLIGHT_DAYS = 30

/** The filter's period (default: the 30 days to today) and the one of equal length before it. */
export function periodsOf(filter: Pick<AgentHighlightQuery, 'date_from' | 'date_to'>, now = new Date()) {
  const to = filter.date_to ? utcDay('date_to', filter.date_to) : utcDay('date_to', isoDay(now.getTime()))
  const from = filter.date_from ? utcDay('date_from', filter.date_from) : to - (HIGHLIGHT_DAYS - 1) * DAY_MS
  const days = Math.round((to - from) / DAY_MS) + 1
  const previousTo = from - DAY_MS
  const previousFrom = previousTo - (days - 1) * DAY_MS
  return {
    period: { date_from: isoDay(from), date_to: isoDay(to) },
    previous_period: { date_from: isoDay(previousFrom), date_to: isoDay(previousTo) },
  }
}

type HighlightRow = {
  agent_id: number
  name: string
  calls: number
  scored_calls: number
  average_score: number | null
  raw_average: number | null
  auto_fail_count: number
  previous_calls: number
  previous_scored: number
  previous_average_score: number | null
  previous_raw: number | null
}

/** Best and worst agents of the period, and who rose most since the period before. */
export async function agentHighlightDashboard(
  db: Conn,
  filter: AgentHighlightQuery,
  now = new Date(),
): Promise<AgentHighlightDashboard> {
  const { period, previous_period } = periodsOf(filter, now)
  const current = sql`${ce.callTime} >= ${new Date(utcDay('date_from', period.date_from))}`
  const where = whereOf(db, { ...filter, date_from: previous_period.date_from, date_to: period.date_to })
  const rows = await rowsOf<HighlightRow>(
    db,
    sql`with per_agent as (
      select ${ce.agentId} as agent_id,
        ${int(sql`count(*) filter (where ${current})`)} as calls,
        ${int(sql`count(${eff}) filter (where ${current})`)} as scored_calls,
        avg(${eff}) filter (where ${current}) as raw_average,
        ${int(sql`count(*) filter (where ${current} and ${effAutoFail})`)} as auto_fail_count,
        ${int(sql`count(*) filter (where not ${current})`)} as previous_calls,
        ${int(sql`count(${eff}) filter (where not ${current})`)} as previous_scored,
        avg(${eff}) filter (where not ${current}) as previous_raw
      from ${ce} where ${where} group by ${ce.agentId}
    )
    select p.*, round(p.raw_average::numeric, 1)::float8 as average_score,
      round(p.previous_raw::numeric, 1)::float8 as previous_average_score, ${userName} as name
    from per_agent p join ${users} on ${users.id} = p.agent_id`,
  )
  const byName = (a: HighlightRow, b: HighlightRow) => a.name.localeCompare(b.name) || a.agent_id - b.agent_id
  const ranked = rows
    .filter((r) => r.raw_average !== null && r.scored_calls >= filter.min_calls)
    .sort((a, b) => b.raw_average! - a.raw_average! || b.scored_calls - a.scored_calls || byName(a, b))
  const stat = (r: HighlightRow): AgentStat => ({
    agent: agentRef(r),
    calls: r.calls,
    scored_calls: r.scored_calls,
    average_score: r.average_score,
    auto_fail_count: r.auto_fail_count,
  })
  const worst = [...ranked]
    .sort((a, b) => a.raw_average! - b.raw_average! || b.scored_calls - a.scored_calls || byName(a, b))
    .slice(0, filter.limit)
  const improved = rows
    .filter(
      (r) =>
        r.raw_average !== null &&
        r.previous_raw !== null &&
        r.scored_calls >= filter.min_calls &&
        r.previous_scored >= filter.min_calls &&
        r.raw_average > r.previous_raw,
    )
    .sort((a, b) => b.raw_average! - b.previous_raw! - (a.raw_average! - a.previous_raw!) || byName(a, b))
    .slice(0, filter.limit)
  return {
    period,
    previous_period,
    min_calls: filter.min_calls,
    best: ranked.slice(0, filter.limit).map(stat),
    worst: worst.map(stat),
    most_improved: improved.map((r) => ({
      agent: agentRef(r),
      calls: r.calls,
      average_score: r.average_score!,
      previous_calls: r.previous_calls,
      previous_average_score: r.previous_average_score!,
      change: round(r.raw_average! - r.previous_raw!, 1),
    })),
  }
}

// ---------------------------------------------------------------- agent-leader-board

type BoardRow = Omit<LeaderBoardRow, 'agent' | 'auto_fail_pct'> & { agent_id: number; name: string }

/** Agents ranked by average score (ties share a rank), one page of them. */
export async function agentLeaderBoard(db: Conn, filter: AgentLeaderBoardQuery): Promise<AgentLeaderBoard> {
  const { page, page_size: pageSize } = filter
  const [result] = await rowsOf<{ total: number; rows: BoardRow[] | null }>(
    db,
    sql`with per_agent as (
      select ${ce.agentId} as agent_id,
        count(*)::int as calls,
        ${int(sql`count(${eff})`)} as scored_calls,
        avg(${eff}) as raw_average,
        ${avg1(eff)} as average_score,
        ${avg1(sql`${ce.aiScore}`)} as average_ai_score,
        ${avg1(sql`${ce.auditorScore}`)} as average_auditor_score,
        ${int(sql`count(*) filter (where ${effAutoFail})`)} as auto_fail_count,
        ${int(sql`count(*) filter (where ${ce.reviewedAt} is not null)`)} as reviewed_count
      from ${ce} where ${whereOf(db, filter)} group by ${ce.agentId}
    ), ranked as (
      select p.*, (rank() over (order by p.raw_average desc nulls last))::int as rank, ${userName} as name
      from per_agent p join ${users} on ${users.id} = p.agent_id
    )
    select (select count(*) from per_agent)::int as total,
      (select json_agg(r order by r.rank, r.scored_calls desc, r.name, r.agent_id) from (
        select * from ranked order by rank, scored_calls desc, name, agent_id
        limit ${pageSize} offset ${offsetOf(page, pageSize)}
      ) r) as rows`,
  )
  const results = (result.rows ?? []).map((r): LeaderBoardRow => ({
    rank: r.rank,
    agent: agentRef(r),
    calls: r.calls,
    scored_calls: r.scored_calls,
    average_score: r.average_score,
    average_ai_score: r.average_ai_score,
    average_auditor_score: r.average_auditor_score,
    auto_fail_count: r.auto_fail_count,
    auto_fail_pct: pct(r.auto_fail_count, r.scored_calls),
    reviewed_count: r.reviewed_count,
  }))
  return pageOf(results, result.total, page, pageSize)
}

// ---------------------------------------------------------------- outlier_agent_report

type OutlierRow = {
  agent_id: number
  name: string
  scored_calls: number
  average_score: number
  z: number | null
  mean: number | null
  sd: number | null
  n: number
}

/** Below this a standard deviation is rounding noise: every agent has the same average. */
const NO_SPREAD = 1e-9

/** Agents whose average is more than `threshold` standard deviations from the team's mean of averages. */
export async function outlierAgentReport(db: Conn, filter: OutlierAgentQuery): Promise<OutlierAgentReport> {
  const rows = await rowsOf<OutlierRow>(
    db,
    sql`with per_agent as (
      select ${ce.agentId} as agent_id, ${int(sql`count(${eff})`)} as scored_calls, avg(${eff}) as raw_average
      from ${ce} where ${whereOf(db, filter)} group by ${ce.agentId}
      having count(${eff}) >= ${filter.min_calls}
    ), team as (
      select avg(raw_average) as mean, stddev_pop(raw_average) as sd, count(*)::int as n from per_agent
    )
    select p.agent_id, ${userName} as name, p.scored_calls,
      round(p.raw_average::numeric, 1)::float8 as average_score,
      case when t.sd > ${NO_SPREAD} then (p.raw_average - t.mean) / t.sd end as z,
      t.mean, t.sd, t.n
    from per_agent p cross join team t join ${users} on ${users.id} = p.agent_id`,
  )
  const { threshold, min_calls } = filter
  const mean = rows[0]?.mean ?? null
  const sd = rows[0] ? (rows[0].sd !== null && rows[0].sd > NO_SPREAD ? rows[0].sd : 0) : null
  const agents = rows
    .map((r) => ({
      agent: agentRef(r),
      scored_calls: r.scored_calls,
      average_score: r.average_score,
      z_score: r.z === null ? null : round(r.z, 2),
      outlier: r.z === null || Math.abs(r.z) <= threshold ? null : r.z > 0 ? ('above' as const) : ('below' as const),
      raw: r.z,
      name: r.name,
    }))
    .sort((a, b) => (b.raw ?? 0) - (a.raw ?? 0) || a.name.localeCompare(b.name) || a.agent.id - b.agent.id)
    .map(({ raw: _raw, name: _name, ...agent }) => agent)
  const r1 = (n: number | null) => (n === null ? null : round(n, 1))
  const lower = mean === null || sd === null ? null : r1(mean - threshold * sd)
  const upper = mean === null || sd === null ? null : r1(mean + threshold * sd)
  const outliers = agents.filter((a) => a.outlier).length
  const description =
    mean === null
      ? `No agent has ${min_calls} or more scored calls under these filters, so there is no team to compare with.`
      : `Z-score: an agent is an outlier when their average score is more than ${threshold} standard deviations ` +
        `from the team mean. The team is the ${rows.length} agent${rows.length === 1 ? '' : 's'} with at least ` +
        `${min_calls} scored call${min_calls === 1 ? '' : 's'}; each agent's average counts once. ` +
        `Mean ${r1(mean)}, population standard deviation ${r1(sd)}` +
        (sd ? `, so outliers are below ${lower} or above ${upper}.` : '; with no spread there are no outliers.')
  return {
    method: 'z_score',
    description,
    threshold,
    min_calls,
    agent_count: rows.length,
    team_mean: r1(mean),
    stddev: r1(sd),
    lower_bound: lower,
    upper_bound: upper,
    outlier_count: outliers,
    agents,
  }
}
