import type { Template, TemplateInput } from '#contract/templates'
import { scoreCall } from '../../engines/scoring/llm-judge'
import { assemble, type CallScore, type Answer, type TemplateCategory } from '../../engines/scoring/score'
import { toEngineTemplate } from '../../modules/templates/to-engine'
import { demoTemplates } from '../templates-data'
import { conversations, type Conversation } from './conversations'
import { callTranscript } from './index'

/** A demo template in the engine's shape, numbered the way a stored template would be. */
export function engineTemplate(name: string): TemplateCategory[] {
  const input: TemplateInput | undefined = demoTemplates.find((t) => t.name === name)
  if (!input) throw new Error(`No demo template "${name}"`)
  let questionId = 0
  const stored: Template = {
    template_internal_id: '00000000-0000-4000-8000-000000000000',
    version: 1,
    name: input.name,
    description: input.description,
    status: 'active',
    category_count: input.categories.length,
    question_count: input.categories.reduce((n, c) => n + c.questions.length, 0),
    updated_by: null,
    updated_at: new Date(0).toISOString(),
    categories: input.categories.map((c, i) => ({
      internal_id: i + 1,
      name: c.name,
      weight: c.weight,
      auto_failed: c.auto_failed,
      questions: c.questions.map((q) => ({ internal_id: ++questionId, ...q })),
    })),
  }
  return toEngineTemplate(stored)
}

export type Disagreement = {
  key: string
  question: string
  reference: Answer
  engine: Answer
  justification: string
}

export type Agreement = {
  answers: number
  agreed: number
  /** Per question text: how many calls, how many agreed. */
  byQuestion: { question: string; template: string; answers: number; agreed: number }[]
  disagreements: Disagreement[]
  /** Per call: the score from the reference answers and from the engine. */
  calls: { key: string; reference: CallScore; engine: CallScore }[]
}

/** How often the local engine (no LLM) gives the reference answer, over every question of every demo call. */
export async function engineAgreement(calls: Conversation[] = conversations): Promise<Agreement> {
  const templates = new Map<string, TemplateCategory[]>()
  const byQuestion = new Map<string, Agreement['byQuestion'][number]>()
  const disagreements: Disagreement[] = []
  const scored: Agreement['calls'] = []
  let answers = 0
  let agreed = 0
  for (const call of calls) {
    if (!templates.has(call.template)) templates.set(call.template, engineTemplate(call.template))
    const template = templates.get(call.template)!
    const { result } = await scoreCall(template, callTranscript(call.key).segments, null)
    const engineAnswers = new Map(result.categories.flatMap((c) => c.questions).map((q) => [q.question_id, q]))
    for (const question of template.flatMap((c) => c.questions)) {
      const engine = engineAnswers.get(question.id)!
      const reference = call.reference[question.text]
      const tally = byQuestion.get(question.text) ?? {
        question: question.text,
        template: call.template,
        answers: 0,
        agreed: 0,
      }
      tally.answers++
      answers++
      if (engine.value === reference) {
        tally.agreed++
        agreed++
      } else {
        disagreements.push({
          key: call.key,
          question: question.text,
          reference,
          engine: engine.value,
          justification: engine.justification,
        })
      }
      byQuestion.set(question.text, tally)
    }
    const reference = assemble(template, (q) => {
      const value = call.reference[q.text]
      return {
        question_id: q.id,
        value,
        passed: value === 'n/a' ? null : value === q.expected,
        evaluation_key_word: null,
        start_time: null,
        start_seconds: null,
        justification: 'Reference answer',
      }
    })
    scored.push({ key: call.key, reference, engine: result })
  }
  return { answers, agreed, byQuestion: [...byQuestion.values()], disagreements, calls: scored }
}
