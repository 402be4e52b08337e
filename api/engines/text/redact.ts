/*
 * Redaction of card numbers, national ids and phone numbers from a transcript. Speech comes out of
 * recognisers as numerals ("4111 1111 …") or as words ("four one one one", "double five", "oh"
 * for zero, "forty one eleven"), broken by fillers and pauses, and sometimes split over two
 * segments of the same speaker. So the text is read as a stream of tokens, number words become
 * digits, digit-bearing tokens join into runs across small gaps, and each run is judged by its
 * length, its grouping, a Luhn check and the words around it:
 * - card: 13–19 digits; as numerals they must pass the Luhn check (an order reference of 16
 *   digits is not a card), as words they need not (a misheard digit must not leak the rest);
 * - national id: a US SSN written 3-2-4, or 9 digits where the call talks of a social security
 *   number; a UK National Insurance number, two letters, six digits and A–D ("QQ 12 34 56 C");
 * - phone: any other run of 7–15 digits (7–19 when spoken).
 * Ordinary numbers stay: amounts ("twenty-five pounds", "£1,250.75"), dates ("12/05/2024",
 * "nineteen eighty six"), times ("10:30") and balances are short runs, carry separators that end
 * a run ("/", ":", a thousands comma, "thousand"), or are followed by a currency or unit word.
 */

export type RedactionKind = 'card' | 'national_id' | 'phone'
export type Redaction = { kind: RedactionKind; segmentIndex: number; original: string; replacement: string }

const REPLACEMENT: Record<RedactionKind, string> = {
  card: '[card number]',
  national_id: '[national id]',
  phone: '[phone number]',
}

const UNITS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  naught: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
}
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
}
const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
}
const REPEAT: Record<string, number> = { double: 2, triple: 3 }
/** Hesitations that may sit inside a spoken number without ending it. */
const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'eh', 'hmm', 'mm', 'mhm', 'sorry', 'dash'])
/** Punctuation a transcript puts between spoken digit groups. */
const SEPARATORS = new Set([',', '.', '-', '–', '(', ')', '+', '…'])
const MAX_FILLERS = 2
/** Two segments of one speaker this close may carry one number between them. */
const JOIN_GAP_S = 3

const CURRENCY_AFTER =
  /^(pounds?|quid|pence|p|dollars?|bucks|cents?|euros?|yen|rupees?|percent|per|k|grand|points?|miles?|kilos?|kg|km|minutes?|hours?|days?|weeks?|months?|years?|times?|gb|mb)$/i
const CURRENCY_BEFORE = /^[£$€¥₹]$/
const CARD_CONTEXT = /\b(card|visa|mastercard|amex|american express|debit|credit|long number)\b/i
const SSN_CONTEXT = /\b(social security|ssn|social insurance|tax id|taxpayer)\b/i
const NI_CONTEXT = /\b(national insurance|ni number|national id|national identity)\b/i

type Segment = { text: string; speaker?: string; start?: number; end?: number }

type Token = {
  text: string
  seg: number
  from: number
  to: number
  kind: 'numeral' | 'word' | 'punct' | 'other' | 'boundary'
}

/** A run of tokens that spell digits: where it sits (per segment) and what it spells. */
type Run = { digits: string; first: number; last: number; spoken: boolean; groups: number[] }

