import { eq, gte, inArray, lt, not, sql, type SQL } from 'drizzle-orm'
import type { ScoringListQuery } from '#contract/agent-scoring'
import { scoringItems, templates } from '../../../db/schema'
import { DAY_MS, utcDay, type Conn } from '../../../db/sql'
import { scoringItemRule, type Actor } from '../../../auth/access'

/** Which items: the queue's filters (contract/agent-scoring.ts). Absent fields mean "any". */
export type ScoringFilter = Partial<
  Pick<
    ScoringListQuery,
    | 'bucket'
    | 'channel'
    | 'template_internal_id'
    | 'agent_id'
    | 'campaign_id'
    | 'date_from'
    | 'date_to'
    | 'confidence_max'
    | 'needs_attention'
  >
>

/** Pending, and the job failed or found it not scorable: it waits for a person. */
export const needsAttention = sql<boolean>`(${scoringItems.bucket} = 'pending'
  and (${scoringItems.jobStatus} = 'failed' or ${scoringItems.notScorableReason} is not null))`

/** A supervisor has accepted or rejected it. */
export const decided = inArray(scoringItems.bucket, ['ai_accepted', 'ai_rejected'])

/**
 * The WHERE of a filter, as the actor may see it (an agent: their own items). It reads only
 * scoring_items (the template is an id list from its small table), so a count needs no join.
 */
export function scoringConditions(db: Conn, actor: Actor, filter: ScoringFilter): SQL[] {
  const conditions: SQL[] = []
  const readable = scoringItemRule.readable(actor)
  if (readable) conditions.push(readable)
  if (filter.bucket) conditions.push(eq(scoringItems.bucket, filter.bucket))
  if (filter.channel) conditions.push(eq(scoringItems.channel, filter.channel))
  if (filter.template_internal_id !== undefined) {
    conditions.push(
      inArray(
        scoringItems.templateId,
        db.select({ id: templates.id }).from(templates).where(eq(templates.internalId, filter.template_internal_id)),
      ),
    )
  }
  if (filter.agent_id !== undefined) conditions.push(eq(scoringItems.agentId, filter.agent_id))
  if (filter.campaign_id !== undefined) conditions.push(eq(scoringItems.campaignId, filter.campaign_id))
  if (filter.date_from) conditions.push(gte(scoringItems.createdAt, new Date(utcDay('date_from', filter.date_from))))
  // the whole last day, in UTC
  if (filter.date_to) conditions.push(lt(scoringItems.createdAt, new Date(utcDay('date_to', filter.date_to) + DAY_MS)))
  // compared as reals, the column's type: as a double, 0.4 stored would be a hair above 0.4 asked
  if (filter.confidence_max !== undefined) {
    conditions.push(sql`${scoringItems.confidence} <= ${filter.confidence_max}::real`)
  }
  if (filter.needs_attention !== undefined) {
    conditions.push(filter.needs_attention ? needsAttention : not(needsAttention))
  }
  return conditions
}
