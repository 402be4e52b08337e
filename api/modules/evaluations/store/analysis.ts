import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { TranscriptSegment } from '#contract/evaluations'
import { callEvaluations, recordings, scoringItems } from '../../../db/schema'
import { segmentsOf } from '../../agent-scoring/score-item'
import { analyse } from '../../../engines/text/analyse'
import { notFound } from '../../../lib/http-error'
import { type Actor } from '../../../auth/access'
import { assertCanView, EVALUATION_NOT_FOUND } from './access'
import type { Conn } from '../../../db/sql'

type Analysed = ReturnType<typeof analyse>

/**
 * analyse() per recording (or per chat/e-mail evaluation), kept for the most recent calls: the detail page asks for sentiment,
 * timing, word cloud and emotions at once, and each would otherwise parse the whole transcript.
 * The transcript's fingerprint is part of the entry, so an edited transcript is analysed afresh.
 */
export function createAnalysisCache(capacity = 100) {
  const entries = new Map<string, { fingerprint: string; analysed: Analysed }>()
  return {
    get(key: string, segments: TranscriptSegment[]): Analysed {
      const fingerprint = createHash('sha1').update(JSON.stringify(segments)).digest('base64')
      const hit = entries.get(key)
      if (hit && hit.fingerprint === fingerprint) {
        // most recently used goes last; the first entry is the one to evict
        entries.delete(key)
        entries.set(key, hit)
        return hit.analysed
      }
      const analysed = analyse(segments)
      entries.delete(key)
      entries.set(key, { fingerprint, analysed })
      while (entries.size > capacity) entries.delete(entries.keys().next().value!)
      return analysed
    },
    get size() {
      return entries.size
    },
  }
}

export type AnalysisCache = ReturnType<typeof createAnalysisCache>

/** The call's transcript for someone who may see it (empty until transcribed). */
export async function transcriptOf(db: Conn, user: Actor, evaluationId: number) {
  const [row] = await db
    .select({
      agentId: callEvaluations.agentId,
      recordingId: recordings.id,
      segments: recordings.segments,
      turns: scoringItems.turns,
    })
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .leftJoin(scoringItems, eq(scoringItems.evaluationId, callEvaluations.id))
    .where(eq(callEvaluations.id, evaluationId))
  if (!row) throw notFound(EVALUATION_NOT_FOUND)
  assertCanView(user, row.agentId)
  // a chat or e-mail is analysed message by message, in the thread's order
  const segments = row.segments ?? (row.turns ? segmentsOf(row.turns) : [])
  return { key: row.recordingId === null ? `e${evaluationId}` : `r${row.recordingId}`, segments }
}
