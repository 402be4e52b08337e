import { describe, expect, it } from 'vitest'
import { agreementPct, cohenKappa, confusionAgreed, confusionTotal, emptyConfusion, tally } from './agreement'

describe("agreement and Cohen's κ", () => {
  it('κ of a small table worked by hand', () => {
    // 10 answers: 4 yes/yes, 1 yes/no, 2 no/no, 1 no/yes, 2 n/a/n/a
    const m = emptyConfusion()
    tally(m, 'yes', 'yes', 4)
    tally(m, 'yes', 'no')
    tally(m, 'no', 'no', 2)
    tally(m, 'no', 'yes')
    tally(m, 'n/a', 'n/a', 2)
    expect(confusionTotal(m)).toBe(10)
    expect(confusionAgreed(m)).toBe(8)
    // p_o = 0.8; rows 5, 3, 2 and columns 5, 3, 2 of 10: p_e = 0.25 + 0.09 + 0.04 = 0.38
    // κ = (0.8 − 0.38) / (1 − 0.38) = 0.42 / 0.62
    expect(cohenKappa(m)).toBeCloseTo(0.42 / 0.62, 10)
    expect(agreementPct(8, 10)).toBe(80)
  })

  it('is undefined without answers or when both sides gave one label throughout', () => {
    expect(cohenKappa(emptyConfusion())).toBeNull()
    const same = emptyConfusion()
    tally(same, 'yes', 'yes', 3)
    expect(cohenKappa(same)).toBeNull()
    expect(agreementPct(0, 0)).toBeNull()
    expect(agreementPct(2, 3)).toBe(66.7)
  })
})
