import { describe, expect, it } from 'vitest'
import { isoDate } from './envelope'

describe('isoDate', () => {
  it('takes a day that exists', () => {
    expect(isoDate.parse('2026-01-31')).toBe('2026-01-31')
    expect(isoDate.parse(' 2028-02-29 ')).toBe('2028-02-29')
  })

  it('refuses days that do not exist and other shapes, saying what to write', () => {
    for (const bad of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '31/01/2026']) {
      const result = isoDate.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Use a date like 2026-01-31')
    }
  })
})
