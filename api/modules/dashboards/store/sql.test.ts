import { describe, expect, it } from 'vitest'
import { periodsOf } from './agents'
import { autoInterval, bucketStart, fillBuckets } from './sql'

describe('bucketStart', () => {
  it('finds the first day of the day, the (Monday) week and the month', () => {
    expect(bucketStart('2026-01-07', 'day')).toBe('2026-01-07')
    expect(bucketStart('2026-01-07', 'week')).toBe('2026-01-05') // a Wednesday
    expect(bucketStart('2026-01-05', 'week')).toBe('2026-01-05') // a Monday
    expect(bucketStart('2026-01-04', 'week')).toBe('2025-12-29') // a Sunday
    expect(bucketStart('2026-02-28', 'month')).toBe('2026-02-01')
  })
})

describe('fillBuckets', () => {
  const empty = (period_start: string) => ({ period_start, n: 0 })
  it("lists every bucket of the filter's range, data or not", () => {
    const rows = [{ period_start: '2026-01-12', n: 3 }]
    expect(fillBuckets(rows, 'week', { date_from: '2026-01-01', date_to: '2026-01-20' }, empty)).toEqual([
      { period_start: '2025-12-29', n: 0 },
      { period_start: '2026-01-05', n: 0 },
      { period_start: '2026-01-12', n: 3 },
      { period_start: '2026-01-19', n: 0 },
    ])
    expect(fillBuckets([], 'month', { date_from: '2025-11-15', date_to: '2026-01-02' }, empty)).toEqual([
      { period_start: '2025-11-01', n: 0 },
      { period_start: '2025-12-01', n: 0 },
      { period_start: '2026-01-01', n: 0 },
    ])
  })

  it("spans the data's first and last bucket without dates", () => {
    const rows = [
      { period_start: '2026-01-03', n: 1 },
      { period_start: '2026-01-01', n: 2 },
    ]
    expect(fillBuckets(rows, 'day', {}, empty)).toEqual([
      { period_start: '2026-01-01', n: 2 },
      { period_start: '2026-01-02', n: 0 },
      { period_start: '2026-01-03', n: 1 },
    ])
    expect(fillBuckets([], 'day', {}, empty)).toEqual([])
  })

  it('does not pad a huge range beyond the data', () => {
    const rows = [{ period_start: '2026-01-02', n: 1 }]
    expect(fillBuckets(rows, 'day', { date_from: '1990-01-01', date_to: '2030-01-01' }, empty)).toEqual(rows)
  })
})

describe('autoInterval', () => {
  it('uses days for a range of both dates up to 62 days, else weeks', () => {
    expect(autoInterval({ date_from: '2026-01-01', date_to: '2026-03-03' })).toBe('day') // 62 days
    expect(autoInterval({ date_from: '2026-01-01', date_to: '2026-03-04' })).toBe('week')
    expect(autoInterval({ date_from: '2026-01-01' })).toBe('week')
    expect(autoInterval({})).toBe('week')
  })
})

describe('periodsOf', () => {
  const now = new Date('2026-03-10T15:00:00Z')
  it('defaults to the 30 days up to today, and the 30 before', () => {
    expect(periodsOf({}, now)).toEqual({
      period: { date_from: '2026-02-09', date_to: '2026-03-10' },
      previous_period: { date_from: '2026-01-10', date_to: '2026-02-08' },
    })
  })
  it('takes the period of the filter and one of equal length before it', () => {
    expect(periodsOf({ date_from: '2026-03-01', date_to: '2026-03-01' }, now)).toEqual({
      period: { date_from: '2026-03-01', date_to: '2026-03-01' },
      previous_period: { date_from: '2026-02-28', date_to: '2026-02-28' },
    })
    expect(periodsOf({ date_to: '2026-01-30' }, now).period).toEqual({ date_from: '2026-01-01', date_to: '2026-01-30' })
    expect(periodsOf({ date_from: '2026-03-01' }, now)).toEqual({
      period: { date_from: '2026-03-01', date_to: '2026-03-10' },
      previous_period: { date_from: '2026-02-19', date_to: '2026-02-28' },
    })
  })
})