function tokenize(segments: Segment[]): Token[] {
  const tokens: Token[] = []
  segments.forEach((segment, seg) => {
    if (seg > 0) tokens.push({ text: '', seg, from: 0, to: 0, kind: 'boundary' })
    // numerals keep their internal separators ("1,250.75", "12/05", "10:30") to be recognised as not a run
    for (const m of segment.text.matchAll(/\d+(?:[,.:/]\d+)*|[\p{L}]+(?:'[\p{L}]+)?|\S/gu)) {
      const text = m[0]
      const kind = /^\d+$/.test(text)
        ? 'numeral'
        : /^\d/.test(text)
          ? 'other'
          : /^\p{L}/u.test(text)
            ? 'word'
            : SEPARATORS.has(text)
              ? 'punct'
              : 'other'
      tokens.push({ text, seg, from: m.index, to: m.index + text.length, kind })
    }
  })
  return tokens
}

/** Digits spelt by the token at i (and the ones it swallows), with how many tokens it used. */
function digitsAt(tokens: Token[], i: number): { digits: string; used: number; spoken: boolean } | null {
  const t = tokens[i]
  if (t.kind === 'numeral') return { digits: t.text, used: 1, spoken: false }
  if (t.kind !== 'word') return null
  const word = t.text.toLowerCase()
  // "o" and "oh" are as often a letter or a sigh: alone they make a run too short to matter
  if (word in UNITS) return { digits: UNITS[word], used: 1, spoken: true }
  if (word in TEENS) return { digits: TEENS[word], used: 1, spoken: true }
  if (word in TENS) {
    // "forty one", "forty-one"
    let j = i + 1
    if (tokens[j]?.text === '-' && tokens[j].seg === t.seg) j++
    const next = tokens[j]?.kind === 'word' ? tokens[j].text.toLowerCase() : ''
    if (next in UNITS && UNITS[next] !== '0' && tokens[j].seg === t.seg) {
      return { digits: TENS[word] + UNITS[next], used: j - i + 1, spoken: true }
    }
    return { digits: `${TENS[word]}0`, used: 1, spoken: true }
  }
  if (word in REPEAT) {
    const next = tokens[i + 1]
    if (!next || next.seg !== t.seg) return null
    const inner = digitsAt(tokens, i + 1)
    if (!inner || inner.digits.length !== 1) return null
    return { digits: inner.digits.repeat(REPEAT[word]), used: 1 + inner.used, spoken: true }
  }
  return null
}

function runs(tokens: Token[], segments: Segment[]): Run[] {
  const found: Run[] = []
  let run: Run | null = null
  let fillers = 0
  let lastDigit = -1
  const close = () => {
    if (run) found.push(run)
    run = null
    fillers = 0
  }
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i]
    const d = digitsAt(tokens, i)
    if (d) {
      // "eight hundred" in a phone number is 800
      const hundred = tokens[i + d.used]
      const isHundred = d.digits.length === 1 && hundred?.kind === 'word' && hundred.text.toLowerCase() === 'hundred'
      const digits = isHundred ? `${d.digits}00` : d.digits
      const used = d.used + (isHundred ? 1 : 0)
      if (run) {
        const r: Run = run
        r.digits += digits
        r.groups.push(digits.length)
        r.spoken ||= d.spoken
        r.last = i + used - 1
      } else {
        run = { digits, first: i, last: i + used - 1, spoken: d.spoken, groups: [digits.length] }
      }
      fillers = 0
      lastDigit = i + used - 1
      i += used
      continue
    }
    if (run) {
      const word = t.text.toLowerCase()
      if (t.kind === 'punct') {
        i++
        continue
      }
      if (t.kind === 'word' && FILLERS.has(word) && fillers < MAX_FILLERS) {
        fillers++
        i++
        continue
      }
      if (t.kind === 'boundary' && joinable(segments, tokens[lastDigit].seg, t.seg)) {
        i++
        continue
      }
    }
    close()
    i++
  }
  close()
  return found
}

/** Whether a number may go on from one segment into the next: same speaker, a short pause. */
function joinable(segments: Segment[], a: number, b: number): boolean {
  const x = segments[a]
  const y = segments[b]
  if (b !== a + 1 || x.speaker !== y.speaker) return false
  if (x.end == null || y.start == null) return true
  return y.start - x.end <= JOIN_GAP_S
}

export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}

/** Text around a run: its segment and the two before it (where the agent usually asked). */
function contextOf(segments: Segment[], tokens: Token[], run: Run): string {
  const seg = tokens[run.first].seg
  return segments
    .slice(Math.max(0, seg - 2), tokens[run.last].seg + 1)
    .map((s) => s.text)
    .join(' ')
}

