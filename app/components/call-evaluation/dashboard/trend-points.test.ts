import { describe, expect, it } from 'vitest'
import type { TrendPoint } from '#contract/dashboards'
import { periodSpan, poolBuckets, trendRows } from './trend-points'

const point = (period_start: string, figures: Partial<TrendPoint> = {}): TrendPoint => ({
  period_start,
  calls: 0,
  average_score: null,
  average_ai_score: null,
  average_auditor_score: null,
  auto_fail_count: 0,
  scored_calls: 0,
  ai_scored_calls: 0,
  auditor_scored_calls: 0,
  ...figures,
})

/** A day whose calls were all reviewed: every line has the same figure over the same calls. */
const day = (period_start: string, calls: number, score: number) =>
  point(period_start, {
    calls,
    average_score: score,
    average_ai_score: score,
    average_auditor_score: score,
    scored_calls: calls,
    ai_scored_calls: calls,
    auditor_scored_calls: calls,
  })

describe('the score trend’s points', () => {
  it('pools quiet days until a point holds three calls, drawn on the day that completes it', () => {
    const pools = poolBuckets([
      { period_start: '2026-11-01', average: 100, calls: 1 },
      { period_start: '2026-11-02', average: null, calls: 0 },
      { period_start: '2026-11-03', average: 0, calls: 1 },
      { period_start: '2026-11-04', average: 50, calls: 2 },
      { period_start: '2026-11-05', average: 80, calls: 5 },
    ])
    expect(pools).toEqual([
      // 100, 0, 50, 50 over four calls: not a swing from 100% to 0%
      { from: '2026-11-01', at: '2026-11-04', calls: 4, average: 50 },
      { from: '2026-11-05', at: '2026-11-05', calls: 5, average: 80 },
    ])
  })

  it('adds calls left over at the end to the last point, and keeps a line too thin for one point', () => {
    expect(
      poolBuckets([
        { period_start: '2026-11-01', average: 90, calls: 3 },
        { period_start: '2026-11-02', average: 0, calls: 1 },
      ]),
    ).toEqual([{ from: '2026-11-01', at: '2026-11-02', calls: 4, average: 67.5 }])
    expect(poolBuckets([{ period_start: '2026-11-01', average: 0, calls: 1 }])).toEqual([
      { from: '2026-11-01', at: '2026-11-01', calls: 1, average: 0 },
    ])
  })

  it('says in each point’s note how many calls it holds and over which days', () => {
    const points = [
      day('2026-11-02', 4, 90),
      point('2026-11-03', {
        calls: 1,
        average_score: 100,
        average_ai_score: 100,
        scored_calls: 1,
        ai_scored_calls: 1,
      }),
      day('2026-11-04', 3, 80),
      point('2026-11-05', {
        calls: 3,
        average_score: 0,
        average_ai_score: 0,
        average_auditor_score: 0,
        scored_calls: 3,
        ai_scored_calls: 3,
        auditor_scored_calls: 1,
      }),
    ]
    const { rows, pooled } = trendRows(points, 'day')
    expect(pooled).toBe(true)
    expect(rows.map((r) => r.label)).toEqual(['2 Nov', '3 Nov', '4 Nov', '5 Nov'])
    expect(rows[0]).toMatchObject({ average_score: 90, average_score_note: '4 calls' })
    // one call on the 3rd: the score line's point for it waits for the 4th
    expect(rows[1].average_score).toBeNull()
    expect(rows[2]).toMatchObject({ average_score: 85, average_score_note: '4 calls, 3–4 Nov' })
    // the auditor's one reviewed call on the 5th joins the 4th's point
    expect(rows[2].average_auditor_score).toBeNull()
    expect(rows[3]).toMatchObject({ average_auditor_score: 60, average_auditor_score_note: '4 calls, 4–5 Nov' })
  })

  it('names a pooled point’s buckets briefly', () => {
    expect(periodSpan('2026-11-03', '2026-11-05', 'day')).toBe('3–5 Nov')
    expect(periodSpan('2026-10-30', '2026-11-02', 'day')).toBe('30 Oct–2 Nov')
    expect(periodSpan('2026-11-02', '2026-11-16', 'week')).toBe('weeks of 2–16 Nov')
    expect(periodSpan('2026-10-01', '2026-11-01', 'month')).toBe('Oct–Nov 2026')
  })
})
