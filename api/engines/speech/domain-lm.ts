import { createHash } from 'node:crypto'
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/*
 * A domain language model for pocketsphinx: a trigram ARPA model of a campaign's knowledge-base
 * texts, so that a spoken question is heard among the words of the articles rather than among the
 * 130,000 words of the generic model ("what are your opening hours" instead of "what are the odds
 * are you"). Interpolated Witten-Bell smoothing, written in back-off form: what the articles never
 * say still gets a share through the back-off weights, and the common question words below get a
 * unigram each, so a question may use words the articles do not.
 *
 * pocketsphinx reads the ARPA text itself (`-lm model.arpa`); only words of its dictionary may be in
 * the model, so the texts are read through the dictionary's word list.
 */

/** Bumped when what this file writes changes, so that cached models are rebuilt. */
const LM_VERSION = 1

const defaultDictPath = () =>
  path.join(process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us', 'cmudict-en-us.dict')

const dictionaries = new Map<string, Promise<Set<string>>>()

/** Words pocketsphinx's dictionary knows (the first column of cmudict-en-us.dict, without "(2)" variants), read once and cached. */
export function dictionaryWords(dictPath: string = defaultDictPath()): Promise<Set<string>> {
  let words = dictionaries.get(dictPath)
  if (!words) {
    words = readFile(dictPath, 'utf8').then((text) => {
      const set = new Set<string>()
      for (const line of text.split('\n')) {
        const word = /^\S+/.exec(line)?.[0]
        if (word) set.add(word.replace(/\(\d+\)$/, ''))
      }
      return set
    })
    // a failed read is not cached: the next call tries again
    words.catch(() => dictionaries.delete(dictPath))
    dictionaries.set(dictPath, words)
  }
  return words
}

// ---------------------------------------------------------------------------------------------
// Numbers as people say them

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

const under100 = (n: number) => (n < 20 ? ONES[n] : TENS[Math.floor(n / 10)] + (n % 10 ? ` ${ONES[n % 10]}` : ''))

const under1000 = (n: number) => {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (!hundreds) return under100(rest)
  return `${ONES[hundreds]} hundred${rest ? ` and ${under100(rest)}` : ''}`
}

/** 1234 → "one thousand two hundred and thirty four" (British "and"); digit by digit from a trillion. */
function cardinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) return digitByDigit(String(n))
  if (n === 0) return 'zero'
  const parts: string[] = []
  for (const [scale, word] of [
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ] as const) {
    if (n >= scale) {
      parts.push(`${under1000(Math.floor(n / scale))} ${word}`)
      n %= scale
    }
  }
  if (n) parts.push((parts.length && n < 100 ? 'and ' : '') + under1000(n))
  return parts.join(' ')
}

const IRREGULAR_ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
}

