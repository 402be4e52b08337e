import { z } from 'zod'

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
  text: z.string().trim().min(1, 'Paste the conversation').max(SCORING_TEXT_MAX, `At most ${SCORING_TEXT_MAX} characters`),
  /** The template to score against; the campaign's default when left out. */
  template_internal_id: z.string().uuid().optional(),
  agent_id: id,
  campaign_id: id,
})
export type CreateScoringBody = z.infer<typeof createScoringBody>

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
export const scoringItemState = z.object({ item_id: z.number().int(), bucket: scoringBucket, version: z.number().int() })

export const scoringTurn = z.object({
  index: z.number().int(),
  speaker: z.enum(['agent', 'customer']),
  text: z.string(),
  start_s: z.number().nullable(),
})

export const scoringCriterion = z.object({
  question_id: z.number().int(),
  category: z.string(),
  question: z.string(),
  auto_fail: z.boolean(),
  ai_value: answer,
  rationale: z.string(),
  evidence: z.array(
    z.object({ quote: z.string(), speaker: z.enum(['agent', 'customer']), turn: z.number().int(), start_s: z.number().nullable() }),
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
  conversation: z.array(scoringTurn),
  criteria: z.array(scoringCriterion),
  audit: z.array(scoringAuditEntry),
})
export type ScoringItemDetail = z.infer<typeof scoringItemDetail>
