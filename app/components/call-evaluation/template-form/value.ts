import type { SpeakerChoice, Template, TemplateQuestionInput } from '#contract/templates'

/** The form's shape: phrases are a textarea, one phrase a line. */
export type QuestionFormValue = {
  question_text: string
  weight: number | string
  expected_answer: 'yes' | 'no'
  evidence_phrases: string
  speaker: SpeakerChoice
  within_first_s?: number | string | null
  within_last_s?: number | string | null
  within_first_messages?: number | string | null
  within_last_messages?: number | string | null
  applies_when_phrases: string
  applies_when_speaker: SpeakerChoice
}
export type CategoryFormValue = {
  name: string
  weight: number | string
  auto_failed: boolean
  questions: QuestionFormValue[]
}
export type TemplateFormValue = {
  template_internal_id?: string
  name: string
  description: string
  categories: CategoryFormValue[]
}

export const emptyQuestion: QuestionFormValue = {
  question_text: '',
  weight: 1,
  expected_answer: 'yes',
  evidence_phrases: '',
  speaker: 'agent',
  applies_when_phrases: '',
  applies_when_speaker: 'customer',
}
export const emptyCategory: CategoryFormValue = { name: '', weight: 1, auto_failed: false, questions: [emptyQuestion] }
export const newTemplateValue: TemplateFormValue = { name: '', description: '', categories: [emptyCategory] }

function questionValue(q: TemplateQuestionInput): QuestionFormValue {
  return {
    ...q,
    evidence_phrases: q.evidence_phrases.join('\n'),
    applies_when_phrases: q.applies_when_phrases.join('\n'),
  }
}

export function toFormValue(template: Template): TemplateFormValue {
  return {
    template_internal_id: template.template_internal_id,
    name: template.name,
    description: template.description,
    categories: template.categories.map((c) => ({
      name: c.name,
      weight: c.weight,
      auto_failed: c.auto_failed,
      questions: c.questions.map(({ internal_id: _id, ...q }) => questionValue(q)),
    })),
  }
}

/**
 * A part of the form's value as the fields that would post it, named as conform names them
 * (`categories[0].questions[1].weight`); empty parts (unset numbers, an unchecked box) post nothing.
 */
export function formEntries(value: unknown, name: string): [string, string][] {
  if (value === undefined || value === null || value === false) return []
  // a checked box posts "on"
  if (value === true) return [[name, 'on']]
  if (Array.isArray(value)) return value.flatMap((item, i) => formEntries(item, `${name}[${i}]`))
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => formEntries(v, `${name}.${key}`))
  return [[name, String(value)]]
}
