import type { Template } from '#contract/templates'
import type { TemplateCategory, TemplateQuestion } from '../../engines/scoring/score'

type StoredQuestion = Template['categories'][number]['questions'][number]

/** A question's time window, in seconds for calls and in messages for chats and e-mails; undefined when none. */
function windowOf(q: StoredQuestion): TemplateQuestion['window'] {
  const window: NonNullable<TemplateQuestion['window']> = {}
  if (q.within_first_s !== null) window.first_s = q.within_first_s
  else if (q.within_last_s !== null) window.last_s = q.within_last_s
  if (q.within_first_messages !== null) window.first_messages = q.within_first_messages
  else if (q.within_last_messages !== null) window.last_messages = q.within_last_messages
  return Object.keys(window).length ? window : undefined
}

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
      window: windowOf(q),
      applies_when: q.applies_when_phrases.length
        ? { phrases: q.applies_when_phrases, speaker: q.applies_when_speaker }
        : undefined,
    })),
  }))
}
