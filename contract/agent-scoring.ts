import { z } from 'zod'
import { isoDate, pageQuery, paged } from './envelope'

// AI agent scoring (SPEC §2, docs/decisions/015): interactions scored against a call-evaluation
// template, then accepted or rejected by a QA supervisor.

/** SPEC §2's sub-views, in the order an item goes through them. */
export const scoringBuckets = ['pending', 'ai_reviewed', 'ai_accepted', 'ai_rejected'] as const
export const scoringBucket = z.enum(scoringBuckets)
export type ScoringBucket = z.infer<typeof scoringBucket>

export const scoringBucketLabel: Record<ScoringBucket, string> = {
  pending: 'Pending',
  ai_reviewed: 'AI reviewed',
  ai_accepted: 'AI accepted',
  ai_rejected: 'AI rejected',
}

/** The kinds of interaction scored: a call (audio, transcribed first), a chat or an e-mail (text). */
export const channels = ['call', 'chat', 'email'] as const
export const channel = z.enum(channels)
export type Channel = z.infer<typeof channel>

export const channelLabel: Record<Channel, string> = { call: 'Call', chat: 'Chat', email: 'E-mail' }

export const decisions = ['accept', 'reject'] as const
export const decision = z.enum(decisions)
export type Decision = z.infer<typeof decision>

/** Why a supervisor disputes a criterion's AI answer. */
export const rejectReasons = [
  'wrong_verdict',
  'evidence_not_in_conversation',
  'criterion_unclear',
  'not_scorable',
] as const
export const rejectReason = z.enum(rejectReasons)
export type RejectReason = z.infer<typeof rejectReason>

/** An evidence quote checked word for word against the conversation. */
export const evidenceChecks = ['verified', 'repaired', 'unverified'] as const
export type EvidenceCheck = (typeof evidenceChecks)[number]

/** Why an interaction cannot be scored: said on the item, never a silent skip. */
export const notScorableReasons = ['voicemail', 'too_few_words', 'other_language', 'no_agent_turns'] as const
export type NotScorableReason = (typeof notScorableReasons)[number]

/** What the audit trail records. */
export const scoringEvents = [
  'created',
  'scored',
  'not_scorable',
  'failed',
  'rescore',
  'claimed',
  'released',
  'accepted',
  'rejected',
] as const
export type ScoringEvent = (typeof scoringEvents)[number]

// ---------------------------------------------------------------- the wire

const id = z.coerce.number().int().positive().max(2_147_483_647)
const ref = z.object({ id: z.number().int(), name: z.string() })
const answer = z.enum(['yes', 'no', 'n/a'])

/** A pasted chat or e-mail: at most this many characters. */
export const SCORING_TEXT_MAX = 50_000

/** `create/` with JSON: a chat or an e-mail as text (see docs/decisions/015 for how it is read). */
export const createScoringBody = z.object({
  channel: z.enum(['chat', 'email']),
  text: z
    .string()
    .trim()
    .min(1, 'Paste the conversation')
    .max(SCORING_TEXT_MAX, `At most ${SCORING_TEXT_MAX} characters`),
  /** The template to score against; the campaign's default when left out. */
  template_internal_id: z.string().uuid().optional(),
  agent_id: id,
  campaign_id: id,
})
export type CreateScoringBody = z.infer<typeof createScoringBody>

/** A conversation file: a chat or an e-mail as .txt, a chat as .json turns, an e-mail as .eml. */
export const SCORING_TEXT_FILE_MAX_BYTES = 1024 * 1024
export const scoringTextFileTypes = ['.txt', '.json', '.eml'] as const

/**
 * `create/` as multipart: the conversation in `file` (.txt, .json or .eml, or a call's audio up to
 * the speech module's limit) with these fields. The channel follows the file: audio is a call, .eml
 * an e-mail, .json a chat; a .txt is a chat unless `channel` says e-mail.
 */
export const createScoringFields = z.object({
  channel: z.preprocess((v) => (v === '' ? undefined : v), channel.optional()),
  template_internal_id: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid().optional()),
  agent_id: id,
  campaign_id: id,
})
export type CreateScoringFields = z.infer<typeof createScoringFields>

export const createScoringResult = z.object({ item_id: z.number().int(), bucket: scoringBucket })

export const scoringItemQuery = z.object({ item_id: id })
export const claimBody = z.object({ item_id: id })

export const correction = z.object({
  question_id: id,
  value: answer,
  reason_code: rejectReason,
  comment: z.string().trim().max(1000).default(''),
})
export const decisionBody = z.object({
  item_id: id,
  decision,
  corrections: z.array(correction).max(200).default([]),
  /** The item's version as its author saw it: needed to change a decision already made. */
  version: z.coerce.number().int().positive().optional(),
})
export type DecisionBody = z.infer<typeof decisionBody>

