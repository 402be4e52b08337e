/*
 * Redaction of card numbers, national ids, phone numbers and dates of birth from a transcript.
 * Speech comes out of recognisers as numerals ("4111 1111 …") or as words ("four one one one",
 * "double five", "oh" for zero, "forty one eleven"), broken by fillers and pauses, and split over
 * segments: the same speaker after a pause, or around the other's "mhm". So the text is read as a
 * stream of tokens; dates of birth are found first (a date where the call talks of birth); then
 * number words become digits (spoken-numbers.ts), digit-bearing tokens join into chunks across
 * fillers, chunks of one speaker join across a short pause, and chunks further apart ("and then",
 * a longer pause, the other's "yep") only when together they make a card (Luhn) or a phone number.
 * Each run is judged by its length, its grouping, a Luhn check and the words around it:
 * - card: 13–19 digits; as numerals they must pass the Luhn check (an order reference of 16
 *   digits is not a card), as words they need not (a misheard digit must not leak the rest);
 * - national id: a US SSN written 3-2-4, or 9 digits where the call talks of a social security
 *   number; a UK National Insurance number, two letters, six digits and A–D ("QQ 12 34 56 C");
 * - date of birth: "the third of march nineteen eighty two", "03/03/1982", "zero three zero three
 *   eighty two", where the turn or the two before it speak of birth ("date of birth", "d o b");
 * - phone: any other run of 7–15 digits (7–19 when spoken), unless it is a reference ("order
 *   number 5 5 2 1 3 6 7 8 9") or part of a code with letters ("one z nine nine nine a a …").
 * Ordinary numbers stay: amounts ("twenty-five pounds", "£1,250.75"), dates ("12/05/2024",
 * "nineteen eighty six"), times ("10:30") and balances are short runs, carry separators that end
 * a run ("/", ":", a thousands comma, "thousand"), or are followed by a currency or unit word.
 */
import { digitsAt, monthAt, ordinalAt, smallNumberAt, yearAt } from './spoken-numbers'

export type RedactionKind = 'card' | 'national_id' | 'phone' | 'date_of_birth'
export type Redaction = { kind: RedactionKind; segmentIndex: number; original: string; replacement: string }

const REPLACEMENT: Record<RedactionKind, string> = {
  card: '[card number]',
  national_id: '[national id]',
  phone: '[phone number]',
  date_of_birth: '[date of birth]',
}

/** Hesitations that may sit inside a spoken number without ending it. */
const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'ah', 'eh', 'hmm', 'mm', 'mhm', 'sorry', 'dash'])
/** Words between two groups of one number read out ("four nine two nine and then …"). */
const BRIDGES = new Set(['and', 'then', 'next', 'yes', 'yeah', 'ok', 'okay', 'right', 'so', 'that', 'is', "it's"])
/** Punctuation a transcript puts between spoken digit groups. */
const SEPARATORS = new Set([',', '.', '-', '–', '(', ')', '+', '…'])
const MAX_FILLERS = 2
/** Two segments of one speaker this close may carry one number between them. */
const JOIN_GAP_S = 3
/** Further apart, they do only when together they make a card or a phone number. */
const LOOSE_GAP_S = 10
/** The most turns of the other speaker ("mhm", "yep") a number may be read around. */
const MAX_BACKCHANNELS = 4

const CURRENCY_AFTER =
  /^(pounds?|quid|pence|p|dollars?|bucks|cents?|euros?|yen|rupees?|percent|per|k|grand|points?|miles?|kilos?|kg|km|minutes?|hours?|days?|weeks?|months?|years?|times?|gb|mb|metres?|meters?|feet|foot|inches|litres?|liters?|items?|pieces?|people|units?)$/i
