// The score trend's lines, with the quiet buckets pooled: an average over one or two calls swings
// from 0 to 100% and says little, so each plotted point holds at least MIN_POINT_CALLS calls.
import type { TrendInterval, TrendPoint } from '#contract/dashboards'
import { formatCount, shortPeriodLabel } from './dashboard-links'

/** The fewest calls a point of the trend may hold; quieter buckets are pooled with the next ones. */
export const MIN_POINT_CALLS = 3

export type Pooled = {
  /** The bucket the point is drawn at: the last of its group with calls. */
  at: string
  /** The first bucket of its group with calls. */
  from: string
  average: number
  calls: number
}

/**
 * One line's points: buckets in order, their calls added up until they hold `min` calls, the point
 * then drawn at the bucket that completed it with the average over the whole group. Calls left
 * over at the end join the last point (so every point holds at least `min`, unless the whole line
 * holds fewer). Averages are re-weighted from the buckets' one-decimal averages.
 */
export function poolBuckets(
  buckets: { period_start: string; average: number | null; calls: number }[],
  min = MIN_POINT_CALLS,
): Pooled[] {
  const out: Pooled[] = []
  let group: { from: string; at: string; sum: number; calls: number } | null = null
  for (const b of buckets) {
    if (b.average === null || b.calls === 0) continue
    group ??= { from: b.period_start, at: b.period_start, sum: 0, calls: 0 }
    group.at = b.period_start
    group.sum += b.average * b.calls
    group.calls += b.calls
    if (group.calls >= min) {
      out.push(close(group))
      group = null
    }
  }
  if (group) {
    const last = out.pop()
    out.push(
      close(
        last
          ? {
              from: last.from,
              at: group.at,
              sum: last.average * last.calls + group.sum,
              calls: last.calls + group.calls,
            }
          : group,
      ),
    )
  }
  return out
}

function close(g: { from: string; at: string; sum: number; calls: number }): Pooled {
  return { from: g.from, at: g.at, calls: g.calls, average: Math.round((g.sum / g.calls) * 10) / 10 }
}

/** The buckets from `from` to `at`: "3–5 Nov", "30 Oct–2 Nov", "weeks of 3–17 Nov", "Oct–Nov 2026". */
export function periodSpan(from: string, at: string, interval: TrendInterval) {
  const [a, b] = [shortPeriodLabel(from, interval), shortPeriodLabel(at, interval)]
  if (interval === 'month') {
    const [am, ay] = a.split(' ')
    return ay === b.split(' ')[1] ? `${am}–${b}` : `${a}–${b}`
  }
  const [ad, am] = a.split(' ')
  const span = am === b.split(' ')[1] ? `${ad}–${b}` : `${a}–${b}`
  return interval === 'week' ? `weeks of ${span}` : span
}

export const TREND_LINES = [
  { name: 'average_score', label: 'Score', color: 'indigo.6', calls: 'scored_calls' },
  { name: 'average_ai_score', label: 'AI', color: 'cyan.8', calls: 'ai_scored_calls' },
  { name: 'average_auditor_score', label: 'Auditor', color: 'orange.8', calls: 'auditor_scored_calls' },
] as const

export type TrendRow = Record<string, string | number | null>

/**
 * The chart's rows, one per bucket (its short label), each line's pooled point where it falls
 * (else null: the line runs straight past) and, under `<line>_note`, what the point holds:
 * "4 calls" or "4 calls, 3–5 Nov".
 */
export function trendRows(points: TrendPoint[], interval: TrendInterval, min = MIN_POINT_CALLS) {
  const rows: TrendRow[] = points.map((p) => ({ label: shortPeriodLabel(p.period_start, interval) }))
  const index = new Map(points.map((p, i) => [p.period_start, i]))
  let pooled = false
  for (const line of TREND_LINES) {
    const pools = poolBuckets(
      points.map((p) => ({ period_start: p.period_start, average: p[line.name], calls: p[line.calls] })),
      min,
    )
    for (const row of rows) row[line.name] = null
    for (const pool of pools) {
      const row = rows[index.get(pool.at)!]
      const spans = pool.from !== pool.at
      pooled ||= spans
      row[line.name] = pool.average
      row[`${line.name}_note`] =
        `${formatCount(pool.calls)} call${pool.calls === 1 ? '' : 's'}` +
        (spans ? `, ${periodSpan(pool.from, pool.at, interval)}` : '')
    }
  }
  return { rows, pooled }
}
