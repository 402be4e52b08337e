import type { ScoringBucket, ScoringEvent } from '#contract/agent-scoring'

/** Where each event may happen, and the bucket it leads to ('same': the item stays where it is). */
const rules: Record<ScoringEvent, { from: readonly ScoringBucket[]; to: ScoringBucket | 'same' }> = {
  created: { from: [], to: 'pending' },
  scored: { from: ['pending'], to: 'ai_reviewed' },
  not_scorable: { from: ['pending'], to: 'pending' },
  failed: { from: ['pending'], to: 'pending' },
  rescore: { from: ['pending', 'ai_reviewed'], to: 'pending' },
  claimed: { from: ['pending', 'ai_reviewed'], to: 'same' },
  released: { from: ['pending', 'ai_reviewed', 'ai_accepted', 'ai_rejected'], to: 'same' },
  accepted: { from: ['ai_reviewed', 'ai_rejected'], to: 'ai_accepted' },
  rejected: { from: ['ai_reviewed', 'ai_accepted'], to: 'ai_rejected' },
}

/** The bucket `event` moves an item in `from` to, or null where the event may not happen there. */
export function nextBucket(from: ScoringBucket, event: ScoringEvent): ScoringBucket | null {
  const rule = rules[event]
  if (!rule.from.includes(from)) return null
  return rule.to === 'same' ? from : rule.to
}

/** A decided item's decision may be changed, but only by someone who saw the decision (its version). */
export const isDecided = (bucket: ScoringBucket) => bucket === 'ai_accepted' || bucket === 'ai_rejected'
