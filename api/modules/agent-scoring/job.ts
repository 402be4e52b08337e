import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { scoreCall } from '../../engines/scoring/llm-judge'
import type { Queue } from '../../jobs/queue'
import { getTemplateVersion } from '../templates/store'
import { toEngineTemplate } from '../templates/to-engine'
import { notScorable, resultsOf, segmentsOf } from './score-item'
import { itemsAwaiting, itemToScore, markScored, markUnscored, setJobStatus, setTurns } from './store/items'

export const SCORE_ITEM = 'score-interaction'
type ScoreItemJob = { item_id: number }

/** Queues an item's scoring; without a queue (tests, a bare API) it is scored at once. */
export async function requestItemScoring(queue: Queue | undefined, db: Db, llm: Llm | null, itemId: number) {
  if (!queue) return runItemScoring(db, llm, { item_id: itemId })
  await setJobStatus(db, itemId, 'in_queue')
  await queue.send(SCORE_ITEM, { item_id: itemId } satisfies ScoreItemJob, { singletonKey: `scoring-item-${itemId}` })
  return null
}

/**
 * Scores one item against its template version: not scorable (too few words, no agent) says why;
 * a missing template is a failure with its reason; anything else throws for the queue to retry.
 */
export async function runItemScoring(db: Db, llm: Llm | null, data: ScoreItemJob) {
  const item = await itemToScore(db, data.item_id)
  if (!item || item.bucket !== 'pending') return { skipped: true }
  let turns = item.turns
  if (item.recordingId !== null && !turns.length) {
    // a call: scored once the speech module has its transcript (it asks again when done)
    if (item.recordingStatus === 'failed') {
      await markUnscored(db, data.item_id, { failed: item.recordingFailure ?? 'The call could not be transcribed' })
      return { failed: 'transcription' }
    }
    if (item.recordingStatus !== 'completed') return { waiting: 'transcription' }
    turns = (item.recordingSegments ?? []).map((s) => ({
      speaker: s.speaker,
      text: s.text,
      start: s.start,
      end: s.end,
    }))
    await setTurns(db, data.item_id, turns)
  }
  await setJobStatus(db, data.item_id, 'started')
  const reason = notScorable(turns)
  if (reason) {
    await markUnscored(db, data.item_id, { notScorable: reason })
    return { not_scorable: reason }
  }
  const template = await getTemplateVersion(db, item.templateId)
  if (!template) {
    await markUnscored(db, data.item_id, { failed: 'The template version of this item is gone' })
    return { failed: 'template' }
  }
  let scored
  try {
    scored = await scoreCall(toEngineTemplate(template), segmentsOf(turns), llm, { channel: item.channel })
  } catch (error) {
    // shown as failed until a retry succeeds
    await markUnscored(db, data.item_id, { failed: (error as Error).message })
    throw error
  }
  await markScored(
    db,
    data.item_id,
    resultsOf(template, turns, scored, scored.engine === 'llm' ? (llm?.model ?? null) : null),
  )
  return { score: scored.result.score, engine: scored.engine }
}

/** A recording's transcript is done (or failed): the call items waiting for it are scored (or marked failed). */
export async function scoreItemsOfRecording(queue: Queue | undefined, db: Db, llm: Llm | null, recordingId: number) {
  for (const itemId of await itemsAwaiting(db, recordingId)) await requestItemScoring(queue, db, llm, itemId)
}

/** Text scoring is CPU-light with the local engine and network-bound with an LLM: two at a time. */
export async function registerItemScoring(queue: Queue, db: Db, llm: Llm | null) {
  await queue.register<ScoreItemJob>(SCORE_ITEM, (d) => runItemScoring(db, llm, d), {
    concurrency: 2,
    retryLimit: 3,
    pollingIntervalSeconds: 1,
  })
}
