import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { describe, expect, it } from 'vitest'
import { blockedRange, freeSlots, localDate, type WeeklyRule } from './free-slots'

dayjs.extend(utc)
dayjs.extend(timezone)

const weekdays = (start: string, end: string, days = [1, 2, 3, 4, 5, 6]): WeeklyRule[] =>
  days.map((weekday) => ({ siteId: 1, weekday, start, end }))
const gp = { durationMinutes: 15, bufferMinutes: 5, minNoticeMinutes: 0 }
const past = new Date('2020-01-01T00:00:00Z')
const hhmm = (d: Date, zone: string) => dayjs(d).tz(zone).format('ddd HH:mm')
const iso = (d: Date) => d.toISOString()

function week(zone: string, from: string, to: string, rules = weekdays('09:00', '17:00')) {
  return freeSlots({
    zone,
    siteId: 1,
    rules,
    exceptions: [],
    busy: [],
    service: gp,
    from,
    to,
    now: past,
    stepMinutes: 60,
  })
}

describe('freeSlots', () => {
  it("gives an ordinary week's slots in the site's wall-clock time, in London and New York", () => {
    for (const zone of ['Europe/London', 'America/New_York']) {
      const slots = week(zone, '2026-06-08', '2026-06-14') // Monday to Sunday
      expect(slots).toHaveLength(6 * 8) // Monday–Saturday, 09:00 to 16:00 hourly
      expect(hhmm(slots[0]!.start, zone)).toBe('Mon 09:00')
      expect(hhmm(slots.at(-1)!.start, zone)).toBe('Sat 16:00')
    }
    expect(iso(week('Europe/London', '2026-06-08', '2026-06-08')[0]!.start)).toBe('2026-06-08T08:00:00.000Z')
    expect(iso(week('America/New_York', '2026-06-08', '2026-06-08')[0]!.start)).toBe('2026-06-08T13:00:00.000Z')
  })

  it.each([
    ['Europe/London', '2026-03-28', '2026-03-30', '2026-03-28T09:00:00.000Z', '2026-03-30T08:00:00.000Z'],
    ['America/New_York', '2026-03-07', '2026-03-09', '2026-03-07T14:00:00.000Z', '2026-03-09T13:00:00.000Z'],
    ['Europe/London', '2026-10-24', '2026-10-26', '2026-10-24T08:00:00.000Z', '2026-10-26T09:00:00.000Z'],
    ['America/New_York', '2026-10-31', '2026-11-02', '2026-10-31T13:00:00.000Z', '2026-11-02T14:00:00.000Z'],
  ])('keeps 09:00 at 09:00 across the clock change in %s (%s to %s)', (zone, saturday, monday, before, after) => {
    const slots = week(zone, saturday, monday)
    expect(iso(slots[0]!.start)).toBe(before)
    expect(iso(slots.find((s) => localDate(s.start, zone) === monday)!.start)).toBe(after)
  })

  it.each([
    ['spring forward, London', 'Europe/London', '2026-03-29', 3],
    ['spring forward, New York', 'America/New_York', '2026-03-08', 3],
    ['fall back, London', 'Europe/London', '2026-10-25', 5],
    ['fall back, New York', 'America/New_York', '2026-11-01', 5],
  ])('walks a window across the change in real time (%s: %i hours between 00:00 and 04:00)', (_, zone, day, hours) => {
    const rules = weekdays('00:00', '04:00', [0])
    const slots = freeSlots({
      zone,
      siteId: 1,
      rules,
      exceptions: [],
      busy: [],
      service: { durationMinutes: 60, bufferMinutes: 0, minNoticeMinutes: 0 },
      from: day,
      to: day,
      now: past,
      stepMinutes: 60,
    })
    expect(slots).toHaveLength(hours)
    expect(new Set(slots.map((s) => s.start.getTime())).size).toBe(hours)
    expect(slots.at(-1)!.end.getTime() - slots[0]!.start.getTime()).toBe(hours * 3_600_000)
  })

  it('removes exactly the slots whose visit or buffer meets a busy range; one ending where it starts stays', () => {
    const zone = 'Europe/London'
    const at = (t: string) => dayjs.tz(`2026-06-08 ${t}`, zone).toDate()
    const slots = freeSlots({
      zone,
      siteId: 1,
      rules: weekdays('09:00', '11:00'),
      exceptions: [],
      busy: [{ start: at('09:50'), end: at('10:20') }],
      service: gp,
      from: '2026-06-08',
      to: '2026-06-08',
      now: past,
    })
    // 09:30 + 15 + 5 = 09:50: it touches the busy range and stays; 09:45 would run its buffer into it
    expect(slots.map((s) => hhmm(s.start, zone).slice(4))).toEqual(['09:00', '09:15', '09:30', '10:30', '10:45'])
  })

  it('hides slots before now plus the minimum notice', () => {
    const zone = 'Europe/London'
    const now = dayjs.tz('2026-06-08 10:10', zone).toDate()
    const slots = freeSlots({
      zone,
      siteId: 1,
      rules: weekdays('09:00', '12:00'),
      exceptions: [],
      busy: [],
      service: { ...gp, minNoticeMinutes: 60 },
      from: '2026-06-08',
      to: '2026-06-08',
      now,
    })
    expect(hhmm(slots[0]!.start, zone)).toBe('Mon 11:15')
  })

  it('takes a day off, a part-day block, extra hours on a day without rules, and rules valid for a while', () => {
    const zone = 'Europe/London'
    const base = { zone, siteId: 1, busy: [], service: gp, now: past, stepMinutes: 60 }
    const rules = weekdays('09:00', '12:00')
    const days = (slots: { start: Date }[]) => slots.map((s) => localDate(s.start, zone))
    const off = freeSlots({
      ...base,
      rules,
      from: '2026-06-08',
      to: '2026-06-09',
      exceptions: [{ siteId: null, date: '2026-06-08', available: false }],
    })
    expect(new Set(days(off))).toEqual(new Set(['2026-06-09']))
    const part = freeSlots({
      ...base,
      rules,
      from: '2026-06-08',
      to: '2026-06-08',
      exceptions: [{ siteId: 1, date: '2026-06-08', start: '10:00', end: '11:00', available: false }],
    })
    expect(part.map((s) => hhmm(s.start, zone))).toEqual(['Mon 09:00', 'Mon 11:00'])
    const extra = freeSlots({
      ...base,
      rules,
      from: '2026-06-14',
      to: '2026-06-14',
      exceptions: [{ siteId: 1, date: '2026-06-14', start: '18:00', end: '20:00', available: true }],
    })
    expect(extra.map((s) => hhmm(s.start, zone))).toEqual(['Sun 18:00', 'Sun 19:00'])
    const limited = freeSlots({
      ...base,
      rules: rules.map((r) => ({ ...r, validFrom: '2026-06-09', validTo: '2026-06-10' })),
      from: '2026-06-08',
      to: '2026-06-12',
      exceptions: [],
    })
    expect(new Set(days(limited))).toEqual(new Set(['2026-06-09', '2026-06-10']))
  })

  it('refuses a rule that ends before it starts and an unknown zone', () => {
    const base = { siteId: 1, exceptions: [], busy: [], service: gp, from: '2026-06-08', to: '2026-06-08', now: past }
    expect(() => freeSlots({ ...base, zone: 'Europe/London', rules: weekdays('12:00', '09:00') })).toThrow(
      /must come after/,
    )
    expect(() => freeSlots({ ...base, zone: 'Mars/Olympus', rules: weekdays('09:00', '12:00') })).toThrow(
      /not an IANA time zone/,
    )
  })
})

describe('blockedRange and localDate', () => {
  it('holds the visit and its buffer', () => {
    const r = blockedRange(new Date('2026-06-08T09:00:00Z'), { durationMinutes: 45, bufferMinutes: 15 })
    expect(iso(r.end)).toBe('2026-06-08T10:00:00.000Z')
  })
  it('reads the calendar date in the zone, not in UTC', () => {
    expect(localDate(new Date('2026-06-08T23:30:00Z'), 'Europe/Berlin')).toBe('2026-06-09')
    expect(localDate(new Date('2026-06-09T02:30:00Z'), 'America/New_York')).toBe('2026-06-08')
  })
})
