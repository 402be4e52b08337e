import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import {
  markScoringFailed,
  markScoringQueued,
  markScoringStarted,
  scoreEvaluation,
  ScoringError,
} from './store/scoring'
import type { Queue } from '../../jobs/queue'

export const SCORE_EVALUATION = 'score-evaluation'
type ScoreJob = { evaluation_id: number }

/**
 * Asks for a (re-)score: the evaluation shows "in queue" until a worker picks it up. Without a
 * queue (tests, a bare API) the caller gets false and scores inline if it wants to.
 */
export async function requestScoring(queue: Queue | undefined, db: Db, evaluationId: number) {
  if (!queue) return false
  await markScoringQueued(db, evaluationId)
  await queue.send(SCORE_EVALUATION, { evaluation_id: evaluationId } satisfies ScoreJob, {
    singletonKey: `evaluation-${evaluationId}`,
  })
  return true
}

export async function runScoringJob(db: Db, llm: Llm | null, data: ScoreJob) {
  await markScoringStarted(db, data.evaluation_id)
  try {
    const scored = await scoreEvaluation(db, data.evaluation_id, llm)
    return { score: scored.result.score, engine: scored.engine }
  } catch (error) {
    // shown until a retry succeeds; a missing transcript or template will not fix itself, so no retry
    await markScoringFailed(db, data.evaluation_id, (error as Error).message)
    if (error instanceof ScoringError) return { failed: error.message }
    throw error
  }
}

/** Scoring is CPU-light with the local engine and network-bound with an LLM: two at a time. */
export async function registerScoring(queue: Queue, db: Db, llm: Llm | null) {
  await queue.register<ScoreJob>(SCORE_EVALUATION, (data) => runScoringJob(db, llm, data), {
    concurrency: 2,
    retryLimit: 3,
    pollingIntervalSeconds: 1,
  })
}
