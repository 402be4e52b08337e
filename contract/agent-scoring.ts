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
