import { z } from 'zod'
import { isoDate, jobStatus, pageQuery, paged } from './envelope'
import { role } from './accounts'
import { channel, scoringTurn } from './agent-scoring'

const id = z.coerce.number().int().positive().max(2_147_483_647)
/** 0–100 to two decimals: finer values (1e-300) mean nothing and leave the range of a SQL real. */
const score = z.coerce
  .number()
  .min(0, 'Scores run from 0 to 100')
  .max(100, 'Scores run from 0 to 100')
  .transform((v) => Math.round(v * 100) / 100)
/** A checkbox or query flag: "true"/"on"/"1" mean yes; absent or empty means no filter. */
const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === 'on' || v === '1'),
  z.boolean().optional(),
)
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())

/** Where an evaluation is in its review (ARCHITECTURE §8: agents acknowledge or dispute). */
export const evaluationStatuses = ['ai_evaluated', 'under_review', 'reviewed', 'acknowledged', 'disputed'] as const
export const evaluationStatus = z.enum(evaluationStatuses)
export type EvaluationStatus = z.infer<typeof evaluationStatus>
export const evaluationStatusLabel: Record<EvaluationStatus, string> = {
  ai_evaluated: 'AI evaluated',
  under_review: 'Under review',
  reviewed: 'Reviewed',
  acknowledged: 'Acknowledged',
  disputed: 'Disputed',
}

export const answerValue = z.enum(['yes', 'no', 'n/a'])
export type AnswerValue = z.infer<typeof answerValue>

export const evaluationOrderings = [
  'call_time',
  '-call_time',
  'ai_score',
  '-ai_score',
  'auditor_score',
  '-auditor_score',
  'agent',
  '-agent',
  'duration',
  '-duration',
] as const
export const evaluationOrdering = z.enum(evaluationOrderings)
export type EvaluationOrdering = z.infer<typeof evaluationOrdering>

/** `list/{query}`: the page plus every filter of the evaluation list. Empty values mean "any". */
export const evaluationListQuery = pageQuery
  .extend({
    date_from: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
    date_to: z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional()),
    campaign_id: optionalId,
    service_id: optionalId,
    agent_id: optionalId,
    supervisor_id: optionalId,
    /** The agent's department and location (their staff profile), as the dashboards filter. */
    department_id: optionalId,
    location_id: optionalId,
    /** A template in any of its versions. */
    template_internal_id: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().uuid('Unknown template').optional(),
    ),
    /**
     * Calls where a category of this name lost points (its score that stands is under 100): the
     * dashboards' failed categories and violations by category.
     */
    failed_category: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(200).optional()),
    /**
     * Calls where a question of this text got an answer against its expected answer (N/A never
     * fails): the dashboards' top violations. Narrow it with failed_category and template_internal_id.
     */
    failed_question: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(1000).optional()),
    status: z.preprocess((v) => (v === '' ? undefined : v), evaluationStatus.optional()),
    score_min: z.preprocess((v) => (v === '' ? undefined : v), score.optional()),
    score_max: z.preprocess((v) => (v === '' ? undefined : v), score.optional()),
    auto_fail: flag,
    q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
    ordering: z.preprocess((v) => (v === '' ? undefined : v), evaluationOrdering.default('-call_time')),
  })
  .refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
    message: 'The start date is after the end date',
    path: ['date_to'],
  })
  .refine((f) => f.score_min === undefined || f.score_max === undefined || f.score_min <= f.score_max, {
    message: 'The minimum score is above the maximum',
    path: ['score_max'],
  })
export type EvaluationListQuery = z.infer<typeof evaluationListQuery>

const ref = z.object({ id: z.number().int(), name: z.string() })

export const evaluationSummary = z.object({
  id: z.number().int(),
  /** A call, or a chat or e-mail accepted from AI agent scoring. */
  channel,
  call_time: z.string(),
  /** A call's length; null for a chat or an e-mail. */
  duration_s: z.number().int().nullable(),
  customer_name: z.string(),
  purpose: z.string(),
  agent: ref,
  supervisor: ref.nullable(),
  campaign: ref,
  service: ref.nullable(),
  evaluation_type: ref.nullable(),
  template: z.object({ internal_id: z.string(), version: z.number().int(), name: z.string() }),
  status: evaluationStatus,
  scoring_status: jobStatus,
  /** 0–100; null until scored or when nothing applied. */
  ai_score: z.number().nullable(),
  auditor_score: z.number().nullable(),
  auto_fail: z.boolean(),
  has_audio: z.boolean(),
})
export type EvaluationSummary = z.infer<typeof evaluationSummary>
export const evaluationList = paged(evaluationSummary)