/** 21 → "twenty first", 40 → "fortieth". */
function ordinal(n: number): string {
  const words = cardinal(n).split(' ')
  const last = words.pop()!
  const spoken = IRREGULAR_ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`)
  return [...words, spoken].join(' ')
}

/** "0800" → "oh eight oh oh": phone and account numbers are read a digit at a time. */
const digitByDigit = (digits: string, zero = 'oh') =>
  [...digits.replace(/\D/g, '')].map((d) => (d === '0' ? zero : ONES[Number(d)])).join(' ')

/** 1999 → "nineteen ninety nine", 2005 → "two thousand and five", 2024 → "twenty twenty four", 1500 → "fifteen hundred". */
function year(n: number): string {
  if (n >= 2000 && n < 2010) return cardinal(n)
  const high = Math.floor(n / 100)
  const low = n % 100
  if (!low) return `${under100(high)} hundred`
  return `${under100(high)} ${low < 10 ? `oh ${ONES[low]}` : under100(low)}`
}

/**
 * A number as written ("1,250", "2.5", "0800", "2024", "12345678") as it is said. `amount`: a sum
 * of money or a quantity, never read as a year.
 */
function spellNumber(written: string, { amount = false } = {}): string {
  const [whole, fraction] = written.replace(/,/g, '').split('.')
  if (fraction !== undefined) return `${spellNumber(whole, { amount: true })} point ${digitByDigit(fraction, 'zero')}`
  if (whole.length > 1 && whole.startsWith('0')) {
    // 0800, 0300: "oh eight hundred", otherwise a digit at a time
    return /^0[1-9]00$/.test(whole) ? `oh ${ONES[Number(whole[1])]} hundred` : digitByDigit(whole)
  }
  if (written.includes(',')) return cardinal(Number(whole))
  if (whole.length >= 6) return digitByDigit(whole)
  const n = Number(whole)
  if (!amount && whole.length === 4 && ((n >= 1100 && n < 2000) || (n >= 2000 && n < 2100))) return year(n)
  return cardinal(n)
}

const CURRENCIES: Record<string, { one: string; many: string; minorOne: string; minorMany: string }> = {
  '£': { one: 'pound', many: 'pounds', minorOne: 'penny', minorMany: 'pence' },
  $: { one: 'dollar', many: 'dollars', minorOne: 'cent', minorMany: 'cents' },
  '€': { one: 'euro', many: 'euros', minorOne: 'cent', minorMany: 'cents' },
}
const SCALES: Record<string, string> = {
  k: 'thousand',
  thousand: 'thousand',
  m: 'million',
  million: 'million',
  bn: 'billion',
  billion: 'billion',
}

/** "£5" → "five pounds", "£5.50" → "five pounds fifty", "£0.50" → "fifty pence", "£2.5m" → "two point five million pounds". */
function money(symbol: string, written: string, scale?: string): string {
  const unit = CURRENCIES[symbol]
  if (scale) return `${spellNumber(written, { amount: true })} ${SCALES[scale.toLowerCase()]} ${unit.many}`
  const [whole, fraction] = written.replace(/,/g, '').split('.')
  const major = Number(whole)
  if (fraction === undefined || fraction.length !== 2) {
    const many = fraction !== undefined || major !== 1
    return `${spellNumber(written, { amount: true })} ${many ? unit.many : unit.one}`
  }
  const minor = Number(fraction)
  if (!major) return `${cardinal(minor)} ${minor === 1 ? unit.minorOne : unit.minorMany}`
  return `${cardinal(major)} ${major === 1 ? unit.one : unit.many}${minor ? ` ${cardinal(minor)}` : ''}`
}

/** 9, 30 → "nine thirty", 9, 5 → "nine oh five", 9, 0 → "nine". */
const clock = (hour: number, minute: number) =>
  `${cardinal(hour)}${minute ? ` ${minute < 10 ? `oh ${ONES[minute]}` : under100(minute)}` : ''}`

/** "17:30" → "five thirty p m", "12:00" → "twelve o'clock", "00:00" → "midnight". */
function clock24(hour: number, minute: number): string {
  if (hour === 0 && minute === 0) return 'midnight'
  if (hour > 12) return `${clock(hour - 12, minute)} p m`
  return minute ? clock(hour === 0 ? 12 : hour, minute) : `${cardinal(hour)} o'clock`
}

/** Spaces around what a replacement says, so that "4g" becomes "four g". */
const say = (words: string) => ` ${words} `

const ABBREVIATIONS: Record<string, string> = {
  'e.g.': 'for example',
  'i.e.': 'that is',
  'etc.': 'etcetera',
  'mr.': 'mister',
  'mrs.': 'missus',
  'dr.': 'doctor',
}