/** An item's bucket and version after a change. */
export const scoringItemState = z.object({
  item_id: z.number().int(),
  bucket: scoringBucket,
  version: z.number().int(),
})

/** A message of a chat or e-mail thread, or a line of a call's transcript (with its start second). */
export const scoringTurn = z.object({
  index: z.number().int(),
  speaker: z.enum(['agent', 'customer']),
  text: z.string(),
  start_s: z.number().nullable(),
})
export type ScoringTurn = z.infer<typeof scoringTurn>

export const scoringCriterion = z.object({
  question_id: z.number().int(),
  category: z.string(),
  question: z.string(),
  auto_fail: z.boolean(),
  ai_value: answer,
  rationale: z.string(),
  evidence: z.array(
    z.object({
      quote: z.string(),
      speaker: z.enum(['agent', 'customer']),
      turn: z.number().int(),
      start_s: z.number().nullable(),
    }),
  ),
  evidence_check: z.enum(evidenceChecks),
  confidence: z.number(),
  needs_human: z.boolean(),
  corrected_value: answer.nullable(),
  reason_code: rejectReason.nullable(),
  comment: z.string(),
})

export const scoringAuditEntry = z.object({
  event: z.enum(scoringEvents),
  from: scoringBucket.nullable(),
  to: scoringBucket,
  by: ref.nullable(),
  at: z.string(),
  detail: z.record(z.unknown()),
})

export const scoringItemDetail = z.object({
  item_id: z.number().int(),
  channel,
  bucket: scoringBucket,
  version: z.number().int(),
  title: z.string(),
  agent: ref,
  campaign: ref,
  template: z.object({ internal_id: z.string(), name: z.string(), version: z.number().int() }),
  job_status: z.enum(['pending', 'in_queue', 'started', 'completed', 'failed']),
  failure_reason: z.string().nullable(),
  not_scorable_reason: z.enum(notScorableReasons).nullable(),
  /** Failed or not scorable: it waits for a person. */
  needs_attention: z.boolean(),
  engine: z.enum(['local', 'llm']).nullable(),
  model: z.string().nullable(),
  ai_score: z.number().nullable(),
  ai_auto_fail: z.boolean(),
  confidence: z.number().nullable(),
  claimed_by: ref.nullable(),
  decided_by: ref.nullable(),
  decided_at: z.string().nullable(),
  evaluation_id: z.number().int().nullable(),
  created_at: z.string(),
  scored_at: z.string().nullable(),
  /** A call's recording (its audio plays through the signed-link endpoints of call evaluation); null for text. */
  recording: z
    .object({
      recording_id: z.number().int(),
      status: z.enum(['pending', 'in_queue', 'started', 'completed', 'failed']),
      has_audio: z.boolean(),
      duration_s: z.number().int(),
    })
    .nullable(),
  conversation: z.array(scoringTurn),
  criteria: z.array(scoringCriterion),
  audit: z.array(scoringAuditEntry),
})
export type ScoringItemDetail = z.infer<typeof scoringItemDetail>

// ---------------------------------------------------------------- the queue, its KPIs, calibration, export

/** An empty value means "any", as a form left blank sends it. */
const blank = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
/** A checkbox or query flag: "true"/"on"/"1" mean yes, "false"/"0" no; absent or empty means no filter. */
const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === 'on' || v === '1'),
  z.boolean().optional(),
)
const datesInOrder = (f: { date_from?: string; date_to?: string }) =>
  !f.date_from || !f.date_to || f.date_from <= f.date_to
const datesOutOfOrder = { message: 'The start date is after the end date', path: ['date_to'] }

/** Which items, by whom, of what and when: the filters every view of the queue shares. */
const scopeFields = {
  channel: blank(channel),
  /** A template in any of its versions. */
  template_internal_id: blank(z.string().trim().uuid('Unknown template')),
  agent_id: blank(id),
  campaign_id: blank(id),
  /** The day the item was created (UTC), from and to, both included. */
  date_from: blank(isoDate),
  date_to: blank(isoDate),
}

/** `needs_human` (the default): the least confident first, then the oldest; unscored items last. */
export const scoringOrderings = [
  'needs_human',
  'created_at',
  '-created_at',
  'confidence',
  '-confidence',
  'ai_score',
  '-ai_score',
] as const
export const scoringOrdering = z.enum(scoringOrderings)
export type ScoringOrdering = z.infer<typeof scoringOrdering>