export const evaluationIdQuery = z.object({ call_evaluation_id: id })

export const transcriptSegment = z.object({
  speaker: z.enum(['agent', 'customer']),
  start: z.number(),
  end: z.number(),
  text: z.string(),
})
export type TranscriptSegment = z.infer<typeof transcriptSegment>

export const evaluationDetail = evaluationSummary.extend({
  engine: z.enum(['local', 'llm']).nullable(),
  scoring_error: z.string().nullable(),
  scored_at: z.string().nullable(),
  reviewed_by: ref.nullable(),
  reviewed_at: z.string().nullable(),
  /** A call's recording and transcript; null for a chat or an e-mail. */
  recording: z
    .object({
      recording_id: z.number().int(),
      status: jobStatus,
      duration_s: z.number().int(),
      has_audio: z.boolean(),
      segments: z.array(transcriptSegment),
    })
    .nullable(),
  /** A chat's or e-mail's messages (from the scoring item it was accepted from); null for a call. */
  thread: z.array(scoringTurn).nullable(),
  /** The AI agent scoring item it was accepted from, if any. */
  scoring_item_id: z.number().int().nullable(),
})
export type EvaluationDetail = z.infer<typeof evaluationDetail>

/** `check_access_status/`: what this user may do with the call right now, and why not. */
export const accessStatus = z.object({
  call_evaluation_id: z.number().int(),
  can_view: z.boolean(),
  can_review: z.boolean(),
  can_change_status: z.boolean(),
  /** Why review is not possible now (role, ownership, another auditor's open review). */
  reason: z.string().nullable(),
  /** Another reviewer with the call open, if any. */
  locked_by: z.object({ id: z.number().int(), name: z.string(), since: z.string() }).nullable(),
})
export type AccessStatus = z.infer<typeof accessStatus>

/** SPEC §3: one manual review row per template question. */
export const manualReviewRow = z.object({
  internal_id: z.number().int(),
  value: answerValue,
  template_category: z.object({ internal_id: z.number().int(), name: z.string(), auto_failed: z.boolean() }),
  category_evaluation_score: z.object({ value: z.number().nullable() }),
  template_category_question: z.object({ question_text: z.string() }),
  category_question_evaluation_scores: z.object({
    value: answerValue,
    evaluation_key_word: z.string().nullable(),
    start_time: z.string().nullable(),
  }),
  /** Extras for the review screen: the question's evidence in seconds and why the AI answered so. */
  start_seconds: z.number().nullable(),
  justification: z.string(),
  expected_answer: z.enum(['yes', 'no']),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
})
export type ManualReviewRow = z.infer<typeof manualReviewRow>

/** The rows grouped by template category, in template order. */
export const manualReviewCategory = z.object({
  template_category: z.object({ internal_id: z.number().int(), name: z.string(), auto_failed: z.boolean() }),
  /** AI category score (0–100, null when no question applied). */
  ai_score: z.number().nullable(),
  /** Auditor category score from the saved values; null until reviewed. */
  auditor_score: z.number().nullable(),
  ai_failed: z.boolean(),
  auditor_failed: z.boolean().nullable(),
  questions: z.array(manualReviewRow),
})
export type ManualReviewCategory = z.infer<typeof manualReviewCategory>

export const manualReview = z.object({
  call_evaluation_id: z.number().int(),
  ai_score: z.number().nullable(),
  auditor_score: z.number().nullable(),
  auto_fail: z.boolean(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  categories: z.array(manualReviewCategory),
})
export type ManualReview = z.infer<typeof manualReview>

export const manualReviewBody = z.object({
  call_evaluation_id: id,
  rows: z
    .array(z.object({ internal_id: id, value: answerValue }))
    .min(1, 'Nothing to save')
    .max(500),
})
export type ManualReviewBody = z.infer<typeof manualReviewBody>

export const changeStatusBody = z.object({
  call_evaluation_id: id,
  status: evaluationStatus,
  /** Why the status changes; for a dispute, its reason, which it needs (400 without). */
  comment: z.string().trim().max(1000, 'Keep the comment to 1,000 characters').default(''),
})
export type ChangeStatusBody = z.infer<typeof changeStatusBody>

/** An agent disputes a result with a reason: the API answers 400 with this, and the status form says it at the field. */
export const DISPUTE_NEEDS_REASON = 'A dispute needs a reason: say what in the evaluation you disagree with.'
export const lacksDisputeReason = (body: { status: EvaluationStatus; comment?: string }) =>
  body.status === 'disputed' && !body.comment?.trim()

/** The status form's rules: the body's, and a dispute's reason (the API's check, said at the comment). */
export const changeStatusForm = changeStatusBody.superRefine((body, ctx) => {
  if (lacksDisputeReason(body))
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['comment'], message: DISPUTE_NEEDS_REASON })
})

