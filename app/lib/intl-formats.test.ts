import { afterEach, describe, expect, it, vi } from 'vitest'
import { numbers, utcDates } from './intl-formats'

afterEach(() => vi.restoreAllMocks())

describe('intl formats', () => {
  it('make their Intl formatter on the first use only, and keep it', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    const day = utcDates({ dateStyle: 'medium' })
    expect(made).not.toHaveBeenCalled()
    expect(day.format(new Date('2026-12-07T23:30:00Z'))).toBe('7 Dec 2026')
    expect(day.format(Date.parse('2026-01-31T00:00:00Z'))).toBe('31 Jan 2026')
    expect(made).toHaveBeenCalledTimes(1)
  })

  it('read dates on UTC’s clock whatever the machine’s zone, and group thousands the British way', () => {
    const zone = process.env.TZ
    process.env.TZ = 'America/New_York' // Node reads it again: the browser's zone is not the server's
    try {
      // a time just before midnight UTC is still that day, as the server wrote it
      expect(utcDates({ dateStyle: 'medium' }).format(new Date('2026-12-07T23:59:00Z'))).toBe('7 Dec 2026')
      expect(new Date('2026-12-07T23:59:00Z').getHours()).toBe(18) // the zone did change
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
    expect(utcDates({ timeStyle: 'short' }).format(new Date('2026-12-07T23:59:00Z'))).toBe('23:59')
    expect(numbers().format(1234567)).toBe('1,234,567')
  })
})
