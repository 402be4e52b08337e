import { z } from 'zod'
import type { InsightsAnswer } from '#contract/ocr'
import type { ChatMessage, Llm } from '../../engines/llm/client'
import { DATE_PATTERN } from '../../engines/ocr/parse'
import { queryTerms, searchIndex, type QueryTerms } from '../../engines/search'

/*
 * Questions about one document, answered from its own text (ARCHITECTURE §6: chat is retrieval).
 * The pages are cut into short passages, the search component ranks them against the question, and
 * the answer is the best passage's most relevant line or sentence, quoted as read: never composed. With an LLM,
 * the model answers from the same passages, and the quote is the fallback.
 */

export const NO_ANSWER = 'The document does not say.'
/** A passage: a few neighbouring lines or sentences of one page, short enough to quote. */
export const PASSAGE_UNITS = 3
export const PASSAGE_CHARS = 320
/** Passages returned with an answer (and given to the LLM). */
export const TOP_PASSAGES = 3

export type Passage = { page: number; text: string; units: string[] }
type PageText = { page: number; text: string }

/** Abbreviations whose full stop does not end a sentence. */
const SENTENCE_END =
  /(?<!\b(?:No|Nr|Mr|Mrs|Ms|Dr|St|Inc|Ltd|Co|Corp|vs|etc|approx|e\.g|i\.e)\.)(?<=[.!?])\s+(?=["'(]?[A-Z0-9])/

/** Whether `next` carries on the sentence of `current`: it did not end a clause, and the next line starts in
 * lower case, or a line of prose (several words, ending in a word) goes on with a figure ("ends on\n31 May"). */
function wraps(current: string, next: string) {
  if (/[.!?:;]$/.test(current)) return false
  if (/^[a-z]/.test(next)) return true
  return /^\d/.test(next) && /\b[a-z]+$/.test(current) && current.split(' ').length >= 5
}

/**
 * A page's text as units: OCR lines, with prose that wrapped onto a new line joined again, and
 * long lines cut into sentences.
 */
export function unitsOf(text: string): string[] {
  const merged: string[] = []
  let current = ''
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim()
    if (!line) {
      if (current) merged.push(current)
      current = ''
    } else if (current && wraps(current, line)) {
      current += ` ${line}`
    } else {
      if (current) merged.push(current)
      current = line
    }
  }
  if (current) merged.push(current)
  return merged
    .flatMap((m) => m.split(SENTENCE_END))
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Each page's units in reading order, grouped into passages that never cross a page. */
export function passagesOf(pages: PageText[]): Passage[] {
  const passages: Passage[] = []
  for (const page of pages) {
    let units: string[] = []
    const flush = () => {
      if (units.length) passages.push({ page: page.page, text: units.join(' '), units })
      units = []
    }
    for (const unit of unitsOf(page.text)) {
      const length = units.reduce((n, u) => n + u.length + 1, 0)
      if (units.length >= PASSAGE_UNITS || (units.length && length + unit.length > PASSAGE_CHARS)) flush()
      units.push(unit)
    }
    flush()
  }
  return passages
}

const ASKS_AMOUNT = /\b(how much|total|amount|cost|price|owe|pay|paid|tax|vat|balance|due)\b/i
const ASKS_DATE = /\b(when|date|dated|expir\w*|born|birth|issued|valid)\b/i
const AMOUNT = /\d[\d,]*[.,]\d{2}\b/
const DATE = new RegExp(DATE_PATTERN, 'i')

/** The unit of the passage that answers best: ranked like the passages, then the expected kind of value. */
function bestUnit(units: string[], question: string, weights: QueryTerms) {
  const wantsAmount = ASKS_AMOUNT.test(question)
  const wantsDate = ASKS_DATE.test(question)
  let best = { unit: units[0]!, score: 0 }
  for (const { index, score } of searchIndex(units.map((text) => ({ text }))).search(weights)) {
    const unit = units[index]!
    const boosted = (wantsAmount && AMOUNT.test(unit)) || (wantsDate && DATE.test(unit)) ? score * 1.5 : score
    if (boosted > best.score) best = { unit, score: boosted }
  }
  return best.unit
}

const round = (n: number) => Math.round(n * 1000) / 1000

/** The passages that match the question, best first, and the quote that answers it; null when none match. */
export function retrieve(pages: PageText[], question: string) {
  const passages = passagesOf(pages)
  const weights = queryTerms(question)
  const ranked = searchIndex(passages.map((p) => ({ text: p.text }))).search(weights, { limit: TOP_PASSAGES })
  if (!ranked.length) return null
  const best = passages[ranked[0]!.index]!
  return {
    answer: bestUnit(best.units, question, weights),
    passages: ranked.map((r) => ({
      page: passages[r.index]!.page,
      text: passages[r.index]!.text,
      score: round(r.score),
    })),
  }
}

const llmReply = z.object({ answer: z.string().trim().min(1).max(2_000) })

export function insightMessages(question: string, passages: { page: number; text: string }[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `You answer questions about a scanned document using only the numbered passages read from it.
Answer in one or two short sentences. Keep names, amounts, dates and reference numbers exactly as written.
If the passages do not contain the answer, answer exactly "${NO_ANSWER}". Never guess.
Reply with JSON only: {"answer":"…"}`,
    },
    {
      role: 'user',
      content: `${passages.map((p, i) => `[${i + 1}] (page ${p.page}) ${p.text}`).join('\n')}\n\nQuestion: ${question}`,
    },
  ]
}

/**
 * Answer a question from the document's pages. Nothing that matches is said plainly, with no
 * passages. An LLM, when configured, answers from the top passages; if it fails, the quote does.
 */
export async function answerQuestion(
  pages: PageText[],
  question: string,
  { llm = null, onLlmError }: { llm?: Llm | null; onLlmError?: (error: unknown) => void } = {},
): Promise<InsightsAnswer> {
  const found = retrieve(pages, question)
  if (!found) return { question, answer: NO_ANSWER, passages: [], engine: 'retrieval' }
  if (llm) {
    try {
      const reply = await llm.json(insightMessages(question, found.passages), llmReply)
      return { question, answer: reply.answer, passages: found.passages, engine: 'llm' }
    } catch (error) {
      onLlmError?.(error)
    }
  }
  return { question, answer: found.answer, passages: found.passages, engine: 'retrieval' }
}
