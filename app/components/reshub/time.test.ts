import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { describe, expect, it } from 'vitest'
import { siteDate, siteDateTime, siteMinutes, siteTime, siteToday } from './time'

dayjs.extend(utc)
dayjs.extend(timezone)

describe('times on a site’s clock', () => {
  it('reads an instant on the site’s clock, across summer time and midnight', () => {
    // London on GMT and on BST; New York a day behind at 02:30 UTC
    expect(siteTime('2026-01-15T09:30:00Z', 'Europe/London')).toBe('09:30')
    expect(siteTime('2026-07-15T09:30:00Z', 'Europe/London')).toBe('10:30')
    expect(siteDate('2026-07-15T02:30:00Z', 'America/New_York')).toBe('2026-07-14')
    expect(siteTime('2026-07-15T04:00:00Z', 'America/New_York')).toBe('00:00')
    expect(siteMinutes('2026-07-15T04:00:00Z', 'America/New_York')).toBe(0)
    expect(siteMinutes('2026-03-29T12:45:00Z', 'Europe/London')).toBe(13 * 60 + 45)
    expect(siteDateTime('2026-12-07T08:05:00Z', 'Asia/Kolkata')).toBe('Mon 7 Dec 2026, 13:35')
    expect(siteToday('Pacific/Auckland', new Date('2026-12-07T12:00:00Z'))).toBe('2026-12-08')
  })

  it('agrees with dayjs’s timezone plugin through a year in four zones (an instant every 24 h 15 min)', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney']
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 15 * 60_000 * 97) {
      const iso = new Date(t).toISOString()
      for (const zone of zones) {
        const expected = dayjs(iso).tz(zone)
        expect(siteDate(iso, zone)).toBe(expected.format('YYYY-MM-DD'))
        expect(siteTime(iso, zone)).toBe(expected.format('HH:mm'))
        expect(siteDateTime(iso, zone)).toBe(expected.format('ddd D MMM YYYY, HH:mm'))
      }
    }
  })
})