/** A UK National Insurance number around a run of six digits: letters before, maybe one after. */
function niSpan(tokens: Token[], run: Run, context: string): { first: number; last: number } | null {
  if (run.digits.length !== 6) return null
  const letter = (t: Token | undefined) => t?.kind === 'word' && /^[a-z]$/i.test(t.text)
  const before = tokens[run.first - 1]
  let first = -1
  if (before?.kind === 'word' && /^[A-Z]{2}$/.test(before.text)) first = run.first - 1
  else if (letter(before) && letter(tokens[run.first - 2])) first = run.first - 2
  if (first < 0) return null
  const after = tokens[run.last + 1]
  if (after && letter(after) && /^[a-d]$/i.test(after.text)) return { first, last: run.last + 1 }
  return NI_CONTEXT.test(context) ? { first, last: run.last } : null
}

/** The kind of number a run is, or null for an ordinary number. */
function classify(tokens: Token[], run: Run, segments: Segment[]): RedactionKind | null {
  const n = run.digits.length
  const context = contextOf(segments, tokens, run)
  const ssnGrouping = !run.spoken && run.groups.join('-') === '3-2-4'
  if (n === 9 && (ssnGrouping || SSN_CONTEXT.test(context) || NI_CONTEXT.test(context))) return 'national_id'
  if (n >= 13 && n <= 19 && luhn(run.digits)) return 'card'
  if (n >= 13 && (run.spoken || CARD_CONTEXT.test(context)))
    return n <= 15 && !CARD_CONTEXT.test(context) ? 'phone' : 'card'
  if (n < 7 || n > 15) return null
  // an amount, a distance or a duration, however long
  const after = tokens[run.last + 1]
  const before = tokens[run.first - 1]
  if (after?.kind === 'word' && CURRENCY_AFTER.test(after.text)) return null
  if (before && CURRENCY_BEFORE.test(before.text)) return null
  return 'phone'
}

type Span = { seg: number; from: number; to: number; kind: RedactionKind }

/**
 * A copy of the segments with card numbers, national ids and phone numbers replaced by
 * "[card number]", "[national id]" and "[phone number]", and what was replaced where.
 */
export function redactSegments<S extends Segment>(segments: S[]): { segments: S[]; redactions: Redaction[] } {
  const tokens = tokenize(segments)
  const spans: Span[] = []
  for (const run of runs(tokens, segments)) {
    const ni = niSpan(tokens, run, contextOf(segments, tokens, run))
    const kind = ni ? 'national_id' : classify(tokens, run, segments)
    if (!kind) continue
    const first = ni?.first ?? run.first
    const last = ni?.last ?? run.last
    // one span per segment the run touches
    for (let seg = tokens[first].seg; seg <= tokens[last].seg; seg++) {
      const mine = tokens.slice(first, last + 1).filter((t) => t.seg === seg && t.kind !== 'boundary')
      const digitsHere = mine.filter((t) => t.kind === 'numeral' || t.kind === 'word')
      if (!digitsHere.length) continue
      // a "(" or "+" stuck to the first digit belongs to the number
      const lead = tokens[tokens.indexOf(digitsHere[0]) - 1]
      const from =
        lead?.seg === seg && /^[(+]$/.test(lead.text) && lead.to === digitsHere[0].from ? lead.from : digitsHere[0].from
      spans.push({ seg, from, to: digitsHere.at(-1)!.to, kind })
    }
  }

  const redactions: Redaction[] = []
  const out = segments.map((segment, seg) => {
    const mine = spans.filter((s) => s.seg === seg).sort((a, b) => a.from - b.from)
    if (!mine.length) return { ...segment }
    let text = ''
    let at = 0
    for (const span of mine) {
      text += segment.text.slice(at, span.from) + REPLACEMENT[span.kind]
      redactions.push({
        kind: span.kind,
        segmentIndex: seg,
        original: segment.text.slice(span.from, span.to),
        replacement: REPLACEMENT[span.kind],
      })
      at = span.to
    }
    return { ...segment, text: text + segment.text.slice(at) }
  })
  return { segments: out, redactions }
}
