import type { TranscriptSegment } from '#contract/evaluations'
import type { TemplateInput } from '#contract/templates'
import { campaigns, evaluationTypes, services } from '../../db/schema'
import type { Db } from '../../db/client'
import { createTemplate } from '../templates/store'
import { createScoredEvaluation, type NewEvaluation } from './store/create'

/** A small template for tests: an opening and an auto-fail verification category. */
export const testTemplate: TemplateInput = {
  name: 'Test inbound',
  description: '',
  categories: [
    {
      name: 'Opening',
      weight: 1,
      auto_failed: false,
      questions: [
        {
          question_text: 'Did the agent thank the caller for calling?',
          weight: 1,
          expected_answer: 'yes',
          evidence_phrases: ['thank you for calling'],
          speaker: 'agent',
          within_first_s: 30,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: [],
          applies_when_speaker: 'customer',
        },
        {
          question_text: 'Did the agent give their name?',
          weight: 1,
          expected_answer: 'yes',
          evidence_phrases: ['my name is'],
          speaker: 'agent',
          within_first_s: null,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: [],
          applies_when_speaker: 'customer',
        },
      ],
    },
    {
      name: 'Verification',
      weight: 2,
      auto_failed: true,
      questions: [
        {
          question_text: 'Did the agent verify the date of birth?',
          weight: 1,
          expected_answer: 'yes',
          evidence_phrases: ['verify your date of birth'],
          speaker: 'agent',
          within_first_s: null,
          within_last_s: null,
          within_first_messages: null,
          within_last_messages: null,
          applies_when_phrases: [],
          applies_when_speaker: 'customer',
        },
      ],
    },
  ],
}

/** A compliant call: every question of testTemplate answers yes. */
export const goodCall: TranscriptSegment[] = [
  { speaker: 'agent', start: 0, end: 4.2, text: 'Thank you for calling Acme Bank, my name is Priya.' },
  { speaker: 'customer', start: 4.8, end: 8.1, text: 'Hi, my card was declined at a shop this morning.' },
  { speaker: 'agent', start: 8.6, end: 12.4, text: 'I can look into that. Can I verify your date of birth first?' },
  { speaker: 'customer', start: 13.0, end: 14.6, text: 'Sure, the fourth of May 1988.' },
  { speaker: 'agent', start: 15.1, end: 19.9, text: 'Thanks. The card is unblocked now. Have a great day.' },
]

/** The same call without the verification: the auto-fail category fails, the score is 0. */
export const unverifiedCall: TranscriptSegment[] = goodCall.filter((s) => !s.text.includes('verify'))

/** Campaign, service, evaluation type and template for tests (one of each). */
export async function seedEvaluationBasics(db: Db, authorId: number) {
  const [campaign] = await db
    .insert(campaigns)
    .values({ code: `T-${Math.random().toString(36).slice(2, 8)}`, name: 'Test campaign', client: 'Acme Bank' })
    .returning()
  const [service] = await db.insert(services).values({ campaignId: campaign.id, name: 'Card services' }).returning()
  const [type] = await db
    .insert(evaluationTypes)
    .values({ code: `ai-${campaign.code}`, name: 'AI evaluation' })
    .onConflictDoNothing()
    .returning()
  const template = await createTemplate(db, testTemplate, authorId)
  return { campaign, service, evaluationType: type ?? null, template }
}

export type EvaluationBasics = Awaited<ReturnType<typeof seedEvaluationBasics>>

/** A scored evaluation with sensible defaults; pass what the test is about. */
export async function makeEvaluation(
  db: Db,
  basics: EvaluationBasics,
  fields: Partial<NewEvaluation> & { agentId: number; templateVersionId: number },
) {
  const { templateVersionId, ...rest } = fields
  return createScoredEvaluation(db, {
    supervisorId: null,
    campaignId: basics.campaign.id,
    serviceId: basics.service.id,
    evaluationTypeId: basics.evaluationType?.id ?? null,
    templateId: templateVersionId,
    callTime: new Date(),
    customerName: 'Ada Lovelace',
    purpose: 'Card declined',
    segments: goodCall,
    ...rest,
  })
}
