import { contentKeys, tokenize, type Token } from './text'

export type Speaker = 'agent' | 'customer'

export type Segment = {
  speaker: Speaker
  /** Seconds from the start of the call. */
  start: number
  end: number
  text: string
}

export type Evidence = {
  segment: Segment
  /** The words as said, from the first to the last matched word. */
  words: string
  /** When the first matched word was said (interpolated inside the segment). */
  at: number
  /** Share of the phrase's content words found (1 = all of them). */
  coverage: number
}

type Prepared = { segment: Segment; tokens: Token[]; spoken: number }

export function prepare(segments: Segment[]): Prepared[] {
  return segments.map((segment) => {
    const tokens = tokenize(segment.text)
    const spoken = tokens.length ? tokens[tokens.length - 1].position + 1 : 0
    return { segment, tokens, spoken }
  })
}

/** Content words a phrase needs before it counts as said: all of a short phrase, most of a longer one. */
function needed(n: number) {
  return n <= 3 ? n : Math.ceil(n * 0.75)
}

/**
 * Where in one utterance the phrase is said, if it is. The phrase's content words must appear
 * (any order, synonyms and inflections allowed) within a span a few words longer than the phrase,
 * and the span must not be negated ("I can't help" is not "I can help").
 */
function findIn(
  p: Prepared,
  { keys, required }: { keys: string[]; required: string[] },
  phraseLength: number,
  phraseNegated: boolean,
): Evidence | null {
  const want = new Set(keys)
  const need = needed(want.size)
  const span = phraseLength + 4
  let best: Evidence | null = null
  for (let i = 0; i < p.tokens.length; i++) {
    if (!want.has(p.tokens[i].key)) continue
    const found = new Set<string>()
    let last = i
    for (let j = i; j < p.tokens.length && p.tokens[j].position - p.tokens[i].position < span; j++) {
      if (want.has(p.tokens[j].key) && !found.has(p.tokens[j].key)) {
        found.add(p.tokens[j].key)
        last = j
      }
    }
    if (found.size < need || required.some((k) => !found.has(k))) continue
    // "we will never ask for your full card number" is not reading one out
    const before = p.tokens.slice(Math.max(0, i - 5), i)
    const inside = p.tokens.slice(i, last + 1)
    const negated = [...before, ...inside].some((t) => t.negation)
    if (negated !== phraseNegated) continue
    const coverage = found.size / want.size
    if (best && best.coverage >= coverage) continue
    const { start, end } = p.segment
    best = {
      segment: p.segment,
      words: inside.map((t) => t.raw).join(' '),
      at: start + ((end - start) * p.tokens[i].position) / Math.max(1, p.spoken),
      coverage,
    }
  }
  return best
}

/** The earliest place any of the phrases is said by an allowed speaker inside the time window. */
export function findPhrase(
  prepared: Prepared[],
  phrases: string[],
  accept: (segment: Segment) => boolean,
): { evidence: Evidence | null; elsewhere: Evidence | null } {
  let evidence: Evidence | null = null
  let elsewhere: Evidence | null = null
  for (const phrase of phrases) {
    const tokens = tokenize(phrase)
    if (!tokens.length) continue
    const keys = contentKeys(tokens)
    const negated = tokens.some((t) => t.negation)
    for (const p of prepared) {
      const hit = findIn(p, keys, tokens.length, negated)
      if (!hit) continue
      if (accept(p.segment)) {
        if (!evidence || hit.at < evidence.at) evidence = hit
      } else if (!elsewhere || hit.at < elsewhere.at) {
        elsewhere = hit
      }
    }
  }
  return { evidence, elsewhere }
}
