import { AMOUNT_PATTERN, DATE_PATTERN, parseAmount, parseDate } from './parse'
import type { OcrPage } from './types'

export type DocumentType = 'id_card' | 'invoice' | 'form' | 'other'
export type ExtractedField = {
  name: string
  value: string
  /** 0–100: the OCR confidence of the words read, scaled by how specific the pattern was. */
  confidence: number
  valid: boolean
  reason?: string
}

/** A labelled match ("Total: 12.00") is near-certain; an unlabelled guess (first line = vendor) is not. */
const LABELLED = 1
const POSITIONAL = 0.6
/** Totals rounded per line may drift by a cent or two from the sum. */
const TOTAL_TOLERANCE = 0.02

type Line = { text: string; confidence: number }

/** Each line of text with the mean OCR confidence of its words (text layers are 100). */
function linesOf(pages: OcrPage[]): Line[] {
  const lines: Line[] = []
  for (const page of pages) {
    const confidences = new Map<string, number[]>()
    for (const word of page.words) confidences.set(word.text, [...(confidences.get(word.text) ?? []), word.confidence])
    for (const raw of page.text.split('\n')) {
      const text = raw.replace(/\s+/g, ' ').trim()
      if (!text) continue
      const scores = text.split(' ').flatMap((token) => confidences.get(token) ?? [])
      const confidence = scores.length
        ? scores.reduce((a, b) => a + b, 0) / scores.length
        : page.source === 'text_layer'
          ? 100
          : 50
      lines.push({ text, confidence })
    }
  }
  return lines
}

function field(
  name: string,
  value: string,
  line: Line,
  strength: number,
  valid = true,
  reason?: string,
): ExtractedField {
  return { name, value, confidence: Math.round(line.confidence * strength), valid, ...(reason ? { reason } : {}) }
}

function missing(name: string): ExtractedField {
  return { name, value: '', confidence: 0, valid: false, reason: 'not found' }
}

/** The first line matching `label` and capturing a value after it, with the line it came from. */
function labelled(lines: Line[], label: string, value: string): { value: string; line: Line } | null {
  const pattern = new RegExp(String.raw`(?:^|\b)(?:${label})\b\.?\s*[:#\-]?\s*(${value})`, 'i')
  for (const line of lines) {
    const m = pattern.exec(line.text)
    if (m?.[1]) return { value: m[1].trim(), line }
  }
  return null
}

function dateField(lines: Line[], name: string, label: string): { field: ExtractedField; iso: string | null } {
  const hit = labelled(lines, label, DATE_PATTERN)
  if (!hit) return { field: missing(name), iso: null }
  const iso = parseDate(hit.value)
  return {
    field: field(name, iso ?? hit.value, hit.line, LABELLED, iso !== null, iso ? undefined : 'not a valid date'),
    iso,
  }
}

function idCard(lines: Line[]): ExtractedField[] {
  const name = labelled(lines, String.raw`full name|name|holder`, String.raw`[A-Za-z][A-Za-z' .-]+[A-Za-z]`)
  const surname = labelled(lines, 'surname|last name', String.raw`[A-Za-z][A-Za-z' -]+`)
  const given = labelled(lines, 'given names?|first names?|forenames?', String.raw`[A-Za-z][A-Za-z' -]+`)
  const nameField = name
    ? field('name', name.value, name.line, LABELLED)
    : surname && given
      ? field(
          'name',
          `${given.value} ${surname.value}`,
          { text: '', confidence: Math.min(surname.line.confidence, given.line.confidence) },
          LABELLED,
        )
      : missing('name')
  const birth = dateField(lines, 'date_of_birth', String.raw`date of birth|birth date|DOB|born`)
  const expiry = dateField(lines, 'expiry_date', String.raw`date of expiry|expiry date|expiry|expires|valid until|exp`)
  if (birth.iso && expiry.iso && expiry.iso <= birth.iso) {
    expiry.field.valid = false
    expiry.field.reason = 'expiry is not after the date of birth'
  }
  const number = labelled(
    lines,
    String.raw`document (?:no|number)|card (?:no|number)|id (?:no|number)|passport (?:no|number)|doc(?:ument)? #|no`,
    String.raw`[A-Z0-9][A-Z0-9-]{4,}`,
  )
  const numberField = number
    ? field(
        'document_number',
        number.value.toUpperCase(),
        number.line,
        LABELLED,
        /\d/.test(number.value),
        /\d/.test(number.value) ? undefined : 'has no digits',
      )
    : missing('document_number')
  return [nameField, birth.field, numberField, expiry.field]
}

const SUMMARY_LINE = /\b(sub-?total|total|tax|vat|gst|amount due|balance|invoice|date|due|bill to|ship to)\b/i
const TOTALS_LINE = /\b(sub-?total|total|amount due|balance due)\b/i
const ITEM_LINE = new RegExp(String.raw`^(.*?[A-Za-z].*?)\s+(?:[$€£]\s?)?(${AMOUNT_PATTERN})\s*(?:[A-Z]{3})?$`)

