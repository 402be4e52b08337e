import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { templateInput, updateTemplateBody } from '#contract/templates'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A textarea's text as a list: one phrase a line, blank lines dropped. */
export function phraseLines(value: unknown) {
  if (value === undefined) return []
  if (typeof value !== 'string') return value
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
}

const list = (value: unknown) => (value === undefined ? [] : value)
// An empty number field means "not set": the contract's default (weight 1, no time window) applies.
const number = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

function questionInput(q: unknown) {
  if (!isRecord(q)) return q
  return {
    ...q,
    question_text: q.question_text ?? '',
    weight: number(q.weight),
    evidence_phrases: phraseLines(q.evidence_phrases),
    within_first_s: number(q.within_first_s),
    within_last_s: number(q.within_last_s),
    within_first_messages: number(q.within_first_messages),
    within_last_messages: number(q.within_last_messages),
    applies_when_phrases: phraseLines(q.applies_when_phrases),
  }
}

function categoryInput(c: unknown) {
  if (!isRecord(c)) return c
  const questions = list(c.questions)
  return {
    ...c,
    name: c.name ?? '',
    weight: number(c.weight),
    auto_failed: c.auto_failed === 'on' || c.auto_failed === true,
    questions: Array.isArray(questions) ? questions.map(questionInput) : questions,
  }
}

/**
 * The posted strings as the contract's input. This replaces conform's automatic coercion, which turns an
 * empty field into a missing one and so swaps the contract's messages ("Template name is required") for
 * zod's bare "Required".
 */
function formInput(value: unknown) {
  if (!isRecord(value)) return value
  const categories = list(value.categories)
  return {
    ...value,
    name: value.name ?? '',
    categories: Array.isArray(categories) ? categories.map(categoryInput) : categories,
  }
}

const templateForm = z.preprocess(formInput, templateInput)
const updateTemplateForm = z.preprocess(formInput, updateTemplateBody)

/** The same rules in the browser and in the action: the contract's schemas, read from the form. */
export function parseTemplateForm(formData: FormData, { update }: { update: boolean }) {
  return update
    ? parseWithZod(formData, { schema: updateTemplateForm, disableAutoCoercion: true })
    : parseWithZod(formData, { schema: templateForm, disableAutoCoercion: true })
}
