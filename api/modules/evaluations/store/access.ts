import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Role } from '#contract/accounts'
import { evaluationStatusLabel, type AccessStatus, type EvaluationStatus } from '#contract/evaluations'
import { callEvaluations, recordings, reviewSessions, users } from '../../../db/schema'
import { HttpError, notFound } from '../../../lib/http-error'
import { activeActor, evaluationRule, NOT_YOUR_EVALUATION, recordingRule, type Actor } from '../../../auth/access'
import type { Db } from '../../../db/client'
import { fullName, type Conn } from '../../../db/sql'

/** ARCHITECTURE §8: auditors, QA supervisors and admins review calls and change their status. */
export const reviewerRoles = ['admin', 'qa_supervisor', 'auditor'] as const satisfies readonly Role[]
export const isReviewer = (role: Role) => (reviewerRoles as readonly Role[]).includes(role)

/** A review session without a sign of life for this long no longer holds the call. */
export const SESSION_FRESH_SECONDS = 120

export const EVALUATION_NOT_FOUND = 'Call evaluation not found'

export const canView = (user: Actor, agentId: number) => evaluationRule.canRead(user, { agentId })

export function assertCanView(user: Actor, agentId: number) {
  if (!canView(user, agentId)) throw new HttpError(403, NOT_YOUR_EVALUATION)
}

export type EvaluationHead = { id: number; agentId: number; status: EvaluationStatus; recordingId: number | null }

const headColumns = {
  id: callEvaluations.id,
  agentId: callEvaluations.agentId,
  status: callEvaluations.status,
  recordingId: callEvaluations.recordingId,
}

/** The evaluation's owner and status, 404 when unknown. `forUpdate` locks the row (inside a transaction). */
export async function loadHead(db: Conn, id: number, { forUpdate = false } = {}): Promise<EvaluationHead> {
  const query = db.select(headColumns).from(callEvaluations).where(eq(callEvaluations.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound(EVALUATION_NOT_FOUND)
  return row
}

/** The evaluation the user may see, or the 404/403 that says why not. */
export async function loadViewable(db: Conn, user: Actor, id: number) {
  const head = await loadHead(db, id)
  assertCanView(user, head.agentId)
  return head
}

/** A recording the user may listen to (the recording rule); 404 when unknown or not theirs to hear. */
export async function loadListenable(db: Conn, user: Actor, recordingId: number) {
  const [recording] = await db
    .select({
      id: recordings.id,
      kid: recordings.kid,
      blobKey: recordings.blobKey,
      mimeType: recordings.mimeType,
      uploadedBy: recordings.uploadedBy,
    })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), recordingRule.readable(user)))
  if (!recording) throw notFound('Recording not found')
  return recording
}

/** The audio behind a signed link: the signer must still be active and still allowed to hear it. */
export async function linkedAudio(db: Db, uid: number, recordingId: number) {
  const viewer = await activeActor(db, uid)
  if (!viewer) return null
  const [row] = await db
    .select({ blobKey: recordings.blobKey, mimeType: recordings.mimeType })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), recordingRule.readable(viewer)))
  return row ?? null
}

export type Lock = { sessionId: number; userId: number; name: string; since: Date }

const fresh = sql`now() - make_interval(secs => ${SESSION_FRESH_SECONDS})`

/** Another user's open, fresh review session on the call: they hold it until they end it or go quiet. */
export async function lockedByOther(db: Conn, evaluationId: number, userId: number): Promise<Lock | null> {
  const [row] = await db
    .select({
      sessionId: reviewSessions.id,
      userId: reviewSessions.userId,
      name: fullName(users),
      since: reviewSessions.startedAt,
    })
    .from(reviewSessions)
    .innerJoin(users, eq(users.id, reviewSessions.userId))
    .where(
      and(
        eq(reviewSessions.evaluationId, evaluationId),
        isNull(reviewSessions.endedAt),
        gt(reviewSessions.lastSeenAt, fresh),
        ne(reviewSessions.userId, userId),
      ),
    )
    .orderBy(asc(reviewSessions.startedAt))
    .limit(1)
  return row ?? null
}

export const lockedMessage = (lock: Lock) =>
  `${lock.name} is reviewing this call right now; try again when they finish.`

export async function assertNotLocked(db: Conn, evaluationId: number, userId: number) {
  const lock = await lockedByOther(db, evaluationId, userId)
  if (lock) throw new HttpError(409, lockedMessage(lock))
}

/** Where a reviewer may move an evaluation from each status. */
const reviewerMoves: Record<EvaluationStatus, EvaluationStatus[]> = {
  ai_evaluated: ['under_review', 'reviewed'],
  under_review: ['reviewed', 'ai_evaluated'],
  reviewed: ['under_review'],
  acknowledged: ['under_review'],
  disputed: ['under_review', 'reviewed'],
}

/** An agent answers a result on their own call: acknowledge or dispute it, nothing else. */
const agentMoves: Partial<Record<EvaluationStatus, EvaluationStatus[]>> = {
  ai_evaluated: ['acknowledged', 'disputed'],
  reviewed: ['acknowledged', 'disputed'],
}

/** The statuses this user may move the evaluation to now (none while another reviewer holds it). */
export function allowedMoves(user: Actor, head: Pick<EvaluationHead, 'agentId' | 'status'>, locked: boolean) {
  if (isReviewer(user.role)) return locked ? [] : reviewerMoves[head.status]
  if (user.role === 'agent' && head.agentId === user.id) return agentMoves[head.status] ?? []
  return []
}

/** 403 when the role can never change this call's status, 409 when the move is not open from here. */
export function assertMove(user: Actor, head: EvaluationHead, to: EvaluationStatus, lock: Lock | null) {
  const reviewer = isReviewer(user.role)
  if (!reviewer && !(user.role === 'agent' && head.agentId === user.id)) {
    throw new HttpError(
      403,
      user.role === 'agent' ? NOT_YOUR_EVALUATION : 'You do not have permission to perform this action.',
    )
  }
  if (reviewer && lock) throw new HttpError(409, lockedMessage(lock))
  if (head.status === to) throw new HttpError(409, `The status is already ${evaluationStatusLabel[to]}.`)
  const allowed = allowedMoves(user, head, false)
  if (!allowed.includes(to)) {
    const from = evaluationStatusLabel[head.status]
    const options = allowed.map((s) => evaluationStatusLabel[s]).join(' or ')
    throw new HttpError(
      409,
      `You cannot move this evaluation from ${from} to ${evaluationStatusLabel[to]}` +
        (options ? `; it can go to ${options}.` : '.'),
    )
  }
}

/** check_access_status: what the user may do with the call right now, and why not. */
export async function accessStatusOf(db: Conn, user: Actor, id: number): Promise<AccessStatus> {
  const head = await loadHead(db, id)
  const view = canView(user, head.agentId)
  const lock = view ? await lockedByOther(db, id, user.id) : null
  const reviewer = isReviewer(user.role)
  const canReview = view && reviewer && !lock
  let reason: string | null = null
  if (!view) reason = NOT_YOUR_EVALUATION
  else if (!reviewer) reason = 'Only auditors, QA supervisors and admins review calls.'
  else if (lock) reason = lockedMessage(lock)
  return {
    call_evaluation_id: id,
    can_view: view,
    can_review: canReview,
    can_change_status: view && allowedMoves(user, head, Boolean(lock)).length > 0,
    reason,
    locked_by: lock ? { id: lock.userId, name: lock.name, since: lock.since.toISOString() } : null,
  }
}
