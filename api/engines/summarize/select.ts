import type { Sentence } from './sentences'

/** Weight of relevance against novelty in maximal marginal relevance. */
const LAMBDA = 0.7
/** Sentences this similar to one already chosen say the same thing: never both. */
const DUPLICATE = 0.6

const sets = new WeakMap<Sentence, Set<string>>()
function wordsOf(s: Sentence) {
  let set = sets.get(s)
  if (!set) sets.set(s, (set = new Set(s.stems)))
  return set
}

/** Cosine similarity of two sentences' sets of stemmed content words. */
export function similarity(a: Sentence, b: Sentence): number {
  const x = wordsOf(a)
  const y = wordsOf(b)
  if (!x.size || !y.size) return 0
  let shared = 0
  for (const w of x) if (y.has(w)) shared++
  return shared / Math.sqrt(x.size * y.size)
}

/**
 * Maximal marginal relevance: repeatedly takes the candidate with the best mix of relevance and
 * novelty against what is already chosen (`chosen` seeds it), skipping near-duplicates and
 * anything scoring `floor` or less. `relevance` defaults to the sentence's score. Returns the picks in the original order. Deterministic: ties go
 * to the earlier sentence.
 */
export function mmr(
  candidates: Sentence[],
  k: number,
  {
    chosen = [] as Sentence[],
    floor = 0,
    relevance = (s: Sentence) => s.score,
  }: { chosen?: Sentence[]; floor?: number; relevance?: (s: Sentence) => number } = {},
): Sentence[] {
  const pool = candidates.filter((s) => s.score > floor && !chosen.includes(s))
  const value = new Map(pool.map((s) => [s, relevance(s)]))
  const top = Math.max(...value.values(), 1e-9)
  const maxSim = new Map(pool.map((s) => [s, Math.max(0, ...chosen.map((c) => similarity(s, c)))]))
  const picked: Sentence[] = []
  while (picked.length < k) {
    let best: Sentence | undefined
    let bestValue = -Infinity
    for (const s of pool) {
      if (picked.includes(s) || maxSim.get(s)! >= DUPLICATE) continue
      const v = LAMBDA * (value.get(s)! / top) - (1 - LAMBDA) * maxSim.get(s)!
      if (v > bestValue) {
        best = s
        bestValue = v
      }
    }
    if (!best) break
    picked.push(best)
    for (const s of pool) maxSim.set(s, Math.max(maxSim.get(s)!, similarity(s, best)))
  }
  return picked.sort((a, b) => a.id - b.id)
}
