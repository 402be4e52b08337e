import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { JobStatus } from '#contract/envelope'
import type {
  SummaryChart,
  SummaryDetail,
  SummaryItem,
  SummaryListQuery,
  SummaryTypeCode,
} from '#contract/summarization'
import type { Db } from '../../db/client'
import { summaries } from '../../db/schema'
import { summaryTypeInfo } from '../../engines/summarize'
import { summaryRule, type Actor } from '../../auth/access'
import { notFound } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'
import { statusKpiOf } from '../speech/store'

export const NOT_FOUND = 'Summary not found'
export const PASTED_TEXT = 'Pasted text'
export const CANCELLED = 'Cancelled before it finished.'
const PREVIEW_CHARS = 160
/** The statuses of a summary that has not finished (it can still be started, cancelled or given up). */
const UNFINISHED: JobStatus[] = ['pending', 'in_queue', 'started']

/** SPEC §9: the chart's figures before there is any summary (and the response says so). */
export const DEFAULT_CHART: Record<JobStatus, number> = {
  completed: 60,
  started: 15,
  in_queue: 10,
  pending: 10,
  failed: 5,
}

const itemColumns = {
  id: summaries.id,
  status: summaries.status,
  summaryType: summaries.summaryType,
  sourceName: summaries.sourceName,
  preview: sql<string>`left(${summaries.text}, ${PREVIEW_CHARS})`,
  wordCount: summaries.wordCount,
  failureReason: summaries.failureReason,
  createdAt: summaries.createdAt,
  completedAt: summaries.completedAt,
}
type ItemRow = {
  id: number
  status: JobStatus
  summaryType: SummaryTypeCode
  sourceName: string
  preview: string
  wordCount: number
  failureReason: string | null
  createdAt: Date
  completedAt: Date | null
}

function toItem(r: ItemRow): SummaryItem {
  return {
    summary_id: r.id,
    status: r.status,
    summary_type: r.summaryType,
    summary_type_label: summaryTypeInfo[r.summaryType].label,
    source: r.sourceName,
    preview: r.preview.replace(/\s+/g, ' ').trim(),
    word_count: r.wordCount,
    failure_reason: r.failureReason,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt ? r.completedAt.toISOString() : null,
  }
}

export const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length

export async function createSummary(
  db: Db,
  user: Actor,
  input: { text: string; summaryType: SummaryTypeCode; sourceName: string },
) {
  const [row] = await db
    .insert(summaries)
    .values({
      userId: user.id,
      summaryType: input.summaryType,
      sourceName: input.sourceName.slice(0, 255),
      text: input.text,
      wordCount: wordCount(input.text),
    })
    .returning({ id: summaries.id, status: summaries.status })
  return row
}

/** Where a summary stands, for a request waiting on it (undefined once deleted). */
export async function summaryProgress(db: Db, summaryId: number) {
  const [row] = await db
    .select({
      status: summaries.status,
      summary: summaries.summary,
      failureReason: summaries.failureReason,
    })
    .from(summaries)
    .where(eq(summaries.id, summaryId))
  return row
}

/** Deletes a summary's row (a running one should be cancelled first). */
export async function deleteSummary(db: Db, summaryId: number) {
  await db.delete(summaries).where(eq(summaries.id, summaryId))
}

/** The user's summaries, newest first; `q` searches the source name, the text and the summary. */
export async function listSummaries(db: Db, user: Actor, query: SummaryListQuery) {
  const conditions: (SQL | undefined)[] = [summaryRule.readable(user)]
  if (query.status) conditions.push(eq(summaries.status, query.status))
  if (query.summary_type) conditions.push(eq(summaries.summaryType, query.summary_type))
  if (query.q) {
    const like = likePattern(query.q)
    conditions.push(or(ilike(summaries.sourceName, like), ilike(summaries.text, like), ilike(summaries.summary, like))!)
  }
  const where = and(...conditions)
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(summaries)
      .where(where)
      .orderBy(desc(summaries.createdAt), desc(summaries.id))
      .limit(query.page_size)
      .offset(offsetOf(query.page, query.page_size)),
    db.select({ n: count() }).from(summaries).where(where),
  ])
  return pageOf((rows as ItemRow[]).map(toItem), n, query.page, query.page_size)
}

