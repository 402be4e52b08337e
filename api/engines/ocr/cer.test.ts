import { describe, expect, it } from 'vitest'
import { cer, editDistance } from './cer'

describe('cer', () => {
  it('counts substitutions, insertions and deletions per reference character', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(cer('abcd', 'abcd')).toBe(0)
    expect(cer('abcd', 'abXd')).toBe(0.25)
    expect(cer('abcd', '')).toBe(1)
  })

  it('ignores differences in spacing and line breaks', () => {
    expect(cer('one two\nthree', ' one  two three ')).toBe(0)
  })

  it('handles an empty reference', () => {
    expect(cer('', '')).toBe(0)
    expect(cer('', 'x')).toBe(1)
  })
})
