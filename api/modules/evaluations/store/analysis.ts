import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { TranscriptSegment } from '#contract/evaluations'
import { callEvaluations, recordings } from '../../../db/schema'
import { analyse } from '../../../engines/text/analyse'
import { notFound } from '../../../lib/http-error'
import { type Actor } from '../../../auth/access'
import { assertCanView, EVALUATION_NOT_FOUND } from './access'
import type { Conn } from '../../../db/sql'

type Analysed = ReturnType<typeof analyse>

/**
 * analyse() per recording, kept for the most recent calls: the detail page asks for sentiment,
 * timing, word cloud and emotions at once, and each would otherwise parse the whole transcript.
 * The transcript's fingerprint is part of the entry, so an edited transcript is analysed afresh.
 */
export function createAnalysisCache(capacity = 100) {
  const entries = new Map<number, { fingerprint: string; analysed: Analysed }>()
  return {
    get(recordingId: number, segments: TranscriptSegment[]): Analysed {
      const fingerprint = createHash('sha1').update(JSON.stringify(segments)).digest('base64')
      const hit = entries.get(recordingId)
      if (hit && hit.fingerprint === fingerprint) {
        // most recently used goes last; the first entry is the one to evict
        entries.delete(recordingId)
        entries.set(recordingId, hit)
        return hit.analysed
      }
      const analysed = analyse(segments)
      entries.delete(recordingId)
      entries.set(recordingId, { fingerprint, analysed })
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
    .select({ agentId: callEvaluations.agentId, recordingId: recordings.id, segments: recordings.segments })
    .from(callEvaluations)
    .innerJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .where(eq(callEvaluations.id, evaluationId))
  if (!row) throw notFound(EVALUATION_NOT_FOUND)
  assertCanView(user, row.agentId)
  return { recordingId: row.recordingId, segments: row.segments }
}
