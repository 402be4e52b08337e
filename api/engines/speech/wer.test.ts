import { describe, expect, it } from 'vitest'
import { normaliseWords, wordErrorRate, wordErrors } from './wer'

describe('word error rate', () => {
  it('is 0 for the same words whatever the case and punctuation', () => {
    expect(wordErrorRate('Thank you for calling, Acme Bank!', 'thank you for calling acme bank')).toBe(0)
  })

  it('counts substitutions, deletions and insertions over the reference words', () => {
    expect(wordErrors('the cat sat on the mat', 'the cat sit on mat')).toEqual({ wer: 2 / 6, errors: 2, words: 6 })
    expect(wordErrors('a b', 'a x b y')).toEqual({ wer: 1, errors: 2, words: 2 })
    expect(wordErrorRate('one two three', '')).toBe(1)
  })

  it('can exceed 1 when the hypothesis is mostly extra words', () => {
    expect(wordErrorRate('yes', 'no no no')).toBe(3)
  })

  it('handles empty references', () => {
    expect(wordErrorRate('', '')).toBe(0)
    expect(wordErrorRate('', 'hello')).toBe(1)
  })

  it('keeps apostrophes inside words and splits hyphens', () => {
    expect(normaliseWords("I'd like twenty-five 'quoted' pounds.")).toEqual([
      "i'd",
      'like',
      'twenty',
      'five',
      'quoted',
      'pounds',
    ])
  })
})
