import { and, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { trendIntervals, type DashboardFilters, type TrendInterval } from '#contract/dashboards'
import { callEvaluations, users } from '../../../db/schema'
import { DAY_MS, fullName, utcDay, type Conn } from '../../../db/sql'
import { evaluationConditions } from '../../evaluations/store/queries'
import type { Actor } from '../../../auth/access'

export const ce = callEvaluations

/** The dashboard filters of a request, with an agent held to their own calls (ARCHITECTURE §8). */
export function scoped<F extends DashboardFilters>(user: Actor, query: F): F {
  return user.role === 'agent' ? { ...query, agent_id: user.id } : query
}

/** The WHERE (on call_evaluations, unaliased) of the filters; `true` when there is none. */
export function whereOf(db: Conn, filter: DashboardFilters): SQL {
  const conditions = evaluationConditions(db, filter)
  return conditions.length ? and(...conditions)! : sql`true`
}

/**
 * `column` (an evaluation id) is one of the filtered evaluations: a semi-join on call_evaluations,
 * or nothing at all without filters (the aggregate then reads its own table alone).
 */
export function inScope(db: Conn, filter: DashboardFilters, column: AnyPgColumn, extra?: SQL): SQL {
  const conditions = evaluationConditions(db, filter)
  if (extra) conditions.push(extra)
  if (!conditions.length) return sql`true`
  return sql`${column} in (select ${ce.id} from ${ce} where ${and(...conditions)})`
}

/** Rows of a raw query on either driver (their `execute` results differ in type, not in shape). */
export async function rowsOf<T>(db: Conn, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** The call's score as the list shows it: the auditor's once reviewed, else the AI's. */
export const eff = sql`coalesce(${ce.auditorScore}, ${ce.aiScore})`
export const effAutoFail = sql`coalesce(${ce.auditorAutoFail}, ${ce.aiAutoFail})`

/** A 0–100 average with one decimal (float8 so both drivers return a number). */
export const avg1 = (value: SQL) => sql`round(avg(${value})::numeric, 1)::float8`
/** A -1…1 average with three decimals. */
export const avg3 = (value: SQL) => sql`round(avg(${value})::numeric, 3)::float8`
/** part / whole as a percentage with one decimal; null when whole is 0. */
export const pctOf = (part: SQL, whole: SQL) =>
  sql`case when (${whole}) > 0 then round(100.0 * (${part}) / (${whole}), 1)::float8 end`
export const int = (value: SQL) => sql`(${value})::int`

/** "First Last" of the users row in scope, else the email. */
export const userName = fullName(users)

/** A percentage in Node with the same rounding as pctOf. */
export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null)

// ---------------------------------------------------------------- time buckets (UTC)

/** The bucket a call falls in: the UTC start of its day, (Monday) week or month, as a timestamp. */
export function bucketOf(interval: TrendInterval) {
  // a literal, not a parameter: the same expression then matches in SELECT and GROUP BY
  if (!trendIntervals.includes(interval)) throw new Error(`Unknown interval ${interval}`)
  return sql`date_trunc('${sql.raw(interval)}', ${ce.callTime} at time zone 'UTC')`
}

/** A bucket timestamp as YYYY-MM-DD (formatted per bucket, after grouping, not per call). */
export const dayOf = (bucket: SQL) => sql`to_char(${bucket}, 'YYYY-MM-DD')`

/** sum / count of per-bucket figures as a 0–100 average with one decimal. */
export const ratio1 = (sum: SQL, count: SQL) => sql`round((${sum} / nullif(${count}, 0))::numeric, 1)::float8`
/** The sum of a real column in float8 (a sum of reals stays real and loses digits). */
export const sum8 = (value: SQL) => sql`sum((${value})::float8)`

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The first day of the bucket that holds `day`. */
export function bucketStart(day: string, interval: TrendInterval) {
  const d = new Date(`${day}T00:00:00Z`)
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
  if (interval === 'month') d.setUTCDate(1)
  return isoDay(d.getTime())
}

function nextBucket(day: string, interval: TrendInterval) {
  const d = new Date(`${day}T00:00:00Z`)
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1)
  if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7)
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1)
  return isoDay(d.getTime())
}

/** Past this many buckets the series is not padded beyond the data. */
const MAX_PADDED_BUCKETS = 1000

/**
 * Every bucket from the filter's first day (else the first bucket with data) to its last day
 * (else the last with data), the buckets without data made by `empty`.
 */
export function fillBuckets<T extends { period_start: string }>(
  rows: T[],
  interval: TrendInterval,
  filter: Pick<DashboardFilters, 'date_from' | 'date_to'>,
  empty: (period_start: string) => T,
): T[] {
  const byStart = new Map(rows.map((r) => [r.period_start, r]))
  const starts = rows.map((r) => r.period_start).sort()
  const first = filter.date_from ? bucketStart(filter.date_from, interval) : starts[0]
  const last = filter.date_to ? bucketStart(filter.date_to, interval) : starts.at(-1)
  if (!first || !last) return rows
  let from = first
  let to = last
  if (bucketCount(from, to, interval) > MAX_PADDED_BUCKETS) {
    if (!starts.length) return []
    from = starts[0]
    to = starts.at(-1)!
  }
  const out: T[] = []
  for (let start = from; start <= to; start = nextBucket(start, interval)) out.push(byStart.get(start) ?? empty(start))
  return out
}

function bucketCount(from: string, to: string, interval: TrendInterval) {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS
  return interval === 'day' ? days : interval === 'week' ? days / 7 : days / 28
}

/** `day` for a range of both dates up to 62 days, else `week`. */
export function autoInterval(filter: Pick<DashboardFilters, 'date_from' | 'date_to'>): TrendInterval {
  if (!filter.date_from || !filter.date_to) return 'week'
  const days = (utcDay('date_to', filter.date_to) - utcDay('date_from', filter.date_from)) / DAY_MS + 1
  return days <= 62 ? 'day' : 'week'
}

export { isoDay }
