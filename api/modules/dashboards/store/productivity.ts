import { sql } from 'drizzle-orm'
import type { AuditProductivity, DashboardFilters, ReviewerProductivity } from '#contract/dashboards'
import type { Role } from '#contract/accounts'
import { reviewSessions as rs, users } from '../../../db/schema'
import type { Conn } from '../../../db/sql'
import { ce, inScope, rowsOf, userName, whereOf } from './sql'

type Row = Omit<ReviewerProductivity, 'reviewer'> & { id: number; name: string; role: Role }

/**
 * Per reviewer, over the filtered calls: the reviews that are theirs, and the minutes they spent
 * per call (all their review sessions on it; a session without an end counts to its last sign of
 * life), as median, mean and total.
 */
export async function auditProductivity(db: Conn, filter: DashboardFilters): Promise<AuditProductivity> {
  const where = whereOf(db, filter)
  const rows = await rowsOf<Row>(
    db,
    sql`with reviews as (
      select ${ce.reviewedBy} as user_id, count(*)::int as n from ${ce}
      where ${where} and ${ce.reviewedBy} is not null group by 1
    ), per_call as (
      select ${rs.userId} as user_id, ${rs.evaluationId} as evaluation_id,
        sum(extract(epoch from coalesce(${rs.endedAt}, ${rs.lastSeenAt}) - ${rs.startedAt})) / 60.0 as minutes
      from ${rs} where ${inScope(db, filter, rs.evaluationId)}
      group by 1, 2
    ), timed as (
      select user_id, count(*)::int as n,
        percentile_cont(0.5) within group (order by minutes) as median,
        avg(minutes) as mean, sum(minutes) as total
      from per_call group by user_id
    ), people as (select user_id from reviews union select user_id from timed)
    select ${users.id} as id, ${userName} as name, ${users.role} as role,
      coalesce(r.n, 0)::int as reviews, coalesce(t.n, 0)::int as reviewed_calls_timed,
      round(t.median::numeric, 1)::float8 as median_review_minutes,
      round(t.mean::numeric, 1)::float8 as average_review_minutes,
      coalesce(round(t.total::numeric, 1), 0)::float8 as total_review_minutes
    from people p
    join ${users} on ${users.id} = p.user_id
    left join reviews r on r.user_id = p.user_id
    left join timed t on t.user_id = p.user_id
    order by 4 desc, 2, 1`,
  )
  return {
    results: rows.map(({ id, name, role, ...figures }) => ({ reviewer: { id, name, role }, ...figures })),
  }
}
