/*
 * Numbers as a recogniser writes them: lower-case words, no punctuation, "oh" for zero, "double
 * five", pairs ("forty one eleven"), "eight hundred", and years and dates ("nineteen eighty two",
 * "two thousand and one", "the third of march"). Readers take the words of a text (lower case,
 * one a slot; anything that is not a word, such as a turn boundary, may sit in a slot and never
 * matches) and an index, and say what they read and how many slots they used, so a caller can mask
 * the original words. No library fitted: words-to-numbers sums "four nine two nine" to one value
 * and gives no positions.
 */

export const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  nought: 0,
  naught: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
}
export const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
export const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
}
const ORDINAL_TEENS: Record<string, number> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
}
const REPEAT: Record<string, number> = { double: 2, triple: 3 }
export const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
}

type Read = { used: number }
export type DigitsRead = Read & { digits: string }
export type ValueRead = Read & { value: number }

const own = (table: Record<string, number>, w: string | undefined): number | undefined =>
  w !== undefined && Object.hasOwn(table, w) ? table[w] : undefined

/** Skips a hyphen inside a compound ("forty-one", "twenty-first"). */
const afterHyphen = (words: readonly string[], j: number) => (words[j] === '-' ? j + 1 : j)

/**
 * The digits spelt from words[i] as a card or phone number is read out: "four" 4, "oh" 0,
 * "double five" 55, "forty one" 41, "forty" 40, "eleven" 11, "eight hundred" 800, "1234" 1234.
 */
export function digitsAt(words: readonly string[], i: number): DigitsRead | null {
  const word = words[i]
  if (word === undefined) return null
  if (/^\d+$/.test(word)) return { digits: word, used: 1 }
  const unit = own(UNITS, word)
  if (unit !== undefined) {
    // "eight hundred" in a phone number is 800
    if (unit > 0 && words[i + 1] === 'hundred') return { digits: `${unit}00`, used: 2 }
    return { digits: String(unit), used: 1 }
  }
  const teen = own(TEENS, word)
  if (teen !== undefined) return { digits: String(teen), used: 1 }
  const tens = own(TENS, word)
  if (tens !== undefined) {
    const j = afterHyphen(words, i + 1)
    const next = own(UNITS, words[j])
    if (next !== undefined && next > 0) return { digits: String(tens + next), used: j - i + 1 }
    return { digits: String(tens), used: 1 }
  }
  const times = own(REPEAT, word)
  if (times !== undefined) {
    const next = own(UNITS, words[i + 1])
    if (next === undefined) return null
    return { digits: String(next).repeat(times), used: 2 }
  }
  return null
}

/** A cardinal from one to ninety-nine in words ("seven", "twenty three"). */
export function smallNumberAt(words: readonly string[], i: number): ValueRead | null {
  const word = words[i]
  const unit = own(UNITS, word)
  if (unit !== undefined && unit > 0 && word !== 'o' && word !== 'oh') return { value: unit, used: 1 }
  const teen = own(TEENS, word)
  if (teen !== undefined) return { value: teen, used: 1 }
  const tens = own(TENS, word)
  if (tens === undefined) return null
  const j = afterHyphen(words, i + 1)
  const next = own(UNITS, words[j])
  if (next !== undefined && next > 0) return { value: tens + next, used: j - i + 1 }
  return { value: tens, used: 1 }
}

/** An ordinal: "third", "twenty first", "twenty-first", "3rd", "21st". */
export function ordinalAt(words: readonly string[], i: number): ValueRead | null {
  const word = words[i]
  if (word === undefined) return null
  const written = /^(\d{1,2})(st|nd|rd|th)$/.exec(word)
  if (written) return { value: Number(written[1]), used: 1 }
  // a tokenizer may part "3rd" into "3" and "rd"
  if (/^\d{1,2}$/.test(word) && /^(st|nd|rd|th)$/.test(words[i + 1] ?? '')) return { value: Number(word), used: 2 }
  const simple = own(ORDINAL_UNITS, word) ?? own(ORDINAL_TEENS, word)
  if (simple !== undefined) return { value: simple, used: 1 }
  const tens = own(TENS, word)
  if (tens === undefined) return null
  const j = afterHyphen(words, i + 1)
  const next = own(ORDINAL_UNITS, words[j])
  return next === undefined ? null : { value: tens + next, used: j - i + 1 }
}

/** A month by name ("march", "sept"). */
export function monthAt(words: readonly string[], i: number): ValueRead | null {
  const month = own(MONTHS, words[i])
  return month === undefined ? null : { value: month, used: 1 }
}

/**
 * A year: "1982", "nineteen eighty two", "nineteen oh five", "two thousand and one", "twenty
 * twelve", or two digits ("eighty two", "82") which it returns as they are (0–99).
 */
export function yearAt(words: readonly string[], i: number): ValueRead | null {
  const word = words[i]
  if (word === undefined) return null
  if (/^(19|20)\d\d$/.test(word) || /^\d\d$/.test(word)) return { value: Number(word), used: 1 }
  if (/^'\d\d$/.test(word)) return { value: Number(word.slice(1)), used: 1 }
  if (word === 'two' && words[i + 1] === 'thousand') {
    let j = i + 2
    if (words[j] === 'and') j++
    const rest = smallNumberAt(words, j)
    return rest ? { value: 2000 + rest.value, used: j - i + rest.used } : { value: 2000, used: 2 }
  }
  const century = word === 'nineteen' ? 1900 : word === 'twenty' ? 2000 : null
  if (century !== null) {
    const next = words[i + 1]
    const unit = own(UNITS, words[i + 2])
    if ((next === 'oh' || next === 'o') && unit !== undefined && unit > 0) return { value: century + unit, used: 3 }
    const rest = smallNumberAt(words, i + 1)
    if (rest && rest.value >= 10) return { value: century + rest.value, used: 1 + rest.used }
    if (century === 1900) return null
  }
  const two = smallNumberAt(words, i)
  return two && two.value >= 20 ? two : null
}

/** A maximal stretch of number words in a text, read digit by digit, and where it stands. */
export type SpokenDigits = { from: number; to: number; digits: string; words: string }

/**
 * Each stretch of spoken digits in a text with its digits and place, for masking the words:
 * "call oh seven seven double oh nine" gives one stretch, "07700" over "oh seven seven double oh".
 * Numerals count as spoken digits too; hyphens and commas inside a stretch are kept in it.
 */
export function spokenDigits(text: string): SpokenDigits[] {
  const tokens = [...text.matchAll(/\d+|[\p{L}]+(?:'[\p{L}]+)?|[-,]/gu)].map((m) => ({
    word: m[0].toLowerCase(),
    from: m.index,
    to: m.index + m[0].length,
  }))
  const words = tokens.map((t) => t.word)
  const found: SpokenDigits[] = []
  let current: SpokenDigits | null = null
  for (let i = 0; i < tokens.length;) {
    const read = digitsAt(words, i)
    if (read) {
      const to = tokens[i + read.used - 1]!.to
      if (current) {
        current.digits += read.digits
        current.to = to
      } else current = { from: tokens[i]!.from, to, digits: read.digits, words: '' }
      i += read.used
      continue
    }
    // a hyphen or comma between two digit words does not end the stretch
    if (current && (words[i] === '-' || words[i] === ',') && digitsAt(words, i + 1)) {
      i++
      continue
    }
    if (current) found.push(current)
    current = null
    i++
  }
  if (current) found.push(current)
  for (const f of found) f.words = text.slice(f.from, f.to)
  return found
}
