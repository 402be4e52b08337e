import stem from 'wink-porter2-stemmer'

/** Sounds and tics that speech recognition writes down but that carry no meaning. */
const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'hmm', 'mm', 'mhm', 'ah', 'eh', 'oh'])

/** Words too common to tell one phrase from another; a paraphrase may drop or swap them. */
const STOPWORDS = new Set(
  (
    'a an the and or but so of to for in on at by with from as is are was were be been being am i me my we us our ' +
    'you your it its this that these those there here do does did have has had will would can could shall should ' +
    'may might just really very okay ok well sure right now then today'
  ).split(' '),
)

const NEGATIONS = new Set(
  (
    'not no never nothing cannot cant dont doesnt didnt wont wouldnt couldnt shouldnt isnt arent wasnt werent ' +
    'havent hasnt hadnt aint without nobody none noone neither nor'
  ).split(' '),
)

/**
 * Words a contact-centre conversation uses for the same thing. Each group maps to its first word's
 * stem, on both sides of a match, so "assist" in a template matches "help" on the call.
 */
const SYNONYM_GROUPS = [
  ['help', 'assist', 'assistance', 'support'],
  ['thank', 'thanks', 'appreciate', 'grateful'],
  ['sorry', 'apologize', 'apologise', 'apology', 'apologies', 'regret'],
  ['verify', 'verification', 'confirm', 'confirmation', 'validate'],
  ['anything', 'something'],
  ['else', 'more', 'further', 'additional', 'other'],
  ['call', 'calling', 'ring', 'phone'],
  ['date', 'day'],
  ['birth', 'born'],
  ['refund', 'reimburse', 'reimbursement'],
  ['cannot', 'cant', 'unable'],
  ['cancel', 'cancellation', 'terminate', 'termination'],
  ['record', 'recorded', 'monitor', 'monitored'],
  ['quality', 'training'],
  ['purpose', 'reason'],
  ['pay', 'payment', 'settle', 'settlement'],
  ['hello', 'hi', 'hey', 'morning', 'afternoon', 'evening', 'welcome'],
  ['bye', 'goodbye'],
  ['great', 'wonderful', 'excellent', 'lovely', 'fantastic', 'good', 'nice'],
]

/** Words that frame what follows as a habit or a duty rather than a deed ("normally I'd…, but"). */
const HEDGES = new Set(['normally', 'usually', 'ordinarily', 'typically', 'generally', 'supposed'])
/** Words that turn a hedged clause into a mention without action when they follow it in the sentence. */
const CONTRASTS = new Set(['but', 'however', 'though', 'although', 'except', 'instead'])
const CANONICAL = new Map<string, string>()
for (const group of SYNONYM_GROUPS) {
  const head = stem(group[0])
  for (const word of group) CANONICAL.set(stem(word), head)
}

export type Token = {
  /** The word as said, for evidence. */
  raw: string
  /** Stemmed and mapped to its synonym group: what matching compares. */
  key: string
  /** Position among the segment's spoken words (fillers included), for word timing. */
  position: number
  stop: boolean
  negation: boolean
  /** Clauses end at punctuation and at "but": a negation reaches no further than its clause. */
  clause: number
  /** Inside a hedged frame that a contrast follows ("I'd normally confirm your postcode, but…"): mentioned, not done. */
  hedged: boolean
}

function canonical(word: string) {
  const stemmed = stem(word)
  return CANONICAL.get(stemmed) ?? stemmed
}

