import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { summarize } from '../../engines/summarize'
import {
  completeSummary,
  failStartedSummary,
  failUnfinishedSummary,
  markSummaryCancelled,
  markSummaryQueued,
  startSummary,
} from './store'
import { gaveUp, type Queue } from '../../jobs/queue'

export const SUMMARIZE_TEXT = 'summarize-text'
type SummarizeJob = { summary_id: number }

/** Queues a summary: it shows "in queue" until a worker takes it. */
export async function requestSummary(queue: Queue, db: Db, summaryId: number) {
  const jobId = await queue.send(SUMMARIZE_TEXT, { summary_id: summaryId } satisfies SummarizeJob, {
    singletonKey: `summary-${summaryId}`,
  })
  await markSummaryQueued(db, summaryId, jobId)
  return jobId
}

/**
 * Stops a summary that has not finished: its job is cancelled and it is marked failed with the
 * reason, so a worker that already took it does not overwrite that (its update needs 'started').
 * Returns whether it was still running.
 */
export async function cancelSummary(queue: Queue | undefined, db: Db, summaryId: number) {
  const row = await markSummaryCancelled(db, summaryId)
  if (row?.jobId && queue) await queue.boss.cancel(SUMMARIZE_TEXT, row.jobId).catch(() => {})
  return Boolean(row)
}

export async function runSummaryJob(db: Db, llm: Llm | null, data: SummarizeJob) {
  const row = await startSummary(db, data.summary_id)
  // deleted or cancelled meanwhile
  if (!row) return { skipped: true }
  try {
    const made = await summarize(row.text, row.summaryType, { llm })
    await completeSummary(db, row.id, made)
    return { engine: made.engine }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await failStartedSummary(db, row.id, `The summary could not be made: ${message}`.slice(0, 2000))
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
    onGiveUp: (data, why) => failUnfinishedSummary(db, data.summary_id, gaveUp(why)),
  })
}