/** The written forms of numbers, times, sums of money and symbols, as they are said. */
function spokenForms(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’‘`]/g, "'")
      .replace(/\b(e\.g\.|i\.e\.|etc\.|mr\.|mrs\.|dr\.)/gi, (m) => say(ABBREVIATIONS[m.toLowerCase()]))
      // 8am, 8 a.m., 8:30pm, 8.30 pm; a full stop after "a.m." ends the sentence only before a capital
      .replace(/\b(\d{1,2})(?:[:.](\d{2}))?\s?([aApP])\.?[mM]\b(?:\.(?!\s+[A-Z]))?/g, (_, h, m, ap) =>
        say(`${clock(Number(h), Number(m ?? 0))} ${ap.toLowerCase()} m`),
      )
      .replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (_, h, m) => say(clock24(Number(h), Number(m))))
      .replace(/\b24\s?\/\s?7\b/g, say('twenty four seven'))
      .replace(
        /([£$€])\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(k|m|bn|thousand|million|billion)\b)?/gi,
        (_, s, n, k) => say(money(s, n, k)),
      )
      .replace(/\b(\d+)p\b/g, (_, n) => say(`${cardinal(Number(n))} ${n === '1' ? 'penny' : 'pence'}`))
      .replace(/(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?%/g, (_, n) =>
        say(`${spellNumber(n, { amount: true })} percent`),
      )
      .replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_, n) => say(ordinal(Number(n))))
      // phone numbers: +44 20 7946 0000, 0800 123 4567
      .replace(/\+\d{1,3}(?:[ -]?\d{2,5}){2,4}\b/g, (m) => say(`plus ${digitByDigit(m)}`))
      .replace(/\b0\d{2,4}(?:[ -]\d{3,4}){1,3}\b/g, (m) =>
        say(
          m
            .split(/[ -]/)
            .map((group, i) => (i === 0 ? spellNumber(group) : digitByDigit(group)))
            .join(' '),
        ),
      )
      .replace(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g, (m) => say(spellNumber(m)))
      .replace(/&/g, say('and'))
      .replace(/\+/g, say('plus'))
      .replace(/@/g, say('at'))
  )
}

/** Lower-cased word sequences of a text for the LM: sentences split on . ! ? and line breaks, words = [a-z']+ after lower-casing, numbers spelled out as words ("8am" → "eight a m", "24" → "twenty four", "£5" → "five pounds", "0800" → "oh eight hundred", long numbers digit by digit), words not in `vocabulary` dropped (the sentence is cut there into separate sequences). */
export function sentencesForLm(text: string, vocabulary: Set<string>): string[][] {
  const sequences: string[][] = []
  for (const sentence of spokenForms(text)
    .toLowerCase()
    .split(/[.!?\r\n]+/)) {
    let current: string[] = []
    for (const token of sentence.match(/[a-z']+/g) ?? []) {
      const word = inVocabulary(token.replace(/^'+|'+$/g, ''), vocabulary)
      if (word) {
        current.push(word)
      } else if (current.length) {
        sequences.push(current)
        current = []
      }
    }
    if (current.length) sequences.push(current)
  }
  return sequences
}

/** The word as the dictionary has it; a possessive it lacks ("lender's") sounds like the plural ("lenders"). */
function inVocabulary(word: string, vocabulary: Set<string>): string | null {
  if (!word) return null
  if (vocabulary.has(word)) return word
  if (word.endsWith("'s") && vocabulary.has(`${word.slice(0, -2)}s`)) return `${word.slice(0, -2)}s`
  return null
}

// ---------------------------------------------------------------------------------------------
// What customers say besides the articles

/** The question words every domain LM includes (so "what time do you open" works with any knowledge base). */
export const COMMON_QUESTION_WORDS: string[] = [
  ...'what when where which who whose why how i me my mine myself you your yours we us our they them their he him his she her it its this that these those there here'.split(
    ' ',
  ),
  ...'am is are was were be been being do does did done doing have has had having can could will would shall should may might must'.split(
    ' ',
  ),
  ..."can't don't doesn't didn't isn't aren't wasn't won't wouldn't couldn't haven't i'm i've i'd i'll it's what's where's there's that's you're we're they're".split(
    ' ',
  ),
  ...'a an the some any no not all every each more most much many other another same to of in on at for from with without about by up down out off over into after before until between during through and or but if so because than then also too just only still again already yet very really'.split(
    ' ',
  ),
  ...'get got go going come make take give tell say know think want need like help see find use try ask call change check open opening close closed closing pay paid send sent receive buy cancel order book speak talk work working lost stolen happen happened mean keep let put set start stop wait leave return apply report update show'.split(
    ' ',
  ),
  ...'time times day days today tomorrow yesterday week weekend month year morning afternoon evening night hour hours minute minutes monday tuesday wednesday thursday friday saturday sunday number phone email address name account card money price cost fee payment problem question information details someone anyone something anything person people service website app online shop office branch home'.split(
    ' ',
  ),
  ...'please thanks thank hello hi yes okay sorry right now soon long late early new old free nearest next last first'.split(
    ' ',
  ),
  ...ONES,
  ...TENS.filter(Boolean),
  ...'hundred thousand million point pounds pence percent m p'.split(' '),
]

/** Phrasings of any customer service: trained into every domain LM alongside the articles. */
export const COMMON_QUESTIONS: string[] = [
  'what time do you open',
  'what time do you close',
  'when do you open',
  'when are you open',
  'are you open today',
  'how do i contact you',
  'can i speak to someone',
  'can i talk to a person',
  'can you help me',
  'can you help me please',
  'i need some help',
  'i have a question',
  'i have a problem',
  'i have a problem with my account',
  'what should i do',
  'what do i need to do',
  'how long does it take',
  'how much does it cost',
  'is there a fee',
  'where can i find it',
  'what is your phone number',
  'what is your address',
  'thank you',
  'thank you very much',
  'yes please',
  'no thank you',
  'hello',
  'okay',
]

/** A few question templates: `*` is an article title or a phrase of its sentences. */
export const QUESTION_TEMPLATES = {
  /** for things: a title such as "opening hours" */
  thing: [
    'what are your *',
    'what is your *',
    'what is the *',
    'when is *',
    'when are your *',
    'tell me about *',
    'i have a question about *',
    'i need help with *',
  ],
  /** for actions: "make a complaint", from a title or "… to make a complaint …" in a sentence */
  action: [
    'how do i *',
    'how can i *',
    'can i *',
    'i want to *',
    'i need to *',
    'i would like to *',
    'where can i *',
    'can you help me *',
  ],
}

/** Verbs a title or a "to …" phrase starts with when it is something a customer wants to do. */
const ACTION_VERBS = new Set(
  (
    'make report change reset open close cancel apply pay transfer order update block freeze unfreeze unblock contact ' +
    'find get use set check register activate add remove send book claim dispute request replace switch access log ' +
    'sign view download manage move withdraw deposit borrow save invest stop start track return exchange complain ' +
    'arrange renew buy sell speak talk call visit protect recover verify upgrade travel join leave earn spend link ' +
    'share print edit delete choose compare calculate plan repay extend increase reduce collect keep'
  ).split(' '),
)

/** Words that end a "to …" phrase: what follows is how or when, not what. */
const PHRASE_ENDS = new Set(
  'and or but by with in at from if so because before after within when while than as on until'.split(' '),
)

const DETERMINERS = new Set('a an the your my our his her their this that these those some any'.split(' '))

/** What a customer says of what the article says to them: "reset your pin" → "reset my pin", "contact us" → "contact you". */
const CUSTOMER_PRONOUNS: Record<string, string> = {
  your: 'my',
  yours: 'mine',
  yourself: 'myself',
  our: 'your',
  ours: 'yours',
  us: 'you',
}

/** "making" → "make", "getting" → "get", "opening" → "open", when it is one of the action verbs. */
function verbOfGerund(word: string): string | null {
  if (!word.endsWith('ing')) return null
  const stem = word.slice(0, -3)
  const candidates = [stem, `${stem}e`]
  if (/(.)\1$/.test(stem)) candidates.unshift(stem.slice(0, -1))
  return candidates.find((c) => ACTION_VERBS.has(c)) ?? null
}

const fill = (templates: string[], slot: string[]) => templates.map((t) => t.replace('*', slot.join(' ')).split(' '))

/**
 * Question phrasings of a text's titles and phrases, from the templates: a short line without a
 * full stop is a title ("Opening hours" → "what are your opening hours"; "Making a complaint" →
 * "how do i make a complaint"), and "… to <verb> …" in a sentence is something a customer wants to
 * do ("To report a lost card, call us" → "how can i report a lost card").
 */
export function questionPhrasings(text: string, vocabulary: Set<string>): string[][] {
  const out: string[][] = []
  const keep = (phrasings: string[][]) => out.push(...phrasings.filter((p) => p.every((w) => vocabulary.has(w))))
  for (const line of text.split(/\r?\n/)) {
    const title = line.trim()
    if (!title || /[.!?:;,]$/.test(title) || title.split(/\s+/).length > 8) continue
    const sequences = sentencesForLm(title, vocabulary)
    if (sequences.length !== 1) continue
    const [first, ...rest] = sequences[0]
    // "making a complaint" is something to do, "opening hours" a thing
    const verb = ACTION_VERBS.has(first)
      ? /^(of|for)$/.test(rest[0] ?? '')
        ? null
        : first
      : DETERMINERS.has(rest[0])
        ? verbOfGerund(first)
        : null
    const slot = sequences[0].map((w) => CUSTOMER_PRONOUNS[w] ?? w)
    if (verb) keep(fill(QUESTION_TEMPLATES.action, [verb, ...rest.map((w) => CUSTOMER_PRONOUNS[w] ?? w)]))
    else keep(fill(QUESTION_TEMPLATES.thing, slot))
  }
  // a comma, colon or bracket ends a phrase too
  for (const sequence of sentencesForLm(text.replace(/[,;:]\s|[()]/g, '\n'), vocabulary)) {
    for (let i = 0; i < sequence.length - 1; i++) {
      if (sequence[i] !== 'to' || !ACTION_VERBS.has(sequence[i + 1])) continue
      const slot: string[] = []
      for (const word of sequence.slice(i + 1, i + 6)) {
        if (slot.length && PHRASE_ENDS.has(word)) break
        slot.push(CUSTOMER_PRONOUNS[word] ?? word)
      }
      keep(fill(QUESTION_TEMPLATES.action, slot))
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The ARPA model

const BOS = '<s>'
const EOS = '</s>'
/** Decimals of the log10 figures written; the model is computed from the rounded figures so that it sums to 1 as read. */
const DECIMALS = 7

const log10Rounded = (p: number) => Number(Math.log10(p).toFixed(DECIMALS))
const formatLog = (x: number) => (Object.is(x, -0) ? 0 : x).toFixed(DECIMALS).replace(/^-0\.0+$/, '0.0000000')

type Gram = { count: number; logProb: number; logBackoff?: number }

/**
 * An ARPA n-gram language model (order 3 by default) of the sentences with <s> and </s>,
 * interpolated Witten-Bell smoothing written in back-off form (back-off weights that make each
 * context's distribution sum to 1), log10 probabilities. The unigrams are interpolated with a
 * uniform distribution over the vocabulary, so every word of `extraWords` gets a unigram too (a
 * floor probability) and can be recognised.
 */
export function buildArpa(sentences: string[][], options: { order?: 2 | 3; extraWords?: string[] } = {}): string {
  const order = options.order ?? 3
  // grams[n - 1]: n-gram (words joined by a space) → count, then probability and back-off
  const grams: Map<string, Gram>[] = Array.from({ length: order }, () => new Map())
  // contexts[n - 1]: n-word context → total count of what follows it and the number of different followers
  const contexts: Map<string, { total: number; types: number }>[] = Array.from({ length: order }, () => new Map())

  for (const sentence of sentences) {
    const words = sentence.flatMap((w) => w.toLowerCase().split(/\s+/)).filter((w) => w && w !== BOS && w !== EOS)
    if (!words.length) continue
    const tokens = [BOS, ...words, EOS]
    for (let i = 1; i < tokens.length; i++) {
      for (let n = 1; n <= order && i - n + 1 >= 0; n++) {
        const key = tokens.slice(i - n + 1, i + 1).join(' ')
        const gram = grams[n - 1].get(key)
        if (gram) gram.count++
        else grams[n - 1].set(key, { count: 1, logProb: 0 })
      }
    }
  }
  for (let n = 2; n <= order; n++) {
    for (const [key, { count }] of grams[n - 1]) {
      const context = key.slice(0, key.lastIndexOf(' '))
      const stats = contexts[n - 2].get(context) ?? { total: 0, types: 0 }
      stats.total += count
      stats.types++
      contexts[n - 2].set(context, stats)
    }
  }

  // unigrams: Witten-Bell interpolated with the uniform distribution over the vocabulary
  for (const extra of options.extraWords ?? []) {
    const word = extra.trim().toLowerCase()
    if (word && !/\s/.test(word) && word !== BOS && !grams[0].has(word)) grams[0].set(word, { count: 0, logProb: 0 })
  }
  if (!grams[0].has(EOS)) grams[0].set(EOS, { count: 0, logProb: 0 })
  const vocabularySize = grams[0].size
  let tokens = 0
  let types = 0
  for (const { count } of grams[0].values()) {
    tokens += count
    if (count) types++
  }
  for (const gram of grams[0].values()) {
    gram.logProb = log10Rounded(tokens ? (gram.count + types / vocabularySize) / (tokens + types) : 1 / vocabularySize)
  }
  grams[0].set(BOS, { count: 0, logProb: -99 })

  /** P(word | context) as the ARPA model reads it: the n-gram's own probability, or backed off. */
  const probability = (context: string[], word: string): number => {
    const gram = grams[context.length].get([...context, word].join(' '))
    if (gram) return 10 ** gram.logProb
    if (!context.length) return 0
    const backoff = grams[context.length - 1].get(context.join(' '))?.logBackoff ?? 0
    return 10 ** backoff * probability(context.slice(1), word)
  }

  for (let n = 2; n <= order; n++) {
    // P(w | h) = (c(h w) + T(h) P(w | h')) / (c(h) + T(h))
    const followers = new Map<string, string[]>()
    for (const [key, gram] of grams[n - 1]) {
      const words = key.split(' ')
      const context = words.slice(0, -1)
      const word = words.at(-1)!
      const { total, types } = contexts[n - 2].get(context.join(' '))!
      gram.logProb = log10Rounded((gram.count + types * probability(context.slice(1), word)) / (total + types))
      const list = followers.get(context.join(' '))
      if (list) list.push(word)
      else followers.set(context.join(' '), [word])
    }
    // back-off weight of h: the probability left over, over what the shorter context gives the words not seen after h
    for (const [key, words] of followers) {
      const context = key.split(' ')
      let seen = 0
      let seenLower = 0
      for (const word of words) {
        seen += 10 ** grams[n - 1].get(`${key} ${word}`)!.logProb
        seenLower += probability(context.slice(1), word)
      }
      const left = 1 - seen
      const leftLower = 1 - seenLower
      grams[n - 2].get(key)!.logBackoff = left > 1e-12 && leftLower > 1e-12 ? log10Rounded(left / leftLower) : 0
    }
  }

  const lines = ['\\data\\', ...grams.map((g, i) => `ngram ${i + 1}=${g.size}`), '']
  for (let n = 1; n <= order; n++) {
    lines.push(`\\${n}-grams:`)
    const keys = [...grams[n - 1].keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    for (const key of keys) {
      const gram = grams[n - 1].get(key)!
      const backoff = n < order && gram.logBackoff !== undefined ? `\t${formatLog(gram.logBackoff)}` : ''
      lines.push(`${formatLog(gram.logProb)}\t${key.replace(/ /g, '\t')}${backoff}`)
    }
    lines.push('')
  }
  lines.push('\\end\\', '')
  return lines.join('\n')
}

/** What the article says to "you", as the customer says it of themself; the article's "we" is "you" to them. */
const CUSTOMER_VOICE: Record<string, string> = {
  ...CUSTOMER_PRONOUNS,
  "you're": "i'm",
  "you've": "i've",
  "you'll": "i'll",
  "you'd": "i'd",
  we: 'you',
  "we're": "you're",
  "we've": "you've",
  "we'll": "you'll",
  "we'd": "you'd",
}
/** After these "you" is the subject ("if you have lost" → "if i have lost"), elsewhere the object ("send you" → "send me"). */
const BEFORE_SUBJECT = new Set(
  'if when once that and or but so because before after until unless can will could would should do did does have may might must where how what why'.split(
    ' ',
  ),
)

/**
 * A sentence of an article in the customer's voice, or null when it does not address the customer:
 * "if you have lost your card, we will cancel it" → "if i have lost my card, you will cancel it".
 */
export function customerVoice(sentence: string[]): string[] | null {
  if (!sentence.some((w) => w === 'you' || w in CUSTOMER_VOICE)) return null
  const out: string[] = []
  for (const [i, word] of sentence.entries()) {
    const previous = out[i - 1]
    if (word === 'you') out.push(i === 0 || BEFORE_SUBJECT.has(sentence[i - 1]) ? 'i' : 'me')
    else if (previous === 'i' && sentence[i - 1] === 'you' && (word === 'are' || word === 'were'))
      out.push(word === 'are' ? 'am' : 'was')
    else out.push(CUSTOMER_VOICE[word] ?? word)
  }
  return out
}

/** The training sentences of a domain LM: the texts (also in the customer's voice), their question phrasings and the common questions. */
export function domainSentences(texts: string[], vocabulary: Set<string>): string[][] {
  const voiced = (sentences: string[][]) =>
    sentences.flatMap((sentence) => {
      const customer = customerVoice(sentence)
      return customer && customer.every((w) => vocabulary.has(w)) ? [sentence, customer] : [sentence]
    })
  return [
    ...texts.flatMap((text) => [...voiced(sentencesForLm(text, vocabulary)), ...questionPhrasings(text, vocabulary)]),
    ...COMMON_QUESTIONS.flatMap((question) => sentencesForLm(question, vocabulary)),
  ]
}

/**
 * Writes an ARPA LM for these texts into `dir` and returns its path. The file is named by a hash
 * of the texts (and the dictionary and this code's version), so the same texts give the same file
 * and it is written once; or `fileName`, rewritten when its content would change. Written to a
 * temporary name and renamed, so a recogniser never reads half a model.
 */
export async function domainLmFile(
  texts: string[],
  dir: string,
  options: { dictPath?: string; fileName?: string } = {},
): Promise<string> {
  const dictPath = options.dictPath ?? defaultDictPath()
  const hash = createHash('sha256').update(JSON.stringify({ LM_VERSION, dictPath, texts })).digest('hex')
  const file = path.join(dir, options.fileName ?? `domain-${hash.slice(0, 24)}.arpa`)
  if (!options.fileName && (await exists(file))) return file

  const vocabulary = await dictionaryWords(dictPath)
  const arpa = buildArpa(domainSentences(texts, vocabulary), {
    order: 3,
    extraWords: COMMON_QUESTION_WORDS.filter((w) => vocabulary.has(w)),
  })
  if (options.fileName && (await readFile(file, 'utf8').catch(() => null)) === arpa) return file

  await mkdir(dir, { recursive: true })
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    await writeFile(temporary, arpa)
    await rename(temporary, file)
  } catch (e) {
    await rm(temporary, { force: true })
    throw e
  }
  return file
}

async function exists(file: string) {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}