/** "I'll" -> "I will" and the like, so a phrase written out matches the contracted speech (and back). */
function expandContractions(text: string) {
  return text
    .replace(/[’]/g, "'")
    .replace(/\b(i|you|we|they|he|she|it|that|there)'ll\b/gi, '$1 will')
    .replace(/\b(you|we|they)'re\b/gi, '$1 are')
    .replace(/\b(i|you|we|they)'ve\b/gi, '$1 have')
    .replace(/\b(i|you|we|they|he|she)'d\b/gi, '$1 would')
    .replace(/\bi'm\b/gi, 'I am')
    .replace(/\b(that|it|what|there|here|he|she|who)'s\b/gi, '$1 is')
    .replace(/\be-mail/gi, 'email')
    .replace(/'/g, '')
}

const UNITS = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, i) => [w, i]),
)
const TENS = new Map(
  'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((w, i) => [w, (i + 2) * 10]),
)
const SCALES = new Map([
  ['hundred', 100],
  ['thousand', 1000],
])

/**
 * Reads a run of number words from `i` ("twenty four", "one hundred and fifty"): its value and
 * how many words it took. Speech recognition writes numbers either way, templates too.
 */
function numberAt(words: string[], i: number, clauses: number[]): { value: number; length: number } | null {
  let total = 0
  let current = 0
  let j = i
  let any = false
  for (; j < words.length && clauses[j] === clauses[i]; j++) {
    const w = words[j].toLowerCase()
    if (UNITS.has(w)) current += UNITS.get(w)!
    else if (TENS.has(w)) current += TENS.get(w)!
    else if (SCALES.has(w) && any) {
      const scale = SCALES.get(w)!
      if (scale === 100) current = (current || 1) * 100
      else {
        total += (current || 1) * scale
        current = 0
      }
    } else if (
      w === 'and' &&
      any &&
      j + 1 < words.length &&
      (UNITS.has(words[j + 1].toLowerCase()) || TENS.has(words[j + 1].toLowerCase()))
    )
      continue
    else break
    any = true
  }
  return any ? { value: total + current, length: j - i } : null
}

/** Words of an utterance: no punctuation, contractions handled ("can't" -> "cant"), number words as digits, fillers dropped; keys lower-cased. */
export function tokenize(text: string): Token[] {
  // words with the clause and sentence each belongs to
  const words: string[] = []
  const clauses: number[] = []
  const sentences: number[] = []
  let clause = 0
  let sentence = 0
  for (const [piece] of expandContractions(text).matchAll(/[\p{L}\p{N}]+|[.!?;:,\n]/gu)) {
    if (!/[\p{L}\p{N}]/u.test(piece)) {
      clause++
      if (/[.!?\n]/.test(piece)) sentence++
      continue
    }
    if (CONTRASTS.has(piece.toLowerCase())) clause++
    words.push(piece)
    clauses.push(clause)
    sentences.push(sentence)
  }
  const hedged = hedgedWords(words, sentences)
  const tokens: Token[] = []
  for (let position = 0; position < words.length; position++) {
    const raw = words[position]
    const word = raw.toLowerCase()
    if (FILLERS.has(word)) continue
    const number = numberAt(words, position, clauses)
    if (number) {
      tokens.push({
        raw: words.slice(position, position + number.length).join(' '),
        key: String(number.value),
        position,
        stop: false,
        negation: false,
        clause: clauses[position],
        hedged: hedged[position],
      })
      position += number.length - 1
      continue
    }
    tokens.push({
      raw,
      key: canonical(word),
      position,
      stop: STOPWORDS.has(word),
      negation: NEGATIONS.has(word),
      clause: clauses[position],
      hedged: hedged[position],
    })
  }
  return tokens
}

/**
 * Which words sit in a hedged frame: from a hedge ("normally", "supposed", "would have") to a
 * contrast later in the same sentence ("but", "however"). Without the contrast the hedge is a plain
 * statement ("they usually have it ready within four hours") and nothing is hedged.
 */
function hedgedWords(words: string[], sentences: number[]): boolean[] {
  const hedged = words.map(() => false)
  const lower = words.map((w) => w.toLowerCase())
  for (let i = 0; i < words.length; i++) {
    const modalPerfect = ['would', 'could', 'should'].includes(lower[i]) && lower[i + 1] === 'have'
    if (!HEDGES.has(lower[i]) && !modalPerfect) continue
    let start = i
    while (start > 0 && sentences[start - 1] === sentences[i]) start--
    for (let j = i + 1; j < words.length && sentences[j] === sentences[i]; j++) {
      if (!CONTRASTS.has(lower[j])) continue
      for (let k = start; k < j; k++) hedged[k] = true
      break
    }
  }
  return hedged
}

/**
 * The words a phrase cannot do without. A phrase that is mostly small words ("my name is",
 * "what I will do is") needs every one of them, or any lone "name" or "what" would count, and
 * "you should have called" would be found in "thank you for calling… have".
 */
export function contentKeys(tokens: Token[]): { keys: string[]; required: string[] } {
  const content = tokens.filter((t) => !t.stop).map((t) => t.key)
  // the small words help tell a short phrase apart, but its one content word must be said too
  if (content.length >= 2) return { keys: content, required: [] }
  const all = tokens.map((t) => t.key)
  return { keys: all, required: all }
}

export function spokenWordCount(text: string) {
  return text.split(/[^\p{L}\p{N}']+/u).filter(Boolean).length
}

export function hhmmss(seconds: number) {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
