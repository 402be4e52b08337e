const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** A date as written on documents: a regex source for finding one, and parseDate to read it. */
export const DATE_PATTERN = String.raw`(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./ ]\d{1,2}[-./ ]\d{2,4}|\d{1,2}\s+[A-Za-z]{3,9}\.?\s+\d{4}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})`

function iso(year: number, month: number, day: number): string | null {
  if (year < 100) year += year > 50 ? 1900 : 2000
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date.toISOString().slice(0, 10)
}

const monthOf = (word: string) => {
  const i = MONTHS.indexOf(word.slice(0, 3).toLowerCase())
  return i < 0 ? null : i + 1
}

/**
 * The ISO date for a written one, or null when it is not a real date. Numeric day/month order is
 * ambiguous; documents outside the US write the day first, so this does, unless the first number
 * cannot be a day-of-month ≤ 12 and the second can.
 */
export function parseDate(text: string): string | null {
  const s = text.trim()
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(s)
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!)
  m = /^(\d{1,2})[-./ ](\d{1,2})[-./ ](\d{2,4})$/.exec(s)
  if (m) return iso(+m[3]!, +m[2]!, +m[1]!) ?? iso(+m[3]!, +m[1]!, +m[2]!)
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(s)
  if (m && monthOf(m[2]!)) return iso(+m[3]!, monthOf(m[2]!)!, +m[1]!)
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s)
  if (m && monthOf(m[1]!)) return iso(+m[3]!, monthOf(m[1]!)!, +m[2]!)
  return null
}

export const AMOUNT_PATTERN = String.raw`-?\d{1,3}(?:[,.\s]\d{3})*(?:[.,]\d{1,2})?|-?\d+(?:[.,]\d{1,2})?`

/** A money amount in either convention (1,234.56 or 1.234,56), or null. */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[^\d.,-]/g, '')
  if (!/\d/.test(s)) return null
  const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','))
  const decimals = lastSep >= 0 && s.length - lastSep - 1 <= 2 ? s.length - lastSep - 1 : 0
  const digits = s.replace(/[.,]/g, '')
  const value = Number(digits) / 10 ** decimals
  return Number.isFinite(value) ? value : null
}
