import { and, asc, count, desc, eq, gte, inArray, lt, min, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import {
  rejectReasons,
  scoringBucketLabel,
  scoringBuckets,
  type RejectReason,
  type ScoringItemRow,
  type ScoringKpi,
  type ScoringKpiQuery,
  type ScoringListQuery,
  type ScoringOrdering,
} from '#contract/agent-scoring'
import { jobStatusLabel } from '#contract/envelope'
import { scoringItems, scoringResults, templates } from '../../../db/schema'
import type { Conn } from '../../../db/sql'
import type { Actor } from '../../../auth/access'
import { confusionTotal } from '../../../lib/agreement'
import type { CsvValue } from '../../../lib/csv'
import { offsetOf, pageOf } from '../../../lib/paging'
import { agreementByCriterion, agreementOf, criterionTallies, decisionsCount, figuresOf } from './calibration'
import { needsAttention, scoringConditions, type ScoringFilter } from './filters'
import { headColumns, headItemColumns, itemHead, withHeadJoins } from './head'
import { NEEDS_HUMAN_BELOW } from '../confidence'

const rowColumns = {
  item: headItemColumns,
  ...headColumns,
  /**
   * Every quote checked word for word (none repaired or unverified). An answer that rests on nothing
   * said ("no words to that effect") has no quote to check: its weaker footing is in its confidence.
   */
  allVerified: sql<boolean>`not exists (select 1 from ${scoringResults} r
    where r.item_id = ${scoringItems.id} and r.evidence_check <> 'verified' and jsonb_array_length(r.evidence) > 0)`,
}

/** The rows of the queue with their names, for a WHERE and ORDER BY to come. */
const rowQuery = (db: Conn) => withHeadJoins(db.select(rowColumns).from(scoringItems).$dynamic())
type Row = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number]

function toRow(r: Row, now: number): ScoringItemRow {
  const { item } = r
  const needsHuman = item.confidence !== null && item.confidence < NEEDS_HUMAN_BELOW
  return {
    ...itemHead(item, r),
    needs_human: needsHuman,
    // scored (a confidence) with every criterion at or above the bar, every quote verified
    all_verified_high: item.confidence !== null && !needsHuman && Boolean(r.allVerified),
    age_s: item.bucket === 'pending' ? Math.max(0, Math.floor((now - item.createdAt.getTime()) / 1000)) : null,
  }
}

/**
 * The ORDER BY of an ordering, ties broken by id. Confidence and score are null until scored: those
 * go last either way. The default puts the least confident first, then the oldest.
 */
function orderOf(ordering: ScoringOrdering): SQL[] {
  if (ordering === 'needs_human') {
    return [sql`${scoringItems.confidence} asc nulls last`, asc(scoringItems.createdAt), asc(scoringItems.id)]
  }
  const direction = ordering.startsWith('-') ? 'desc' : 'asc'
  const tie = direction === 'asc' ? asc(scoringItems.id) : desc(scoringItems.id)
  const nullable = (column: PgColumn) => [sql`${column} ${sql.raw(direction)} nulls last`, tie]
  switch (ordering.replace(/^-/, '')) {
    case 'confidence':
      return nullable(scoringItems.confidence)
    case 'ai_score':
      return nullable(scoringItems.aiScore)
    default:
      return [direction === 'asc' ? asc(scoringItems.createdAt) : desc(scoringItems.createdAt), tie]
  }
}

/** GET list/: a page of the queue, the count on scoring_items alone. */
export async function listItems(db: Conn, actor: Actor, query: ScoringListQuery) {
  const where = and(...scoringConditions(db, actor, query))
  const { page, page_size: pageSize } = query
  const [rows, [total]] = await Promise.all([
    rowQuery(db)
      .where(where)
      .orderBy(...orderOf(query.ordering))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(scoringItems).where(where),
  ])
  const now = Date.now()
  return pageOf(
    rows.map((r) => toRow(r, now)),
    total?.n ?? 0,
    page,
    pageSize,
  )
}

/** The ids of the whole list in its order, at most `limit` (the export reads them first, then the rows in batches). */
export async function orderedItemIds(
  db: Conn,
  actor: Actor,
  filter: ScoringFilter & { ordering: ScoringOrdering },
  limit: number,
) {
  const rows = await db
    .select({ id: scoringItems.id })
    .from(scoringItems)
    .where(and(...scoringConditions(db, actor, filter)))
    .orderBy(...orderOf(filter.ordering))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The rows of these items, in the order of `ids` (unknown ids left out). */
export async function itemRowsOf(db: Conn, ids: number[]): Promise<ScoringItemRow[]> {
  if (!ids.length) return []
  const rows = await rowQuery(db).where(inArray(scoringItems.id, ids))
  const now = Date.now()
  const byId = new Map(rows.map((r) => [r.item.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toRow(row, now)] : []
  })
}

const MOST_REJECTED = 5
const RECENT = 10

/** The first instant of the UTC month of `now`, and of the next one. */
function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  return { start, end, label: start.toISOString().slice(0, 7) }
}