export const statusHistoryEntry = z.object({
  id: z.number().int(),
  from_status: evaluationStatus.nullable(),
  to_status: evaluationStatus,
  changed_by: z.string().nullable(),
  comment: z.string(),
  created_at: z.string(),
})

/** `get_action_status/?ca_audit_id=`: the current status, what this user may move it to, the history. */
export const actionStatus = z.object({
  call_evaluation_id: z.number().int(),
  status: evaluationStatus,
  allowed: z.array(evaluationStatus),
  history: z.array(statusHistoryEntry),
})
export type ActionStatus = z.infer<typeof actionStatus>
export const actionStatusQuery = z.object({ ca_audit_id: id })

/** `access_start_end_time`: start a review session, keep it alive, or end it. */
export const reviewSessionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), call_evaluation_id: id }),
  z.object({ action: z.enum(['heartbeat', 'end']), call_evaluation_id: id, session_id: id }),
])
export type ReviewSessionBody = z.infer<typeof reviewSessionBody>
export const reviewSession = z.object({
  session_id: z.number().int(),
  call_evaluation_id: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Seconds this user has spent reviewing the call over all their sessions. */
  total_seconds: z.number().int(),
})
export type ReviewSession = z.infer<typeof reviewSession>

export const recordingIdQuery = z.object({ recording_id: id })
export const audioKey = z.object({ recording_id: z.number().int(), kid: z.string(), mime_type: z.string() })
export const audioKeyQuery = z.object({ recording_id: id, kid: z.string().uuid('Unknown key') })
export const signedAudio = z.object({ url: z.string(), expires_at: z.string() })
export type SignedAudio = z.infer<typeof signedAudio>

export const rescoreBody = z.object({ call_evaluation_id: id })

/** `/api/users/project-list/`: the people in the project (agents and QA supervisors) for pickers. */
export const projectUser = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  employee_code: z.string().nullable(),
})
export const projectListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(200),
  q: z.string().trim().max(100).optional(),
  role: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['agent', 'qa_supervisor']).optional()),
})
export const projectList = z.object({ count: z.number().int(), results: z.array(projectUser) })
export type ProjectUser = z.infer<typeof projectUser>

const speakerNumbers = z.object({
  score: z.number().nullable(),
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
})
export const sentimentAnalysis = z.object({
  call_evaluation_id: z.number().int(),
  agent: speakerNumbers,
  customer: speakerNumbers,
  /** Whole-call label from the customer's mean: positive, neutral or negative. */
  overall: z.enum(['positive', 'neutral', 'negative']),
})
export type SentimentAnalysis = z.infer<typeof sentimentAnalysis>

export const sentimentTiming = z.object({
  call_evaluation_id: z.number().int(),
  points: z.array(
    z.object({
      start_time: z.string(),
      start_seconds: z.number(),
      agent: z.number().nullable(),
      customer: z.number().nullable(),
    }),
  ),
})
export type SentimentTiming = z.infer<typeof sentimentTiming>

export const wordCloudData = z.object({
  call_evaluation_id: z.number().int(),
  words: z.array(
    z.object({
      word: z.string(),
      count: z.number().int(),
      agent: z.number().int(),
      customer: z.number().int(),
      sentiment: z.enum(['positive', 'negative', 'neutral']),
    }),
  ),
})
export type WordCloudData = z.infer<typeof wordCloudData>

/** The emotions the project's lexicon tells apart (api/engines/text/emotion-lexicon.ts). */
export const emotions = ['anger', 'frustration', 'anxiety', 'sadness', 'joy', 'gratitude', 'trust', 'surprise'] as const
export const emotionAnalysis = z.object({
  call_evaluation_id: z.number().int(),
  agent: z.record(z.number()),
  customer: z.record(z.number()),
})
export type EmotionAnalysis = z.infer<typeof emotionAnalysis>

export const profanityBody = z.object({ call_evaluation_id: id })
export const profanityResult = z.object({
  call_evaluation_id: z.number().int(),
  count: z.number().int(),
  hits: z.array(
    z.object({
      speaker: z.enum(['agent', 'customer']),
      start_time: z.string(),
      start_seconds: z.number(),
      word: z.string(),
      text: z.string(),
    }),
  ),
})
export type ProfanityResult = z.infer<typeof profanityResult>
