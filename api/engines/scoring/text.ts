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
    'havent hasnt hadnt aint without'
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
  ['refund', 'reimburse', 'reimbursement', 'repay'],
  ['cancel', 'cancellation', 'terminate', 'termination'],
  ['record', 'recorded', 'monitor', 'monitored'],
  ['quality', 'training'],
  ['purpose', 'reason'],
  ['pay', 'payment', 'settle', 'settlement'],
  ['hello', 'hi', 'hey', 'morning', 'afternoon', 'evening', 'welcome'],
  ['bye', 'goodbye'],
  ['great', 'wonderful', 'excellent', 'lovely', 'fantastic'],
]
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
    .replace(/'/g, '')
}

/** Words of an utterance: no punctuation, contractions handled ("can't" -> "cant"), fillers dropped; keys lower-cased. */
export function tokenize(text: string): Token[] {
  const words = expandContractions(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const tokens: Token[] = []
  words.forEach((raw, position) => {
    const word = raw.toLowerCase()
    if (FILLERS.has(word)) return
    tokens.push({
      raw,
      key: canonical(word),
      position,
      stop: STOPWORDS.has(word),
      negation: NEGATIONS.has(word),
    })
  })
  return tokens
}

/**
 * The words a phrase cannot do without. A phrase that is mostly small words ("my name is",
 * "what I will do is") keeps them all, or any lone "name" or "what" would count.
 */
export function contentKeys(tokens: Token[]): string[] {
  const content = tokens.filter((t) => !t.stop)
  return (content.length >= 2 ? content : tokens).map((t) => t.key)
}

export function spokenWordCount(text: string) {
  return text.split(/[^\p{L}\p{N}']+/u).filter(Boolean).length
}

export function hhmmss(seconds: number) {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
