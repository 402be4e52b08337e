import { paraphrasesOf } from './paraphrase'
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
  /** Which segment (turn, message) it is in, counted from 0. */
  index: number
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

/** How far back in its clause a negation still reaches the phrase ("I'm not going to ask you for a payment today"). */
const NEGATION_REACH = 8

/** Whether the phrase's words are said in its order, at most one extra word between two of them ("what I'll do now is"). */
function inOrder(tokens: Token[], sequence: string[]) {
  return tokens.some((t, start) => {
    if (t.key !== sequence[0]) return false
    let k = 1
    let previous = t.position
    for (let j = start + 1; j < tokens.length && k < sequence.length; j++) {
      if (tokens[j].position - previous > 2) return false
      if (tokens[j].key === sequence[k]) {
        k++
        previous = tokens[j].position
      }
    }
    return k === sequence.length
  })
}

type Wanted = { keys: string[]; required: string[]; sequence: string[]; negated: boolean; hedged: boolean }

/**
 * Where in one utterance the phrase is said, if it is. The phrase's content words must appear
 * (any order, synonyms and inflections allowed; a short phrase of small words in its own order) within a
 * span a few words longer than the phrase. The span must not be negated from its clause ("I can't
 * help", "we won't take you to court or contact your employer") nor sit in a hedged frame
 * ("normally I'd confirm your postcode, but…").
 */
function findIn(
  p: Prepared,
  want: Wanted,
  phraseLength: number,
): { best: Omit<Evidence, 'index'> | null; refused: boolean } {
  const keys = new Set(want.keys)
  const need = needed(keys.size)
  const span = phraseLength + 4
  let best: Omit<Evidence, 'index'> | null = null
  let refused = false
  for (let i = 0; i < p.tokens.length; i++) {
    if (!keys.has(p.tokens[i].key)) continue
    const found = new Set<string>()
    let last = i
    for (let j = i; j < p.tokens.length && p.tokens[j].position - p.tokens[i].position < span; j++) {
      if (keys.has(p.tokens[j].key) && !found.has(p.tokens[j].key)) {
        found.add(p.tokens[j].key)
        last = j
      }
    }
    if (found.size < need || want.required.some((k) => !found.has(k))) continue
    const inside = p.tokens.slice(i, last + 1)
    if (want.required.length && want.sequence.length <= 4 && !inOrder(p.tokens.slice(i), want.sequence)) continue
    // "we will never ask for your full card number" is not reading one out
    let negated = inside.some((t) => t.negation)
    for (let k = i - 1; k >= 0 && i - k <= NEGATION_REACH && p.tokens[k].clause === p.tokens[i].clause; k--) {
      if (p.tokens[k].negation) negated = true
    }
    // the words were there, but negated or hedged: a near miss, which lowers the answer's margin
    if (negated !== want.negated || (!want.hedged && inside.some((t) => t.hedged))) {
      refused = true
      continue
    }
    const coverage = found.size / keys.size
    if (best && best.coverage >= coverage) continue
    best = {
      segment: p.segment,
      words: inside.map((t) => t.raw).join(' '),
      at: timeAt(p, p.tokens[i].position),
      coverage,
    }
  }
  // quoted as written, found once for the span kept
  return { best: best && { ...best, words: asWritten(p.segment.text, best.words) }, refused }
}

/** When the word at a character offset of an utterance was said (interpolated inside the segment). */
export function atOffset(p: Prepared, offset: number) {
  const position = tokenize(p.segment.text.slice(0, offset)).at(-1)?.position ?? -1
  return timeAt(p, position + 1)
}

/** The short forms the tokenizer writes out ("I'm" is read as "I am"). */
const SHORT: Record<string, string> = { am: 'm', are: 're', will: 'll', have: 've', would: 'd', is: 's' }
const GAP = '[^\\p{L}\\p{N}]+'
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A word as it may be written: apostrophes anywhere inside ("dont", "don't"), "email" as "e-mail". */
const writtenWord = (w: string) => (w.toLowerCase() === 'email' ? 'e-?mail' : [...w].map(escape).join("['’]?"))

/**
 * The matched words as the utterance writes them ("I'm sorry", not "I am sorry"), so a quote can be
 * checked word for word and found in the conversation; the words as read when they cannot be placed.
 */
function asWritten(text: string, words: string) {
  const parts = words.split(' ')
  const pattern = parts
    .map((w, i) => {
      if (i === 0) return writtenWord(w)
      const short = SHORT[w.toLowerCase()]
      return short ? `(?:${GAP}${writtenWord(w)}|['’]${short})` : `${GAP}${writtenWord(w)}`
    })
    .join('')
  return text.match(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu'))?.[0] ?? words
}

function timeAt(p: Prepared, position: number) {
  const { start, end } = p.segment
  return start + ((end - start) * position) / Math.max(1, p.spoken)
}

/**
 * What the search found: the earliest place any of the phrases (or a paraphrase of them) is said by an
 * allowed speaker inside the window, the earliest place it is said otherwise (another speaker, outside
 * the window), in how many utterances it is said as wanted, and whether it is somewhere said negated
 * or hedged (a near miss).
 */
export type Found = { evidence: Evidence | null; elsewhere: Evidence | null; hits: number; refused: boolean }

export function findPhrase(
  prepared: Prepared[],
  phrases: string[],
  accept: (segment: Segment, index: number) => boolean,
): Found {
  let evidence: Evidence | null = null
  let elsewhere: Evidence | null = null
  let refused = false
  const saidIn = new Set<number>()
  const keep = (found: Omit<Evidence, 'index'>, index: number) => {
    const hit = { ...found, index }
    if (accept(hit.segment, index)) {
      saidIn.add(index)
      if (!evidence || hit.at < evidence.at) evidence = hit
    } else if (!elsewhere || hit.at < elsewhere.at) {
      elsewhere = hit
    }
  }
  for (const phrase of phrases) {
    const tokens = tokenize(phrase)
    if (!tokens.length) continue
    const want: Wanted = {
      ...contentKeys(tokens),
      sequence: tokens.map((t) => t.key),
      negated: tokens.some((t) => t.negation),
      hedged: tokens.some((t) => t.hedged),
    }
    prepared.forEach((p, index) => {
      const hit = findIn(p, want, tokens.length)
      if (hit.best) keep(hit.best, index)
      if (hit.refused) refused = true
    })
  }
  for (const paraphrase of paraphrasesOf(phrases)) {
    prepared.forEach((p, index) => {
      for (const m of paraphrase(p.segment.text)) {
        if (!m.text.trim()) continue
        if (!said(p, m.index)) {
          refused = true
          continue
        }
        keep({ segment: p.segment, words: m.text.trim(), at: atOffset(p, m.index), coverage: 1 }, index)
        break
      }
    })
  }
  return { evidence, elsewhere, hits: saidIn.size, refused }
}

/**
 * Whether words found at `index` are said as done: not negated from earlier in their clause, not in a
 * hedged frame. Read from the tokens of the utterance, as for the template's own phrases.
 */
function said(p: Prepared, index: number) {
  const tokens = p.tokens
  const before = tokenize(p.segment.text.slice(0, index)).length
  const first = tokens[before]
  if (!first) return true
  if (first.hedged) return false
  for (let k = before - 1; k >= 0 && before - k <= NEGATION_REACH && tokens[k].clause === first.clause; k--) {
    if (tokens[k].negation) return false
  }
  return true
}
