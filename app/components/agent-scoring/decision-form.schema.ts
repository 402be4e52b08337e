import { z } from 'zod'
import { decision, rejectReason, type DecisionBody } from '#contract/agent-scoring'
import { correctionField } from './format'

export const NO_DISPUTE = 'Name each criterion you dispute: its right answer and why'

const answer = z.enum(['yes', 'no', 'n/a'])

export type DecisionErrors = { form?: string[]; fields?: Record<string, string[]> }

type Criterion = { question_id: number; ai_value: 'yes' | 'no' | 'n/a' }

/**
 * Reads the decision form against the item's criteria: a criterion whose answer is left at the AI's
 * is not a correction; one given another answer needs a reason. A rejection names at least one.
 */
export function parseDecisionForm(
  form: FormData,
  { item_id, criteria }: { item_id: number; criteria: Criterion[] },
): { ok: true; body: DecisionBody } | { ok: false; errors: DecisionErrors } {
  const fields: Record<string, string[]> = {}
  const chosen = decision.safeParse(form.get('decision'))
  const version = z.coerce.number().int().positive().safeParse(form.get('version'))
  const corrections: DecisionBody['corrections'] = []
  for (const c of criteria) {
    const raw = String(form.get(correctionField(c.question_id, 'value')) ?? '')
    if (raw === '') continue
    const value = answer.safeParse(raw)
    if (!value.success) {
      fields[correctionField(c.question_id, 'value')] = ['Choose yes, no or n/a']
      continue
    }
    if (value.data === c.ai_value) continue
    const reason = rejectReason.safeParse(form.get(correctionField(c.question_id, 'reason')))
    if (!reason.success) {
      fields[correctionField(c.question_id, 'reason')] = ['Say why the AI was wrong']
      continue
    }
    const comment = String(form.get(correctionField(c.question_id, 'comment')) ?? '').trim()
    if (comment.length > 1000) {
      fields[correctionField(c.question_id, 'comment')] = ['At most 1000 characters']
      continue
    }
    corrections.push({ question_id: c.question_id, value: value.data, reason_code: reason.data, comment })
  }
  const form_: string[] = []
  if (!chosen.success) form_.push('Choose accept or reject')
  if (chosen.success && chosen.data === 'reject' && corrections.length === 0 && !Object.keys(fields).length) {
    form_.push(NO_DISPUTE)
  }
  if (form_.length || Object.keys(fields).length || !chosen.success) {
    return { ok: false, errors: { form: form_.length ? form_ : undefined, fields } }
  }
  return {
    ok: true,
    body: {
      item_id,
      decision: chosen.data,
      corrections,
      ...(version.success && { version: version.data }),
    },
  }
}
