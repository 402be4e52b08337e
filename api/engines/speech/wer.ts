/*
 * Word error rate: the word-level edit distance (substitutions + deletions + insertions) from
 * the reference to the hypothesis, over the number of reference words. Both are normalised first
 * (case, punctuation, hyphens, digits spelled out are left as they are) so that only words count.
 */

/** Lower case, apostrophes kept inside words, everything else that is not a letter or digit a space. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
}

export type WerResult = { wer: number; errors: number; words: number }

export function wordErrors(reference: string, hypothesis: string): WerResult {
  const ref = normaliseWords(reference)
  const hyp = normaliseWords(hypothesis)
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j)
  for (let i = 1; i <= ref.length; i++) {
    const current = [i]
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1))
    }
    previous = current
  }
  const errors = previous[hyp.length]
  return { wer: ref.length ? errors / ref.length : hyp.length ? 1 : 0, errors, words: ref.length }
}

/** WER as a fraction (0.25 is 25%); can exceed 1 when the hypothesis adds many words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  return wordErrors(reference, hypothesis).wer
}
