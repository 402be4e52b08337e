import type { Sentence } from './sentences'

/** How many of the customer's first substantive turns can hold the reason for contact. */
const OPENING_TURNS = 3

/**
 * Centrality: cosine between a sentence's content words and the whole text's (tf-idf weighted),
 * so the sentences about what the text is mostly about come first among equals.
 */
function centrality(sentences: Sentence[]): number[] {
  const df = new Map<string, number>()
  for (const s of sentences) for (const w of new Set(s.stems)) df.set(w, (df.get(w) ?? 0) + 1)
  const n = sentences.length
  const idf = (w: string) => Math.log(1 + n / df.get(w)!)
  const centroid = new Map<string, number>()
  for (const s of sentences) for (const w of s.stems) centroid.set(w, (centroid.get(w) ?? 0) + idf(w))
  let norm = 0
  for (const v of centroid.values()) norm += v * v
  norm = Math.sqrt(norm) || 1
  const raw = sentences.map((s) => {
    const unique = new Set(s.stems)
    if (!unique.size) return 0
    let dot = 0
    let self = 0
    for (const w of unique) {
      dot += idf(w) * centroid.get(w)!
      self += idf(w) ** 2
    }
    return dot / (Math.sqrt(self) * norm)
  })
  const max = Math.max(...raw, 1e-9)
  return raw.map((r) => r / max)
}

/**
 * Each sentence's relevance (sets `score`): what it is about (centrality), the facts it holds, the
 * reason for contact in the customer's opening turns, outcomes and commitments; greetings, hold
 * chatter, security checks and their answers, tiny and filler-only sentences score next to nothing.
 */
export function score(sentences: Sentence[]): Sentence[] {
  const central = centrality(sentences)
  const conversation = sentences.some((s) => s.role)
  // the turns whose answer is a security detail, and the customer's opening turns
  const verifyingTurns = new Set(sentences.filter((s) => s.verification && s.role !== 'customer').map((s) => s.turn))
  const openingTurns = new Set<number>()
  for (const s of sentences) {
    if (openingTurns.size >= OPENING_TURNS) break
    if (s.role === 'customer' && s.words >= 4 && !s.pleasantry) openingTurns.add(s.turn)
  }
  const turnSpeakers = new Map(sentences.map((s) => [s.turn, s.speaker]))
  const previousTurnOf = (turn: number) => {
    for (let t = turn - 1; t >= 0; t--)
      if (turnSpeakers.has(t) && turnSpeakers.get(t) !== turnSpeakers.get(turn)) return t
    return -1
  }

  for (const [i, s] of sentences.entries()) {
    let reason = s.reason * 0.6
    if (conversation) {
      if (s.role === 'agent') reason *= 0.25
      else if (!openingTurns.has(s.turn)) reason *= 0.5
      else reason += 0.4
    } else {
      // a document (or an unlabelled transcript) says what it is about near its start
      if (s.id >= Math.max(3, sentences.length * 0.2)) reason *= 0.5
      if (s.id < 3) reason += 0.3
    }
    const relevance = 0.8 * central[i] + 0.6 * s.fact + reason + (s.action ? 1 : 0) + 0.9 * Math.min(s.resolution, 1.4)

    const content = s.stems.length
    let factor = content <= 1 ? 0.1 : content === 2 ? 0.45 : content === 3 ? 0.75 : 1
    // "Your claim reference is FC-558102." is short and says everything
    if (s.reference && content >= 2) factor = Math.max(factor, 0.9)
    if (s.pleasantry && s.reason === 0 && !s.action && s.fact < 0.8) factor *= 0.05
    if (s.verification && !s.action) factor *= 0.2
    const answered = previousTurnOf(s.turn)
    if (answered >= 0 && verifyingTurns.has(answered) && s.role !== 'agent' && s.reason === 0 && !s.action)
      factor *= 0.15
    if (s.question) factor *= s.role === 'agent' ? 0.5 : 0.8
    s.score = Math.round(relevance * factor * 1e4) / 1e4
  }
  return sentences
}