/**
 * GET kpi/: the items in scope per bucket, the pending ones waiting (needing attention, being
 * scored, the oldest), the AI's agreement with the supervisors' decisions this month, the criteria
 * they corrected most (every decision in scope), and the latest items.
 */
export async function queueKpi(db: Conn, actor: Actor, query: ScoringKpiQuery, now = new Date()): Promise<ScoringKpi> {
  const scope = scoringConditions(db, actor, query)
  const month = monthOf(now)
  const thisMonth = [...scope, gte(scoringItems.decidedAt, month.start), lt(scoringItems.decidedAt, month.end)]
  const [byBucket, [pending], monthTallies, monthDecisions, tallies, recent] = await Promise.all([
    db
      .select({ bucket: scoringItems.bucket, n: count() })
      .from(scoringItems)
      .where(and(...scope))
      .groupBy(scoringItems.bucket),
    db
      .select({
        needsAttention: count(sql`case when ${needsAttention} then 1 end`),
        inProgress: count(sql`case when ${inArray(scoringItems.jobStatus, ['in_queue', 'started'])} then 1 end`),
        oldest: min(scoringItems.createdAt),
      })
      .from(scoringItems)
      .where(and(eq(scoringItems.bucket, 'pending'), ...scope)),
    criterionTallies(db, thisMonth),
    decisionsCount(db, thisMonth),
    criterionTallies(db, scope),
    rowQuery(db)
      .where(and(...scope))
      .orderBy(desc(scoringItems.createdAt), desc(scoringItems.id))
      .limit(RECENT),
  ])
  const agreement = agreementOf(monthTallies)
  const mostRejected = [...agreementByCriterion(tallies).values()]
    .map((c) => ({ ...c, corrections: confusionTotal(c.confusion) - c.agreed }))
    .filter((c) => c.corrections > 0)
    .sort((a, b) => b.corrections - a.corrections || a.question.localeCompare(b.question))
    .slice(0, MOST_REJECTED)
  const names = await latestTemplateNames(db, [...new Set(mostRejected.map((c) => c.internalId))])
  const oldest = pending?.oldest ? new Date(pending.oldest) : null
  return {
    buckets: scoringBuckets.map((bucket) => ({ bucket, count: byBucket.find((b) => b.bucket === bucket)?.n ?? 0 })),
    pending: {
      needs_attention: pending?.needsAttention ?? 0,
      in_progress: pending?.inProgress ?? 0,
      oldest_age_s: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
    },
    agreement: {
      month: month.label,
      decisions: monthDecisions,
      criteria: confusionTotal(agreement.confusion),
      ...figuresOf(agreement),
    },
    most_rejected: mostRejected.map((c) => ({
      template: { internal_id: c.internalId, name: names.get(c.internalId) ?? '' },
      category: c.category,
      question: c.question,
      corrections: c.corrections,
      // the most frequent; among equals, the first in the contract's order
      top_reason: rejectReasons.reduce<RejectReason | null>(
        (top, r) => (c.reasons[r] > (top ? c.reasons[top] : 0) ? r : top),
        null,
      ),
    })),
    recent: recent.map((r) => toRow(r, now.getTime())),
  }
}

/** Each template's name as its latest version has it. */
async function latestTemplateNames(db: Conn, internalIds: string[]) {
  if (!internalIds.length) return new Map<string, string>()
  const rows = await db
    .select({ internalId: templates.internalId, name: templates.name })
    .from(templates)
    .where(and(inArray(templates.internalId, internalIds), eq(templates.isLatest, true)))
  return new Map(rows.map((r) => [r.internalId, r.name]))
}

/** The CSV export's columns: the list's row, flat. */
export const scoringExportColumns = [
  'item_id',
  'created_at',
  'channel',
  'bucket',
  'title',
  'agent',
  'campaign',
  'template',
  'template_version',
  'job_status',
  'needs_attention',
  'failure_reason',
  'not_scorable_reason',
  'ai_score',
  'ai_auto_fail',
  'confidence',
  'needs_human',
  'all_verified_high',
  'claimed_by',
  'decided_by',
  'decided_at',
  'evaluation_id',
] as const

export function scoringExportRow(r: ScoringItemRow): CsvValue[] {
  return [
    r.item_id,
    r.created_at,
    r.channel,
    scoringBucketLabel[r.bucket],
    r.title,
    r.agent.name,
    r.campaign.name,
    r.template.name,
    r.template.version,
    jobStatusLabel[r.job_status],
    r.needs_attention ? 'yes' : 'no',
    r.failure_reason,
    r.not_scorable_reason,
    r.ai_score,
    r.ai_auto_fail ? 'yes' : 'no',
    r.confidence,
    r.needs_human ? 'yes' : 'no',
    r.all_verified_high ? 'yes' : 'no',
    r.claimed_by?.name,
    r.decided_by?.name,
    r.decided_at,
    r.evaluation_id,
  ]
}