function invoice(lines: Line[]): ExtractedField[] {
  const money = String.raw`(?:[$€£]\s?|[A-Z]{3}\s)?(?:${AMOUNT_PATTERN})`
  const number = labelled(
    lines,
    String.raw`invoice (?:no|number|#)|invoice`,
    String.raw`[A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*`,
  )
  const date = dateField(lines, 'invoice_date', String.raw`invoice date|date of issue|issue date|date`)
  const vendorLabelled = labelled(lines, 'vendor|seller|supplier|from|issued by', String.raw`[A-Za-z0-9].+`)
  const vendorLine = lines.find((l) => /[A-Za-z]{2}/.test(l.text) && !SUMMARY_LINE.test(l.text) && !/:/.test(l.text))
  const vendor = vendorLabelled
    ? field('vendor', vendorLabelled.value, vendorLabelled.line, LABELLED)
    : vendorLine
      ? field('vendor', vendorLine.text, vendorLine, POSITIONAL)
      : missing('vendor')

  const totalLines = lines.filter(
    (l) => /\b(total|amount due|balance due)\b/i.test(l.text) && !/sub-?total/i.test(l.text),
  )
  const total = labelled(totalLines.slice(-1), String.raw`total|amount due|balance due`, money)
  const taxLines = lines.filter(
    (l) => (/\b(tax|vat|gst)\b/i.test(l.text) && !/\btotal\b/i.test(l.text)) || /^(tax|vat|gst)\b/i.test(l.text),
  )
  // "VAT 20%: 4.00": the amount is the last number on the line, never the rate.
  const taxLine = taxLines.at(-1)
  const taxAmount = taxLine
    ? [...taxLine.text.matchAll(new RegExp(`(?<![\\d%])(${AMOUNT_PATTERN})(?![\\d%])`, 'g'))].at(-1)?.[1]
    : undefined

  // Items come before the totals; what follows them (cash tendered, change, card) is payment.
  const totalsStart = lines.findIndex((l) => TOTALS_LINE.test(l.text) && new RegExp(AMOUNT_PATTERN).test(l.text))
  const items = (totalsStart < 0 ? lines : lines.slice(0, totalsStart))
    .filter((l) => !SUMMARY_LINE.test(l.text))
    .map((l) => ({ line: l, m: ITEM_LINE.exec(l.text) }))
    .filter((x) => x.m && /[.,]\d{2}$/.test(x.m[2]!))
    .map((x) => ({ description: x.m![1]!.trim(), amount: parseAmount(x.m![2]!)!, line: x.line }))

  const totalValue = total ? parseAmount(total.value) : null
  const taxValue = taxAmount ? parseAmount(taxAmount) : null
  const sum = items.reduce((s, i) => s + i.amount, 0) + (taxValue ?? 0)
  const adds = totalValue !== null && items.length > 0 && Math.abs(sum - totalValue) <= TOTAL_TOLERANCE
  const reason =
    totalValue === null
      ? undefined
      : items.length === 0
        ? 'no line items to check against'
        : adds
          ? undefined
          : `line items and tax add up to ${sum.toFixed(2)}`

  const itemsConfidence = items.length ? items.reduce((s, i) => s + i.line.confidence, 0) / items.length : 0
  return [
    number ? field('invoice_number', number.value, number.line, LABELLED) : missing('invoice_number'),
    date.field,
    vendor,
    total && totalValue !== null
      ? field('total', totalValue.toFixed(2), total.line, LABELLED, adds, reason)
      : missing('total'),
    taxLine && taxValue !== null ? field('tax', taxValue.toFixed(2), taxLine, LABELLED) : missing('tax'),
    items.length
      ? field(
          'line_items',
          JSON.stringify(items.map(({ description, amount }) => ({ description, amount }))),
          { text: '', confidence: itemsConfidence },
          POSITIONAL,
          adds,
          reason,
        )
      : missing('line_items'),
  ]
}

/** "Label: value" pairs, in reading order. */
function form(lines: Line[]): ExtractedField[] {
  const fields: ExtractedField[] = []
  for (const line of lines) {
    const m = /^([A-Za-z][A-Za-z0-9 .()/#'&-]{0,40}?)\s*:\s*(\S.*)$/.exec(line.text)
    if (m) fields.push(field(m[1]!.trim(), m[2]!.trim(), line, LABELLED))
  }
  return fields
}

/**
 * Structured fields for a document type, each with a confidence and whether it checks out.
 * 'other' has no schema to fill, so it yields none: the page text is the result.
 */
export function extractFields(pages: OcrPage[], documentType: DocumentType): ExtractedField[] {
  const lines = linesOf(pages)
  switch (documentType) {
    case 'id_card':
      return idCard(lines)
    case 'invoice':
      return invoice(lines)
    case 'form':
      return form(lines)
    case 'other':
      return []
  }
}
