/** Spacing and line breaks are layout, not reading errors: compare the words only. */
export function normaliseForCer(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Levenshtein distance over code points, in O(min(a, b)) memory. */
export function editDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  if (x.length < y.length) return editDistance(b, a)
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const substitution = previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution)
    }
    previous = current
  }
  return previous[y.length]!
}

/** Character error rate: edits to turn the OCR output into the reference, per reference character. */
export function cer(reference: string, hypothesis: string): number {
  const ref = normaliseForCer(reference)
  const hyp = normaliseForCer(hypothesis)
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1
  return editDistance(ref, hyp) / [...ref].length
}
