import type { Template } from '#contract/templates'
import type { TemplateCategory } from '../../engines/scoring/score'

/** A stored template in the shape the scoring engine reads. */
export function toEngineTemplate(template: Template): TemplateCategory[] {
  return template.categories.map((c) => ({
    id: c.internal_id,
    name: c.name,
    weight: c.weight,
    auto_failed: c.auto_failed,
    questions: c.questions.map((q) => ({
      id: q.internal_id,
      text: q.question_text,
      weight: q.weight,
      expected: q.expected_answer,
      phrases: q.evidence_phrases,
      speaker: q.speaker,
      window:
        q.within_first_s !== null
          ? { first_s: q.within_first_s }
          : q.within_last_s !== null
            ? { last_s: q.within_last_s }
            : undefined,
      applies_when: q.applies_when_phrases.length
        ? { phrases: q.applies_when_phrases, speaker: q.applies_when_speaker }
        : undefined,
    })),
  }))
}
