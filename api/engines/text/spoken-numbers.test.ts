import { describe, expect, it } from 'vitest'
import { digitsAt, ordinalAt, spokenDigits, yearAt } from './spoken-numbers'

const words = (text: string) => text.split(' ')

describe('spokenDigits', () => {
  it('reads a number said digit by digit, with "oh", "double" and "triple", and says where it stands', () => {
    const text = 'call me on oh seven seven double oh nine triple oh one two three thanks'
    expect(spokenDigits(text)).toEqual([
      {
        from: 11,
        to: 64,
        digits: '077009000123',
        words: 'oh seven seven double oh nine triple oh one two three',
      },
    ])
  })

  it('reads pairs, teens, "hundred" and numerals mixed with words', () => {
    expect(spokenDigits('forty one eleven').map((s) => s.digits)).toEqual(['4111'])
    expect(spokenDigits('forty-one').map((s) => s.digits)).toEqual(['41'])
    expect(spokenDigits('one eight hundred five five five').map((s) => s.digits)).toEqual(['1800555'])
    expect(spokenDigits('4929 one two three').map((s) => s.digits)).toEqual(['4929123'])
    expect(spokenDigits('nineteen eighty two').map((s) => s.digits)).toEqual(['1982'])
  })

  it('keeps separate numbers apart and ignores words that only look like digits', () => {
    expect(spokenDigits('three of them and two came broken').map((s) => s.words)).toEqual(['three', 'two'])
    expect(spokenDigits('a double take')).toEqual([])
    expect(spokenDigits('')).toEqual([])
  })
})

describe('the readers', () => {
  it('digitsAt reads one group and how many words it took', () => {
    expect(digitsAt(words('double five'), 0)).toEqual({ digits: '55', used: 2 })
    expect(digitsAt(words('triple oh'), 0)).toEqual({ digits: '000', used: 2 })
    expect(digitsAt(words('sixty two'), 0)).toEqual({ digits: '62', used: 2 })
    expect(digitsAt(words('sixty oh'), 0)).toEqual({ digits: '60', used: 1 })
    expect(digitsAt(words('constructor'), 0)).toBeNull()
  })

  it('ordinalAt reads days in words and numerals', () => {
    expect(ordinalAt(words('third of march'), 0)).toEqual({ value: 3, used: 1 })
    expect(ordinalAt(words('twenty first'), 0)).toEqual({ value: 21, used: 2 })
    expect(ordinalAt(words('thirty - first'), 0)).toEqual({ value: 31, used: 3 })
    expect(ordinalAt(words('4th'), 0)).toEqual({ value: 4, used: 1 })
    expect(ordinalAt(words('4 th'), 0)).toEqual({ value: 4, used: 2 })
    expect(ordinalAt(words('three'), 0)).toBeNull()
  })

  it('yearAt reads the ways a year is said', () => {
    expect(yearAt(words('nineteen eighty two'), 0)).toEqual({ value: 1982, used: 3 })
    expect(yearAt(words('nineteen seventy'), 0)).toEqual({ value: 1970, used: 2 })
    expect(yearAt(words('nineteen oh five'), 0)).toEqual({ value: 1905, used: 3 })
    expect(yearAt(words('two thousand and one'), 0)).toEqual({ value: 2001, used: 4 })
    expect(yearAt(words('two thousand'), 0)).toEqual({ value: 2000, used: 2 })
    expect(yearAt(words('twenty twelve'), 0)).toEqual({ value: 2012, used: 2 })
    expect(yearAt(words('eighty two'), 0)).toEqual({ value: 82, used: 2 })
    expect(yearAt(words('1982'), 0)).toEqual({ value: 1982, used: 1 })
    expect(yearAt(words('seven'), 0)).toBeNull()
  })
})
