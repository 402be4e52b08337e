/*
 * How far two raters of yes / no / n/a answers agree: the AI and a reviewer (the dashboards'
 * AI–auditor agreement, agent scoring's calibration), or the scoring engine and a careful human
 * (bench/scoring-agreement.ts). One confusion matrix, one agreement percentage and one Cohen's κ
 * for all of them.
 */

/** The answers a criterion takes, in the order of a confusion matrix's rows and columns. */
export const ANSWER_LABELS = ['yes', 'no', 'n/a'] as const
export type AnswerLabel = (typeof ANSWER_LABELS)[number]

/** counts[row][column]: one rater's answer picks the row, the other's the column, both in ANSWER_LABELS order. */
export type Confusion = number[][]

export const emptyConfusion = (): Confusion => ANSWER_LABELS.map(() => ANSWER_LABELS.map(() => 0))

/** Counts `n` answers given as `row` by one rater and `column` by the other. */
export function tally(m: Confusion, row: AnswerLabel, column: AnswerLabel, n = 1) {
  m[ANSWER_LABELS.indexOf(row)]![ANSWER_LABELS.indexOf(column)]! += n
}

export const confusionTotal = (m: Confusion) => m.flat().reduce((s, n) => s + n, 0)
/** The answers both raters gave alike: the diagonal. */
export const confusionAgreed = (m: Confusion) => m.reduce((s, row, k) => s + row[k]!, 0)

/** part / whole as a percentage with one decimal; null when there is nothing to count. */
export const agreementPct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null)

/**
 * Cohen's κ over the three labels, from the confusion matrix n[r][c] of N answers:
 *   p_o = Σ_k n[k][k] / N                                (observed agreement)
 *   p_e = Σ_k (Σ_c n[k][c] / N) · (Σ_r n[r][k] / N)      (agreement expected by chance from each side's label rates)
 *   κ   = (p_o − p_e) / (1 − p_e)
 * Undefined (null) without answers, or when p_e = 1: both sides gave one and the same label throughout.
 */
export function cohenKappa(m: Confusion): number | null {
  const n = confusionTotal(m)
  if (!n) return null
  const po = confusionAgreed(m) / n
  const pe = ANSWER_LABELS.reduce((s, _, k) => {
    const rows = m[k]!.reduce((a, b) => a + b, 0) / n
    const columns = m.reduce((a, row) => a + row[k]!, 0) / n
    return s + rows * columns
  }, 0)
  return pe >= 1 ? null : (po - pe) / (1 - pe)
}

/** κ as an answer shows it: three decimals. */
export const roundedKappa = (m: Confusion) => {
  const k = cohenKappa(m)
  return k === null ? null : Math.round(k * 1000) / 1000
}