/** One of the user's summaries (404 for anyone else's: ids are guessable). */
export async function loadSummary(db: Db, user: Actor, summaryId: number) {
  const [row] = await db
    .select()
    .from(summaries)
    .where(and(eq(summaries.id, summaryId), summaryRule.readable(user)))
  if (!row) throw notFound(NOT_FOUND)
  return row
}

export async function summaryDetail(db: Db, user: Actor, summaryId: number): Promise<SummaryDetail> {
  const row = await loadSummary(db, user, summaryId)
  return {
    ...toItem({ ...row, preview: row.text.slice(0, PREVIEW_CHARS) }),
    summary: row.summary,
    engine: row.engine,
    text: row.text,
  }
}

async function countsByStatus(db: Db, user: Actor) {
  return db
    .select({ status: summaries.status, n: count() })
    .from(summaries)
    .where(summaryRule.readable(user))
    .groupBy(summaries.status)
}

export async function summaryKpi(db: Db, user: Actor) {
  return statusKpiOf(await countsByStatus(db, user))
}

/** The status distribution in percent; SPEC §9's defaults while the user has none. */
export async function summaryChart(db: Db, user: Actor): Promise<SummaryChart> {
  const kpi = statusKpiOf(await countsByStatus(db, user))
  if (kpi.total === 0) {
    return {
      is_default: true,
      total: 0,
      results: kpi.results.map(({ status, label }) => ({ status, label, percentage: DEFAULT_CHART[status] })),
    }
  }
  return {
    is_default: false,
    total: kpi.total,
    results: kpi.results.map(({ status, label, percentage }) => ({ status, label, percentage })),
  }
}

// ---- the summary job (./job.ts)

/** Marks a pending summary "in queue" under its job; one already taken is left as it is. */
export async function markSummaryQueued(db: Db, summaryId: number, jobId: string | null) {
  await db
    .update(summaries)
    .set({ status: 'in_queue', jobId })
    .where(and(eq(summaries.id, summaryId), eq(summaries.status, 'pending')))
}

/**
 * Marks an unfinished summary failed as cancelled (a worker that took it cannot then overwrite
 * that: its update needs 'started'). Returns its job id, or undefined if it had already finished.
 */
export async function markSummaryCancelled(db: Db, summaryId: number) {
  const [row] = await db
    .update(summaries)
    .set({ status: 'failed', failureReason: CANCELLED, completedAt: new Date() })
    .where(and(eq(summaries.id, summaryId), inArray(summaries.status, UNFINISHED)))
    .returning({ jobId: summaries.jobId })
  return row
}

/** Marks an unfinished summary 'started' and returns it; undefined if it was deleted or cancelled meanwhile. */
export async function startSummary(db: Db, summaryId: number) {
  const [row] = await db
    .update(summaries)
    .set({ status: 'started', failureReason: null })
    .where(and(eq(summaries.id, summaryId), inArray(summaries.status, UNFINISHED)))
    .returning()
  return row
}

/** Stores a made summary, if the summary is still 'started' (not cancelled meanwhile). */
export async function completeSummary(db: Db, summaryId: number, made: { summary: string; engine: string }) {
  await db
    .update(summaries)
    .set({ status: 'completed', summary: made.summary, engine: made.engine, completedAt: new Date() })
    .where(and(eq(summaries.id, summaryId), eq(summaries.status, 'started')))
}

/** Marks a summary that was being made failed with the reason, if it is still 'started'. */
export async function failStartedSummary(db: Db, summaryId: number, reason: string) {
  await db
    .update(summaries)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(summaries.id, summaryId), eq(summaries.status, 'started')))
}

/** Marks an unfinished summary failed with the reason (its job was given up). */
export async function failUnfinishedSummary(db: Db, summaryId: number, reason: string) {
  await db
    .update(summaries)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(summaries.id, summaryId), inArray(summaries.status, UNFINISHED)))
}
