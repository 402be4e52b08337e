import { and, eq, inArray } from 'drizzle-orm'
import type { Decision, RejectReason } from '#contract/agent-scoring'
import type { Db } from '../../../db/client'
import { scoringItems, scoringResults } from '../../../db/schema'
import type { Tx } from '../../../db/sql'
import { HttpError, notFound } from '../../../lib/http-error'
import { loadHead } from '../../evaluations/store/access'
import { createAcceptedEvaluation, withdrawEvaluation } from '../../evaluations/store/create'
import { isDecided } from '../state'
import { applyChange, conflict, NOT_FOUND } from './items'

// A supervisor's decision on an item, and what it does to the evaluation the item becomes. Apart
// from items.ts because it reaches the call-evaluation store (and through it the scoring engine).

export type Correction = { questionId: number; value: 'yes' | 'no' | 'n/a'; reasonCode: RejectReason; comment: string }

/**
 * A supervisor's decision. A rejection names at least one disputed criterion; corrections must be
 * criteria of the item. A decided item is changed only by someone who names the version they saw.
 */
export async function decideItem(
  db: Db,
  input: { itemId: number; actorId: number; decision: Decision; corrections: Correction[]; version?: number },
) {
  if (input.decision === 'reject' && input.corrections.length === 0) {
    throw new HttpError(400, 'Invalid request', { corrections: ['Name each criterion you dispute, with its reason'] })
  }
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(scoringItems).where(eq(scoringItems.id, input.itemId))
    if (!item) throw notFound(NOT_FOUND)
    if (isDecided(item.bucket) && input.version === undefined) {
      throw conflict(
        `The item is already ${item.bucket}; send the version you saw to change the decision`,
        item.bucket,
        item.version,
      )
    }
    const questionIds = input.corrections.map((c) => c.questionId)
    const known = questionIds.length
      ? await tx
          .select({ questionId: scoringResults.questionId })
          .from(scoringResults)
          .where(and(eq(scoringResults.itemId, input.itemId), inArray(scoringResults.questionId, questionIds)))
      : []
    const unknown = questionIds.filter((id) => !known.some((k) => k.questionId === id))
    if (unknown.length) {
      throw new HttpError(400, 'Invalid request', {
        corrections: [`Not a criterion of this item: ${unknown.join(', ')}`],
      })
    }
    const evaluationId = await evaluationAfter(tx, item, input)
    const changed = await applyChange(tx, {
      itemId: input.itemId,
      event: input.decision === 'accept' ? 'accepted' : 'rejected',
      actorId: input.actorId,
      seenVersion: input.version,
      detail: {
        corrections: input.corrections.map((c) => ({
          question_id: c.questionId,
          value: c.value,
          reason_code: c.reasonCode,
          comment: c.comment,
        })),
        ...(evaluationId !== item.evaluationId && {
          evaluation_id: evaluationId,
          previous_evaluation_id: item.evaluationId,
        }),
      },
      set: { decidedBy: input.actorId, decidedAt: new Date(), claimedBy: null, claimedAt: null, evaluationId },
      current: item,
    })
    // the new decision's corrections replace the last one's
    await tx
      .update(scoringResults)
      .set({ correctedValue: null, reasonCode: null, comment: '' })
      .where(eq(scoringResults.itemId, input.itemId))
    for (const c of input.corrections) {
      await tx
        .update(scoringResults)
        .set({ correctedValue: c.value, reasonCode: c.reasonCode, comment: c.comment })
        .where(and(eq(scoringResults.itemId, input.itemId), eq(scoringResults.questionId, c.questionId)))
    }
    return changed
  })
}

/**
 * What a decision does to the evaluation the item becomes (docs/decisions/015): an acceptance makes
 * one; a rejection of an accepted item withdraws it, unless its agent has already acknowledged or
 * disputed it (then it is changed in call evaluation, not here).
 */
async function evaluationAfter(
  tx: Tx,
  item: typeof scoringItems.$inferSelect,
  input: { itemId: number; actorId: number; decision: Decision; corrections: Correction[] },
): Promise<number | null> {
  // only an accepted item has one (a rejection withdraws it), and accepted → accepted is no move
  const existing = item.evaluationId === null ? null : await loadHead(tx, item.evaluationId, { forUpdate: true })
  if (input.decision === 'reject') {
    if (!existing) return null
    if (existing.status === 'acknowledged' || existing.status === 'disputed') {
      throw new HttpError(409, `The agent has already ${existing.status} evaluation #${existing.id}: change it there`, {
        evaluation_id: [String(existing.id)],
      })
    }
    await withdrawEvaluation(tx, existing.id)
    return null
  }
  const results = await tx
    .select({
      questionId: scoringResults.questionId,
      aiValue: scoringResults.aiValue,
      rationale: scoringResults.rationale,
      evidence: scoringResults.evidence,
    })
    .from(scoringResults)
    .where(eq(scoringResults.itemId, item.id))
  const corrections = new Map(input.corrections.map((c) => [c.questionId, c.value]))
  const note = `Accepted in AI agent scoring (item #${item.id})`
  return createAcceptedEvaluation(tx, {
    channel: item.channel,
    recordingId: item.recordingId,
    agentId: item.agentId,
    campaignId: item.campaignId,
    templateId: item.templateId,
    receivedAt: item.createdAt,
    purpose: item.title,
    engine: item.engine ?? 'local',
    answers: new Map(
      results.map((r) => [
        r.questionId,
        {
          value: r.aiValue,
          quote: r.evidence[0]?.quote ?? null,
          startSeconds: r.evidence[0]?.start_s ?? null,
          rationale: r.rationale,
        },
      ]),
    ),
    corrections,
    reviewerId: input.actorId,
    note,
  })
}