const CURRENCY_BEFORE = /^[£$€¥₹]$/
const CARD_CONTEXT = /\b(card|visa|mastercard|amex|american express|debit|credit|long number)\b/i
const SSN_CONTEXT = /\b(social security|ssn|social insurance|tax id|taxpayer)\b/i
const NI_CONTEXT = /\b(national insurance|ni number|national id|national identity)\b/i
const BIRTH_CONTEXT = /\b(born|birth|birthday|dob|d o b|d\.o\.b)\b/i
/** What an agent needs read back: a number that follows these is not a phone number. */
const REFERENCE_BEFORE =
  /\b(reference|ref|order|case|ticket|booking|customer|account|tracking|policy|membership|member|invoice|confirmation|claim|parcel|serial|transaction|receipt)(\s+(number|no|code|id))?(\s+(is|was))?\s*[:#]?\s*$/i

type Segment = { text: string; speaker?: string; start?: number; end?: number }

type Token = {
  text: string
  seg: number
  from: number
  to: number
  kind: 'numeral' | 'word' | 'punct' | 'other' | 'boundary'
}

/** Tokens first..last (they may cross segments, whose boundary tokens are skipped). */
type Piece = { first: number; last: number }

/** A number: what it spells and where it sits, in one or more pieces (around another's turn). */
type Run = { digits: string; pieces: Piece[]; spoken: boolean; groups: number[]; seps: string[] }

const firstOf = (run: Run) => run.pieces[0]!.first
const lastOf = (run: Run) => run.pieces.at(-1)!.last

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

/** The tokens as the number readers see them: lower-case words, a boundary that matches nothing. */
const wordsOf = (tokens: Token[]) => tokens.map((t) => (t.kind === 'boundary' ? '\n' : t.text.toLowerCase()))

/** Whether a number may go on from one segment into the next: same speaker, a short pause. */
function joinable(segments: Segment[], a: number, b: number, gap = JOIN_GAP_S): boolean {
  const x = segments[a]!
  const y = segments[b]!
  if (b !== a + 1 || x.speaker !== y.speaker) return false
  if (x.end == null || y.start == null) return true
  return y.start - x.end <= gap
}

/** Text of a segment and the two before it (where the agent usually asked). */
function contextAround(segments: Segment[], firstSeg: number, lastSeg = firstSeg): string {
  return segments
    .slice(Math.max(0, firstSeg - 2), lastSeg + 1)
    .map((s) => s.text)
    .join(' ')
}

const contextOf = (segments: Segment[], tokens: Token[], run: Run) =>
  contextAround(segments, tokens[firstOf(run)]!.seg, tokens[lastOf(run)]!.seg)

/**
 * Whether the date at token i is someone's birth: "born" or "date of birth" said just before it in
 * the same turn, or in the turns before it back to the other speaker's (the agent's question).
 */
function birthNear(tokens: Token[], segments: Segment[], i: number): boolean {
  const seg = tokens[i]!.seg
  let from = i
  while (from > 0 && i - from < 6 && tokens[from - 1]!.seg === seg) from--
  if (BIRTH_CONTEXT.test(segments[seg]!.text.slice(tokens[from]!.from, tokens[i]!.from))) return true
  for (let s = seg - 1; s >= Math.max(0, seg - 2); s--) {
    if (BIRTH_CONTEXT.test(segments[s]!.text)) return true
    if (segments[s]!.speaker !== segments[seg]!.speaker) break
  }
  return false
}

/** Whether digits read as a calendar date: DDMMYY(YY), MMDDYY(YY) or YYYYMMDD. */
function isDate(digits: string): boolean {
  const ok = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12
  const n = (from: number, to: number) => Number(digits.slice(from, to))
  if (digits.length === 6) return ok(n(0, 2), n(2, 4)) || ok(n(2, 4), n(0, 2))
  if (digits.length !== 8) return false
  const year = n(4, 8)
  if (year >= 1900 && year <= 2099 && (ok(n(0, 2), n(2, 4)) || ok(n(2, 4), n(0, 2)))) return true
  return n(0, 4) >= 1900 && n(0, 4) <= 2099 && ok(n(6, 8), n(4, 6))
}

const WRITTEN_DATE = /^(\d{1,2}[/.]\d{1,2}[/.](\d{2}|\d{4})|\d{4}[/.]\d{1,2}[/.]\d{1,2})$/

/** A day of the month: "third", "3rd", "3"; with `cardinal`, also "three", "twenty one". */
function dayAt(words: string[], i: number, cardinal: boolean) {
  const read =
    ordinalAt(words, i) ??
    (/^\d{1,2}$/.test(words[i] ?? '') ? { value: Number(words[i]), used: 1 } : null) ??
    (cardinal ? smallNumberAt(words, i) : null)
  return read && read.value >= 1 && read.value <= 31 ? read : null
}

/**
 * A date at words[i], and how many words it takes: "3 March 1982", "the third of march nineteen
 * eighty two", "eleventh of the eleventh sixty two", "march the third", "July 4, 1996", "03/03/1982".
 */
function dateAt(words: string[], i: number): number {
  const word = words[i] ?? ''
  if (WRITTEN_DATE.test(word)) {
    const [a, b, c] = word.split(/[/.]/).map(Number) as [number, number, number]
    const ok = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12
    return (a > 31 ? ok(c, b) : ok(a, b) || ok(b, a)) ? 1 : 0
  }
  const withYear = (end: number) => end - i + (yearAt(words, end)?.used ?? 0)
  const day = dayAt(words, i, false)
  if (day) {
    let m = i + day.used
    const of = words[m] === 'of'
    if (of) m++
    if (of && words[m] === 'the') m++
    const ordinalMonth = of ? ordinalAt(words, m) : null
    const month = monthAt(words, m) ?? (ordinalMonth && ordinalMonth.value <= 12 ? ordinalMonth : null)
    if (month) return withYear(m + month.used)
  }
  const month = monthAt(words, i)
  if (month) {
    let d = i + 1
    if (words[d] === 'the') d++
    const ordinal = dayAt(words, d, false)
    if (ordinal) return withYear(d + ordinal.used)
    // "june twelve nineteen ninety": a plain number is a day only before a year
    const plain = word === 'may' ? null : dayAt(words, d, true)
    if (plain && yearAt(words, d + plain.used)) return withYear(d + plain.used)
  }
  return 0
}

/** Dates of birth in words or written dates, where the call speaks of birth; as runs of no digits. */
function datesOfBirth(tokens: Token[], words: string[], segments: Segment[]): Run[] {
  // the readers see through commas and a short pause of the same speaker
  const at: number[] = []
  tokens.forEach((t, i) => {
    if (t.kind === 'punct' && (t.text === ',' || t.text === '.')) return
    if (t.kind === 'boundary' && joinable(segments, t.seg - 1, t.seg)) return
    at.push(i)
  })
  const seen = at.map((i) => words[i]!)
  const found: Run[] = []
  for (let k = 0; k < seen.length; k++) {
    if (!birthNear(tokens, segments, at[k]!)) continue
    const used = dateAt(seen, k)
    if (!used) continue
    found.push({ digits: '', pieces: [{ first: at[k]!, last: at[k + used - 1]! }], spoken: true, groups: [], seps: [] })
    k += used - 1
  }
  return found
}

/** Runs of digit-bearing tokens within a segment, across fillers and separators; `taken` ends one. */
function chunks(tokens: Token[], words: string[], taken: (i: number) => boolean): Run[] {
  const found: Run[] = []
  let run: Run | null = null
  let fillers = 0
  let sep = ''
  const close = () => {
    if (run) found.push(run)
    run = null
    fillers = 0
    sep = ''
  }
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i]!
    const d = taken(i) ? null : digitsAt(words, i)
    if (d && !Array.from({ length: d.used }, (_, k) => i + k).some(taken)) {
      const last = i + d.used - 1
      const spoken = t.kind !== 'numeral'
      if (run) {
        const r: Run = run
        r.digits += d.digits
        r.groups.push(d.digits.length)
        r.seps.push(sep)
        r.spoken ||= spoken
        r.pieces[0]!.last = last
      } else {
        run = { digits: d.digits, pieces: [{ first: i, last }], spoken, groups: [d.digits.length], seps: [] }
      }
      fillers = 0
      sep = ''
      i += d.used
      continue
    }
    if (run && !taken(i)) {
      if (t.kind === 'punct') {
        sep ||= t.text
        i++
        continue
      }
      if (t.kind === 'word' && FILLERS.has(words[i]!) && fillers < MAX_FILLERS) {
        fillers++
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

/**
 * How chunk b may continue chunk a: 'tight' (the same turn going on after a short pause: always
 * one number), 'loose' (after "and then", a longer pause or the other's "mhm", "yep": one number
 * only if together they make one), or not at all.
 */
function link(tokens: Token[], words: string[], segments: Segment[], a: Run, b: Run): 'tight' | 'loose' | null {
  const sa = tokens[lastOf(a)]!.seg
  const sb = tokens[firstOf(b)]!.seg
  const x = segments[sa]!
  const y = segments[sb]!
  if (sb !== sa && (x.speaker !== y.speaker || sb - sa - 1 > MAX_BACKCHANNELS)) return null
  const between: Array<{ seg: number; w: string; i: number }> = []
  for (let i = lastOf(a) + 1; i < firstOf(b); i++) {
    const t = tokens[i]!
    if (t.kind !== 'punct' && t.kind !== 'boundary') between.push({ seg: t.seg, w: words[i]!, i })
  }
  const filler = (w: string) => FILLERS.has(w)
  const bridge = (w: string) => FILLERS.has(w) || BRIDGES.has(w)
  if (sa === sb) return between.length <= 3 && between.every(({ w }) => bridge(w)) ? 'loose' : null
  const tail = between.filter(({ seg }) => seg === sa)
  const head = between.filter(({ seg }) => seg === sb)
  if (!tail.every(({ w }) => filler(w)) || head.length > 3 || !head.every(({ w }) => bridge(w))) return null
  // between them only the other speaker's acknowledgements: a few words, no digits
  for (let s = sa + 1; s < sb; s++) {
    const theirs = between.filter(({ seg }) => seg === s)
    if (segments[s]!.speaker === x.speaker || theirs.length > 3 || theirs.some(({ i }) => digitsAt(words, i)))
      return null
  }
  if (sb === sa + 1 && head.every(({ w }) => filler(w)) && joinable(segments, sa, sb)) return 'tight'
  const gap = x.end == null || y.start == null ? 0 : y.start - x.end
  return gap <= LOOSE_GAP_S ? 'loose' : null
}

/** Chunk b after run a: one piece where they touch (same or next segment), a new one around another's turn. */
function joined(tokens: Token[], a: Run, b: Run): Run {
  const touching = tokens[firstOf(b)]!.seg - tokens[lastOf(a)]!.seg <= 1
  const pieces = touching
    ? [...a.pieces.slice(0, -1), { first: a.pieces.at(-1)!.first, last: lastOf(b) }, ...b.pieces.slice(1)]
    : [...a.pieces, ...b.pieces]
  return {
    digits: a.digits + b.digits,
    pieces,
    spoken: a.spoken || b.spoken,
    groups: [...a.groups, ...b.groups],
    seps: [...a.seps, ' ', ...b.seps],
  }
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

/** A phone number's shape: UK with its 0, a US ten digits (with 1), or either with its country code. */
const phoneShaped = (d: string) => /^(0\d{9,10}|[2-9]\d{9}|1[2-9]\d{9}|44\d{9,10})$/.test(d)

const cardShaped = (run: Run, context: string) =>
  run.digits.length >= 13 &&
  run.digits.length <= 19 &&
  (luhn(run.digits) || (run.spoken && run.digits.length >= 15 && run.digits.length <= 16 && CARD_CONTEXT.test(context)))

/** Chunks joined where they make one number: always when tight, when loose only into a card or a phone. */
function numbers(tokens: Token[], words: string[], segments: Segment[], taken: (i: number) => boolean): Run[] {
  const groups: Run[] = []
  for (const chunk of chunks(tokens, words, taken)) {
    const prev = groups.at(-1)
    if (prev && link(tokens, words, segments, prev, chunk) === 'tight')
      groups[groups.length - 1] = joined(tokens, prev, chunk)
    else groups.push(chunk)
  }
  const found: Run[] = []
  for (let g = 0; g < groups.length;) {
    let best: { h: number; run: Run; card: boolean } | null = null
    let acc = groups[g]!
    for (let h = g + 1; h < groups.length && h <= g + 5; h++) {
      if (link(tokens, words, segments, groups[h - 1]!, groups[h]!) !== 'loose') break
      acc = joined(tokens, acc, groups[h]!)
      if (acc.digits.length > 19) break
      if (cardShaped(acc, contextOf(segments, tokens, acc))) best = { h, run: acc, card: true }
      else if (!best?.card && phoneShaped(acc.digits) && groups.slice(g, h + 1).every((x) => x.digits.length < 10))
        best = { h, run: acc, card: false }
    }
    found.push(best?.run ?? groups[g]!)
    g = best ? best.h + 1 : g + 1
  }
  return found
}

/** A UK National Insurance number around a run of six digits: letters before, maybe one after. */
function niSpan(tokens: Token[], run: Run, context: string): Piece | null {
  if (run.digits.length !== 6 || run.pieces.length > 1) return null
  const letter = (t: Token | undefined) => t?.kind === 'word' && /^[a-z]$/i.test(t.text)
  const before = tokens[firstOf(run) - 1]
  let first = -1
  if (before?.kind === 'word' && /^[A-Z]{2}$/.test(before.text)) first = firstOf(run) - 1
  else if (letter(before) && letter(tokens[firstOf(run) - 2])) first = firstOf(run) - 2
  if (first < 0) return null
  const after = tokens[lastOf(run) + 1]
  if (after && letter(after) && /^[a-d]$/i.test(after.text)) return { first, last: lastOf(run) + 1 }
  return NI_CONTEXT.test(context) ? { first, last: lastOf(run) } : null
}

/** Whether a run is the digits of a code spelt with letters ("one z nine nine nine a a one oh …"). */
function partOfCode(tokens: Token[], words: string[], run: Run): boolean {
  let letters = 0
  const seg = tokens[firstOf(run)]!.seg
  for (let i = firstOf(run) - 1; i >= 0 && tokens[i]!.seg === seg; i--) {
    const t = tokens[i]!
    if (t.kind === 'word' && /^[a-z]$/i.test(t.text) && !digitsAt(words, i)) letters++
    else if (t.kind !== 'punct' && !digitsAt(words, i)) break
  }
  return letters >= 2
}

/** The kind of number a run is, or null for an ordinary number. */
function classify(tokens: Token[], words: string[], run: Run, segments: Segment[]): RedactionKind | null {
  const n = run.digits.length
  const context = contextOf(segments, tokens, run)
  // a date in digits: "zero three zero three eighty two", "1982-03-03", "03-03-1982"
  const writtenDate = !run.spoken && run.seps.every((s) => s === '-' || s === '.') && run.groups.length === 3
  const birth = birthNear(tokens, segments, firstOf(run))
  if (isDate(run.digits) && (birth || writtenDate)) return birth ? 'date_of_birth' : null
  const ssnGrouping = !run.spoken && run.groups.join('-') === '3-2-4'
  if (n === 9 && (ssnGrouping || SSN_CONTEXT.test(context) || NI_CONTEXT.test(context))) return 'national_id'
  if (n >= 13 && n <= 19 && luhn(run.digits)) return 'card'
  const seg = tokens[firstOf(run)]!.seg
  const before = segments[seg]!.text.slice(0, tokens[firstOf(run)]!.from)
  if (REFERENCE_BEFORE.test(before) || partOfCode(tokens, words, run)) return null
  if (n >= 13 && (run.spoken || CARD_CONTEXT.test(context)))
    return n <= 15 && !CARD_CONTEXT.test(context) ? 'phone' : 'card'
  if (n < 7 || n > 15) return null
  // an amount, a distance or a duration, however long
  const after = tokens[lastOf(run) + 1]
  const previous = tokens[firstOf(run) - 1]
  if (after?.kind === 'word' && CURRENCY_AFTER.test(after.text)) return null
  if (previous && CURRENCY_BEFORE.test(previous.text)) return null
  return 'phone'
}

type Span = { seg: number; from: number; to: number; kind: RedactionKind }

/** One span per segment a piece touches, from its first to its last word there. */
function spansOf(tokens: Token[], piece: Piece, kind: RedactionKind): Span[] {
  const spans: Span[] = []
  for (let seg = tokens[piece.first]!.seg; seg <= tokens[piece.last]!.seg; seg++) {
    const here: number[] = []
    for (let i = piece.first; i <= piece.last; i++) {
      const t = tokens[i]!
      if (t.seg === seg && t.kind !== 'boundary' && t.kind !== 'punct') here.push(i)
    }
    if (!here.length) continue
    const first = tokens[here[0]!]!
    // a "(" or "+" stuck to the first digit belongs to the number
    const lead = tokens[here[0]! - 1]
    const from = lead?.seg === seg && /^[(+]$/.test(lead.text) && lead.to === first.from ? lead.from : first.from
    spans.push({ seg, from, to: tokens[here.at(-1)!]!.to, kind })
  }
  return spans
}

/**
 * A copy of the segments with card numbers, national ids, phone numbers and dates of birth
 * replaced by "[card number]", "[national id]", "[phone number]" and "[date of birth]", and what
 * was replaced where.
 */
export function redactSegments<S extends Segment>(segments: S[]): { segments: S[]; redactions: Redaction[] } {
  const tokens = tokenize(segments)
  const words = wordsOf(tokens)
  const spans: Span[] = []
  const taken = new Set<number>()
  for (const dob of datesOfBirth(tokens, words, segments)) {
    for (const piece of dob.pieces) {
      for (let i = piece.first; i <= piece.last; i++) taken.add(i)
      spans.push(...spansOf(tokens, piece, 'date_of_birth'))
    }
  }
  for (const run of numbers(tokens, words, segments, (i) => taken.has(i))) {
    const ni = niSpan(tokens, run, contextOf(segments, tokens, run))
    const kind = ni ? 'national_id' : classify(tokens, words, run, segments)
    if (!kind) continue
    const pieces = ni ? [ni] : run.pieces
    // a spoken "plus" before a country code belongs to the number
    const plus = firstOf(run) - 1
    if (kind === 'phone' && words[plus] === 'plus' && tokens[plus]!.seg === tokens[firstOf(run)]!.seg)
      pieces[0] = { ...pieces[0]!, first: plus }
    for (const piece of pieces) spans.push(...spansOf(tokens, piece, kind))
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
