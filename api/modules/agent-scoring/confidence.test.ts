import { describe, expect, it } from 'vitest'
import { confidenceOf, NEEDS_HUMAN_BELOW } from './confidence'

const local = { engine: 'local' as const, fallback: false }
const llm = { engine: 'llm' as const, fallback: false }
const quoted = { value: 'yes' as const, hasQuote: true, check: 'verified' as const }
const absent = { value: 'no' as const, hasQuote: false, check: 'unverified' as const }

describe('confidence', () => {
  it('trusts a verified quote most, a repaired one less, an unverified one too little to go without a human', () => {
    const verified = confidenceOf({ ...local, ...quoted })
    const repaired = confidenceOf({ ...local, ...quoted, check: 'repaired' })
    const unverified = confidenceOf({ ...local, ...quoted, check: 'unverified' })
    expect(verified).toBeGreaterThan(repaired)
    expect(repaired).toBeGreaterThan(unverified)
    expect(unverified).toBeLessThan(NEEDS_HUMAN_BELOW)
  })

  it('trusts an absence less than a quote, and a fallback from the LLM less again', () => {
    const none = confidenceOf({ ...local, ...absent })
    expect(none).toBeLessThan(confidenceOf({ ...local, ...quoted }))
    expect(none).toBeGreaterThanOrEqual(NEEDS_HUMAN_BELOW)
    expect(confidenceOf({ ...local, ...absent, fallback: true })).toBeLessThan(none)
  })

  it("follows the local engine's match strength and margin", () => {
    const firm = confidenceOf({ ...local, ...quoted, signal: { strength: 1, margin: 1 } })
    const once = confidenceOf({ ...local, ...quoted, signal: { strength: 1, margin: 0.8 } })
    const partial = confidenceOf({ ...local, ...quoted, signal: { strength: 0.75, margin: 0.8 } })
    expect(firm).toBeGreaterThan(once)
    expect(once).toBeGreaterThan(partial)
    // nothing said at all, against the words said by the customer instead of the agent: a closer call
    const clear = confidenceOf({ ...local, ...absent, signal: { strength: 0.75, margin: 1 } })
    const close = confidenceOf({ ...local, ...absent, signal: { strength: 0.75, margin: 0.3 } })
    expect(clear).toBeGreaterThanOrEqual(NEEDS_HUMAN_BELOW)
    expect(close).toBeLessThan(clear)
    // a condition heard only negated ("I'm not complaining"): a human looks
    const notRaised = { value: 'n/a' as const, hasQuote: false, check: 'unverified' as const }
    expect(confidenceOf({ ...local, ...notRaised, signal: { strength: 1, margin: 1 } })).toBeGreaterThan(0.9)
    expect(confidenceOf({ ...local, ...notRaised, signal: { strength: 1, margin: 0 } })).toBeLessThan(NEEDS_HUMAN_BELOW)
  })

  it('raises an LLM judge the local engine agrees with, and sends one it contradicts to a human', () => {
    const alone = confidenceOf({ ...llm, ...quoted })
    expect(confidenceOf({ ...llm, ...quoted, agrees: true })).toBeGreaterThan(alone)
    expect(confidenceOf({ ...llm, ...quoted, agrees: false })).toBeLessThan(NEEDS_HUMAN_BELOW)
  })
})
