import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { summaries } from '../../db/schema'
import type { Llm } from '../../engines/llm/client'
import { summarize } from '../../engines/summarize'
import { CANCELLED } from './store'
import { gaveUp, type Queue } from '../../jobs/queue'

export const SUMMARIZE_TEXT = 'summarize-text'
type SummarizeJob = { summary_id: number }

/** Queues a summary: it shows "in queue" until a worker takes it. */
export async function requestSummary(queue: Queue, db: Db, summaryId: number) {
  const jobId = await queue.send(SUMMARIZE_TEXT, { summary_id: summaryId } satisfies SummarizeJob, {
    singletonKey: `summary-${summaryId}`,
  })
  await db
    .update(summaries)
    .set({ status: 'in_queue', jobId })
    .where(and(eq(summaries.id, summaryId), eq(summaries.status, 'pending')))
  return jobId
}

/**
 * Stops a summary that has not finished: its job is cancelled and it is marked failed with the
 * reason, so a worker that already took it does not overwrite that (its update needs 'started').
 * Returns whether it was still running.
 */
export async function cancelSummary(queue: Queue | undefined, db: Db, summaryId: number) {
  const [row] = await db
    .update(summaries)
    .set({ status: 'failed', failureReason: CANCELLED, completedAt: new Date() })
    .where(and(eq(summaries.id, summaryId), inArray(summaries.status, ['pending', 'in_queue', 'started'])))
    .returning({ jobId: summaries.jobId })
  if (row?.jobId && queue) await queue.boss.cancel(SUMMARIZE_TEXT, row.jobId).catch(() => {})
  return Boolean(row)
}

export async function runSummaryJob(db: Db, llm: Llm | null, data: SummarizeJob) {
  const [row] = await db
    .update(summaries)
    .set({ status: 'started', failureReason: null })
    .where(and(eq(summaries.id, data.summary_id), inArray(summaries.status, ['pending', 'in_queue', 'started'])))
    .returning()
  // deleted or cancelled meanwhile
  if (!row) return { skipped: true }
  try {
    const made = await summarize(row.text, row.summaryType, { llm })
    await db
      .update(summaries)
      .set({ status: 'completed', summary: made.summary, engine: made.engine, completedAt: new Date() })
      .where(and(eq(summaries.id, row.id), eq(summaries.status, 'started')))
    return { engine: made.engine }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db
      .update(summaries)
      .set({ status: 'failed', failureReason: `The summary could not be made: ${message}`.slice(0, 2000) })
      .where(and(eq(summaries.id, row.id), eq(summaries.status, 'started')))
    throw error
  }
}

/** Summaries are quick with the local engine and network-bound with an LLM: two at a time. */
export async function registerSummarization(queue: Queue, db: Db, llm: Llm | null) {
  await queue.register<SummarizeJob>(SUMMARIZE_TEXT, (data) => runSummaryJob(db, llm, data), {
    concurrency: 2,
    retryLimit: 2,
    retryDelay: 2,
    pollingIntervalSeconds: 1,
    onGiveUp: (data, why) =>
      db
        .update(summaries)
        .set({ status: 'failed', failureReason: gaveUp(why) })
        .where(and(eq(summaries.id, data.summary_id), inArray(summaries.status, ['pending', 'in_queue', 'started']))),
  })
}
