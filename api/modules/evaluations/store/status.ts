import { desc, eq } from 'drizzle-orm'
import {
  DISPUTE_NEEDS_REASON,
  lacksDisputeReason,
  type ActionStatus,
  type ChangeStatusBody,
} from '#contract/evaluations'
import type { Db } from '../../../db/client'
import { callEvaluations, evaluationStatusHistory, users } from '../../../db/schema'
import { type Actor } from '../../../auth/access'
import { allowedMoves, assertCanView, assertMove, isReviewer, loadHead, lockedByOther } from './access'
import { fullName, type Conn } from '../../../db/sql'
import { HttpError } from '../../../lib/http-error'

/** get_action_status: the status, where this user may move it, and the history newest first. */
export async function actionStatusOf(db: Conn, user: Actor, id: number): Promise<ActionStatus> {
  const head = await loadHead(db, id)
  assertCanView(user, head.agentId)
  const [lock, history] = await Promise.all([
    isReviewer(user.role) ? lockedByOther(db, id, user.id) : null,
    db
      .select({
        id: evaluationStatusHistory.id,
        from_status: evaluationStatusHistory.fromStatus,
        to_status: evaluationStatusHistory.toStatus,
        changed_by: fullName(users),
        comment: evaluationStatusHistory.comment,
        created_at: evaluationStatusHistory.createdAt,
      })
      .from(evaluationStatusHistory)
      .leftJoin(users, eq(users.id, evaluationStatusHistory.changedBy))
      .where(eq(evaluationStatusHistory.evaluationId, id))
      .orderBy(desc(evaluationStatusHistory.createdAt), desc(evaluationStatusHistory.id)),
  ])
  return {
    call_evaluation_id: id,
    status: head.status,
    allowed: allowedMoves(user, head, Boolean(lock)),
    history: history.map((h) => ({ ...h, created_at: h.created_at.toISOString() })),
  }
}

/** change_status: checks the move for this user, records it in the history. A dispute needs its reason. */
export async function changeStatus(db: Db, user: Actor, body: ChangeStatusBody): Promise<ActionStatus> {
  if (lacksDisputeReason(body)) throw new HttpError(400, DISPUTE_NEEDS_REASON, { comment: [DISPUTE_NEEDS_REASON] })
  await db.transaction(async (tx) => {
    const head = await loadHead(tx, body.call_evaluation_id, { forUpdate: true })
    const lock = isReviewer(user.role) ? await lockedByOther(tx, head.id, user.id) : null
    assertMove(user, head, body.status, lock)
    const now = new Date()
    await tx
      .update(callEvaluations)
      .set({
        status: body.status,
        updatedAt: now,
        // accepting the AI's result as it stands is a review too
        ...(body.status === 'reviewed' && { reviewedBy: user.id, reviewedAt: now }),
      })
      .where(eq(callEvaluations.id, head.id))
    await tx.insert(evaluationStatusHistory).values({
      evaluationId: head.id,
      fromStatus: head.status,
      toStatus: body.status,
      changedBy: user.id,
      comment: body.comment,
      createdAt: now,
    })
  })
  return actionStatusOf(db, user, body.call_evaluation_id)
}
