import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import {
  callEvaluations,
  evaluationCategoryScores,
  evaluationQuestionScores,
  recordings,
  scoringItems,
} from '../../../db/schema'
import { segmentsOf } from '../../agent-scoring/score-item'
import { recordingSentiment } from '../../../engines/text/sentiment'
import type { Llm } from '../../../engines/llm/client'
import { scoreCall, type ScoredBy } from '../../../engines/scoring/llm-judge'
import type { CallScore } from '../../../engines/scoring/score'
import { getTemplateVersion } from '../../templates/store'
import { toEngineTemplate } from '../../templates/to-engine'
import type { Conn, Tx } from '../../../db/sql'

export class ScoringError extends Error {}

/**
 * Scores one evaluation's transcript against the template version it names and stores the AI's
 * answers. A manual review's values survive a re-score; only the AI's side is replaced.
 */
export async function scoreEvaluation(db: Db, evaluationId: number, llm: Llm | null): Promise<ScoredBy> {
  const [row] = await db
    .select({
      templateId: callEvaluations.templateId,
      channel: callEvaluations.channel,
      recordingId: recordings.id,
      segments: recordings.segments,
      status: recordings.status,
      turns: scoringItems.turns,
    })
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .leftJoin(scoringItems, eq(scoringItems.evaluationId, callEvaluations.id))
    .where(eq(callEvaluations.id, evaluationId))
  if (!row) throw new ScoringError(`Evaluation ${evaluationId} does not exist`)
  // a call's transcript, or a chat's or e-mail's thread (from the scoring item it was accepted from)
  const segments =
    row.recordingId !== null ? (row.status === 'completed' ? row.segments : null) : row.turns && segmentsOf(row.turns)
  if (!segments?.length) {
    throw new ScoringError(
      row.recordingId !== null ? 'The recording has no transcript yet' : 'The conversation is empty',
    )
  }
  const template = await getTemplateVersion(db, row.templateId)
  if (!template) throw new ScoringError('The template version of this evaluation is gone')
  const scored = await scoreCall(toEngineTemplate(template), segments, llm, { channel: row.channel })
  // the transcript may have changed since it was first scored: its sentiment goes with it
  const sentiment = recordingSentiment(segments)
  await db.transaction(async (tx) => {
    await storeScore(tx, evaluationId, scored)
    if (row.recordingId === null) return
    await tx
      .update(recordings)
      .set({ customerSentiment: sentiment.customer, agentSentiment: sentiment.agent })
      .where(eq(recordings.id, row.recordingId))
  })
  return scored
}

/** Writes a CallScore as the AI's side of an evaluation (used by the job and by the seed). */
export async function storeScore(tx: Tx, evaluationId: number, { result, engine, fallback_reason }: ScoredBy) {
  await tx
    .update(callEvaluations)
    .set({
      aiScore: result.score,
      aiAutoFail: result.auto_fail,
      engine,
      scoringStatus: 'completed',
      scoringError: fallback_reason ? `LLM judge failed, local engine used: ${fallback_reason}` : null,
      scoredAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(callEvaluations.id, evaluationId))
  await storeCategories(tx, evaluationId, result)
}

async function storeCategories(tx: Tx, evaluationId: number, result: CallScore) {
  if (!result.categories.length) return
  const categoryRows = await tx
    .insert(evaluationCategoryScores)
    .values(
      result.categories.map((c) => ({
        evaluationId,
        categoryId: c.category_id,
        aiScore: c.score,
        aiFailed: c.failed,
      })),
    )
    .onConflictDoUpdate({
      target: [evaluationCategoryScores.evaluationId, evaluationCategoryScores.categoryId],
      set: { aiScore: sql`excluded.ai_score`, aiFailed: sql`excluded.ai_failed` },
    })
    .returning({ id: evaluationCategoryScores.id, categoryId: evaluationCategoryScores.categoryId })
  const idOf = new Map(categoryRows.map((r) => [r.categoryId, r.id]))
  const questionRows = result.categories.flatMap((c) =>
    c.questions.map((q) => ({
      evaluationId,
      categoryScoreId: idOf.get(c.category_id)!,
      questionId: q.question_id,
      aiValue: q.value,
      evaluationKeyWord: q.evaluation_key_word,
      startSeconds: q.start_seconds,
      justification: q.justification,
    })),
  )
  if (!questionRows.length) return
  await tx
    .insert(evaluationQuestionScores)
    .values(questionRows)
    .onConflictDoUpdate({
      target: [evaluationQuestionScores.evaluationId, evaluationQuestionScores.questionId],
      set: {
        aiValue: sql`excluded.ai_value`,
        evaluationKeyWord: sql`excluded.evaluation_key_word`,
        startSeconds: sql`excluded.start_seconds`,
        justification: sql`excluded.justification`,
      },
    })
}

/** Whether the recording is transcribed and has something to score (a re-score needs both). */
export async function hasTranscript(db: Conn, recordingId: number) {
  const [recording] = await db
    .select({ status: recordings.status, segments: recordings.segments })
    .from(recordings)
    .where(eq(recordings.id, recordingId))
  return recording?.status === 'completed' && recording.segments.length > 0
}

/** Marks an evaluation's scoring as queued: it shows "in queue", without the last error, until a worker picks it up. */
export async function markScoringQueued(db: Db, evaluationId: number) {
  await db
    .update(callEvaluations)
    .set({ scoringStatus: 'in_queue', scoringError: null, updatedAt: new Date() })
    .where(eq(callEvaluations.id, evaluationId))
}

/** Marks an evaluation's scoring as started (a worker has picked it up). */
export async function markScoringStarted(db: Db, evaluationId: number) {
  await db
    .update(callEvaluations)
    .set({ scoringStatus: 'started', updatedAt: new Date() })
    .where(eq(callEvaluations.id, evaluationId))
}

/** Marks an evaluation's scoring as failed with the reason the reviewer sees. */
export async function markScoringFailed(db: Db, evaluationId: number, reason: string) {
  await db
    .update(callEvaluations)
    .set({ scoringStatus: 'failed', scoringError: reason, updatedAt: new Date() })
    .where(and(eq(callEvaluations.id, evaluationId)))
}
