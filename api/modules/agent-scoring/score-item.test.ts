import { describe, expect, it } from 'vitest'
import { checkQuote, confidenceOf, notScorable, segmentsOf, SECONDS_PER_MESSAGE } from './score-item'

const turns = [
  { speaker: 'customer' as const, text: 'Hi, my card was declined.' },
  { speaker: 'agent' as const, text: 'Thanks for messaging. Can I verify your date of birth?' },
  { speaker: 'customer' as const, text: '4 May 1988' },
]

describe('turns as the engine reads them', () => {
  it('keeps a thread’s order with one message every few seconds, and a call’s own times', () => {
    expect(segmentsOf(turns).map((s) => s.start)).toEqual([0, SECONDS_PER_MESSAGE, 2 * SECONDS_PER_MESSAGE])
    const call = segmentsOf([
      { speaker: 'agent', text: 'Hello', start: 0, end: 2.5 },
      { speaker: 'customer', text: 'Hi', start: 3 },
    ])
    expect(call.map((s) => [s.start, s.end])).toEqual([
      [0, 2.5],
      [3, 12.99],
    ])
  })
})

describe('the quote check', () => {
  const segments = segmentsOf(turns)
  it('verifies a quote in the turn the engine names, whatever the case and punctuation', () => {
    expect(checkQuote('verify your DATE of birth', turns, segments, 12.5)).toEqual({
      check: 'verified',
      evidence: [{ quote: 'verify your DATE of birth', speaker: 'agent', turn: 1, start_s: null }],
    })
  })
  it('repairs a quote the engine placed in the wrong turn, naming the turn that has it', () => {
    expect(checkQuote('card was declined', turns, segments, 12.5)).toMatchObject({
      check: 'repaired',
      evidence: [{ turn: 0 }],
    })
  })
  it('leaves a quote found nowhere unverified', () => {
    expect(checkQuote('your full postcode', turns, segments, 12.5).check).toBe('unverified')
  })
})

describe('confidence', () => {
  const base = { engine: 'local' as const, fallback: false }
  it('trusts a verified quote most, a repaired one less, an unverified one least', () => {
    const verified = confidenceOf({ ...base, value: 'yes', hasQuote: true, check: 'verified' })
    const repaired = confidenceOf({ ...base, value: 'yes', hasQuote: true, check: 'repaired' })
    const unverified = confidenceOf({ ...base, value: 'yes', hasQuote: true, check: 'unverified' })
    expect(verified).toBeGreaterThan(repaired)
    expect(repaired).toBeGreaterThan(unverified)
    expect(unverified).toBeLessThan(0.6)
  })
  it('trusts an absence less than a quote, and a fallback from the LLM less again', () => {
    const absent = confidenceOf({ ...base, value: 'no', hasQuote: false, check: 'unverified' })
    expect(absent).toBeLessThan(confidenceOf({ ...base, value: 'yes', hasQuote: true, check: 'verified' }))
    expect(confidenceOf({ ...base, fallback: true, value: 'no', hasQuote: false, check: 'unverified' })).toBeLessThan(
      absent,
    )
  })
})

describe('not scorable', () => {
  it('says why: no agent, or too few words', () => {
    expect(notScorable([{ speaker: 'customer', text: 'Hello? Anyone there?' }])).toBe('no_agent_turns')
    expect(
      notScorable([
        { speaker: 'agent', text: 'Hi' },
        { speaker: 'customer', text: 'bye' },
      ]),
    ).toBe('too_few_words')
    expect(notScorable(turns)).toBeNull()
  })
})
