import { eq } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { NotScorableReason, ScoringItemRow } from '#contract/agent-scoring'
import { campaigns, scoringItems, templates, users } from '../../../db/schema'
import { fullName } from '../../../db/sql'
import { needsAttention } from './filters'

// What an item's row in the queue and its page both say of it, read and mapped in one place.

const claimer = alias(users, 'claimer')
const decider = alias(users, 'decider')

/** The item's own columns its head shows. */
export const headItemColumns = {
  id: scoringItems.id,
  channel: scoringItems.channel,
  bucket: scoringItems.bucket,
  version: scoringItems.version,
  title: scoringItems.title,
  agentId: scoringItems.agentId,
  campaignId: scoringItems.campaignId,
  jobStatus: scoringItems.jobStatus,
  failureReason: scoringItems.failureReason,
  notScorableReason: scoringItems.notScorableReason,
  aiScore: scoringItems.aiScore,
  aiAutoFail: scoringItems.aiAutoFail,
  confidence: scoringItems.confidence,
  claimedBy: scoringItems.claimedBy,
  decidedBy: scoringItems.decidedBy,
  decidedAt: scoringItems.decidedAt,
  evaluationId: scoringItems.evaluationId,
  createdAt: scoringItems.createdAt,
}

/** Selected beside the item: the names its head shows and whether it needs attention (joined by `withHeadJoins`). */
export const headColumns = {
  needsAttention,
  agentName: fullName(users),
  campaignName: campaigns.name,
  template: { internalId: templates.internalId, name: templates.name, version: templates.version },
  claimerName: fullName(claimer),
  deciderName: fullName(decider),
}

/** The joins `headColumns` read, on a select from scoring_items. */
export const withHeadJoins = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(users, eq(users.id, scoringItems.agentId))
    .innerJoin(campaigns, eq(campaigns.id, scoringItems.campaignId))
    .innerJoin(templates, eq(templates.id, scoringItems.templateId))
    .leftJoin(claimer, eq(claimer.id, scoringItems.claimedBy))
    .leftJoin(decider, eq(decider.id, scoringItems.decidedBy))

type HeadItem = Pick<typeof scoringItems.$inferSelect, keyof typeof headItemColumns>
type HeadNames = {
  needsAttention: boolean
  agentName: string
  campaignName: string
  template: { internalId: string; name: string; version: number }
  claimerName: string | null
  deciderName: string | null
}

export const refOf = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' })

type ItemHead = Omit<ScoringItemRow, 'needs_human' | 'all_verified_high' | 'age_s'>

/** The fields an item's row and its page share. */
export function itemHead(item: HeadItem, names: HeadNames): ItemHead {
  return {
    item_id: item.id,
    channel: item.channel,
    bucket: item.bucket,
    version: item.version,
    title: item.title,
    agent: { id: item.agentId, name: names.agentName },
    campaign: { id: item.campaignId, name: names.campaignName },
    template: { internal_id: names.template.internalId, name: names.template.name, version: names.template.version },
    job_status: item.jobStatus,
    failure_reason: item.failureReason,
    not_scorable_reason: (item.notScorableReason as NotScorableReason | null) ?? null,
    needs_attention: Boolean(names.needsAttention),
    ai_score: item.aiScore,
    ai_auto_fail: item.aiAutoFail,
    confidence: item.confidence,
    claimed_by: refOf(item.claimedBy, names.claimerName),
    decided_by: refOf(item.decidedBy, names.deciderName),
    decided_at: item.decidedAt?.toISOString() ?? null,
    evaluation_id: item.evaluationId,
    created_at: item.createdAt.toISOString(),
  }
}