const filterFields = {
  ...scopeFields,
  /** One of the four buckets; empty means all of them. */
  bucket: blank(scoringBucket),
  /** Items whose least confident criterion is at or below this (0–1). */
  confidence_max: blank(z.coerce.number().min(0, 'From 0 to 1').max(1, 'From 0 to 1')),
  /** Yes: only the failed or not scorable (pending) items; no: none of them. */
  needs_attention: flag,
  ordering: z.preprocess((v) => (v === '' ? undefined : v), scoringOrdering.default('needs_human')),
}

/** `list/`: a page of items with the queue's filters. */
export const scoringListQuery = pageQuery.extend(filterFields).refine(datesInOrder, datesOutOfOrder)
export type ScoringListQuery = z.infer<typeof scoringListQuery>
/** `export/`: the same list, whole (bounded), as CSV. */
export const scoringExportQuery = z.object(filterFields).refine(datesInOrder, datesOutOfOrder)
export type ScoringExportQuery = z.infer<typeof scoringExportQuery>
/** `kpi/`: the figures of the items in scope. */
export const scoringKpiQuery = z.object(scopeFields).refine(datesInOrder, datesOutOfOrder)
export type ScoringKpiQuery = z.infer<typeof scoringKpiQuery>
/** `calibration/`: one template (all its versions), optionally narrowed. */
export const scoringCalibrationQuery = z
  .object({ ...scopeFields, template_internal_id: z.string().trim().uuid('Unknown template') })
  .refine(datesInOrder, datesOutOfOrder)
export type ScoringCalibrationQuery = z.infer<typeof scoringCalibrationQuery>

/** One item as the queue lists it. */
export const scoringItemRow = scoringItemDetail
  .omit({
    engine: true,
    model: true,
    scored_at: true,
    recording: true,
    conversation: true,
    criteria: true,
    audit: true,
  })
  .extend({
    /** Its least confident criterion is below the bar: a person should look first. */
    needs_human: z.boolean(),
    /** Scored, and every criterion's quote verified with confidence at or above the bar: what may be accepted in bulk. */
    all_verified_high: z.boolean(),
    /** Seconds since it was created, while it is pending; null once scored. */
    age_s: z.number().int().nullable(),
  })
export type ScoringItemRow = z.infer<typeof scoringItemRow>
export const scoringList = paged(scoringItemRow)

const count = z.number().int().nonnegative()
const pct = z.number().min(0).max(100).nullable()

/**
 * AI against the supervisors over decided items' criteria: agreed where the supervisor gave no
 * correction; Cohen's κ of the AI's answer against the one that stands (the correction, else the AI's).
 */
const agreementFigures = {
  /** Of the criteria counted, those left as the AI answered. */
  agreed: count,
  agreement_pct: pct,
  /** -1 to 1, three decimals; null without answers or when both sides gave one label throughout. */
  kappa: z.number().nullable(),
}
export const scoringAgreement = z.object({
  /** Decided items. */
  decisions: count,
  /** Their criteria. */
  criteria: count,
  ...agreementFigures,
})

export const scoringKpi = z.object({
  /** The four buckets, in order. */
  buckets: z.array(z.object({ bucket: scoringBucket, count })),
  pending: z.object({
    /** Failed or not scorable. */
    needs_attention: count,
    /** Queued or being scored. */
    in_progress: count,
    oldest_age_s: z.number().int().nullable(),
  }),
  /** Decisions made this month (UTC), `month` as YYYY-MM. */
  agreement: scoringAgreement.extend({ month: z.string() }),
  /** The five criteria the supervisors corrected most (a criterion: a question of a template, in all its versions). */
  most_rejected: z.array(
    z.object({
      template: z.object({ internal_id: z.string(), name: z.string() }),
      category: z.string(),
      question: z.string(),
      corrections: count,
      top_reason: rejectReason.nullable(),
    }),
  ),
  /** The ten items created last. */
  recent: z.array(scoringItemRow),
})
export type ScoringKpi = z.infer<typeof scoringKpi>

export const scoringCalibrationCriterion = z.object({
  category: z.string(),
  question: z.string(),
  /** Decided items where it was scored. */
  decisions: count,
  ...agreementFigures,
  /** confusion[ai][supervisor], both in `labels` order (yes, no, n/a). */
  confusion: z.array(z.array(count)),
  /** Corrections by reason. */
  reasons: z.object(Object.fromEntries(rejectReasons.map((r) => [r, count])) as Record<RejectReason, typeof count>),
})
export type ScoringCalibrationCriterion = z.infer<typeof scoringCalibrationCriterion>
export const scoringCalibration = z.object({
  template: z.object({ internal_id: z.string(), name: z.string() }),
  labels: z.array(answer),
  overall: scoringAgreement,
  /** Every question of the template's versions, the lowest agreement first (undecided ones last): the rubric fixes to make. */
  criteria: z.array(scoringCalibrationCriterion),
})
export type ScoringCalibration = z.infer<typeof scoringCalibration>
