import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ReviewSession, ReviewSessionBody } from '#contract/evaluations'
import type { Db } from '../../../db/client'
import { reviewSessions } from '../../../db/schema'
import { HttpError, notFound } from '../../../lib/http-error'
import { type Actor } from '../../../auth/access'
import { isReviewer, loadHead, lockedByOther, lockedMessage, SESSION_FRESH_SECONDS } from './access'
import type { Conn } from '../../../db/sql'

const isFresh = sql<boolean>`${reviewSessions.lastSeenAt} > now() - make_interval(secs => ${SESSION_FRESH_SECONDS})`

/**
 * Seconds this user has spent on the call: ended sessions in full, a live one until now, and one
 * that went quiet (closed tab) until its last sign of life.
 */
async function totalSeconds(db: Conn, evaluationId: number, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(extract(epoch from (
        case
          when ${reviewSessions.endedAt} is not null then ${reviewSessions.endedAt}
          when ${isFresh} then now()
          else ${reviewSessions.lastSeenAt}
        end) - ${reviewSessions.startedAt})), 0)`.mapWith(Number),
    })
    .from(reviewSessions)
    .where(and(eq(reviewSessions.evaluationId, evaluationId), eq(reviewSessions.userId, userId)))
  return Math.max(0, Math.floor(row.total))
}

type SessionRow = typeof reviewSessions.$inferSelect

async function toReviewSession(db: Conn, s: SessionRow): Promise<ReviewSession> {
  return {
    session_id: s.id,
    call_evaluation_id: s.evaluationId,
    started_at: s.startedAt.toISOString(),
    ended_at: s.endedAt?.toISOString() ?? null,
    total_seconds: await totalSeconds(db, s.evaluationId, s.userId),
  }
}

const FORBIDDEN_REVIEW = 'Only auditors, QA supervisors and admins review calls.'

/** access_start_end_time: start (or resume) a review session, keep it alive, or end it. */
export async function reviewSessionAction(db: Db, user: Actor, body: ReviewSessionBody): Promise<ReviewSession> {
  if (!isReviewer(user.role)) throw new HttpError(403, FORBIDDEN_REVIEW)
  const session = await db.transaction(async (tx) => {
    // the evaluation row lock serialises two reviewers starting at once
    const head = await loadHead(tx, body.call_evaluation_id, { forUpdate: true })
    if (body.action === 'start') return start(tx, user, head.id)
    const [row] = await tx
      .select()
      .from(reviewSessions)
      .where(and(eq(reviewSessions.id, body.session_id), eq(reviewSessions.evaluationId, head.id)))
    if (!row) throw notFound('Review session not found')
    if (row.userId !== user.id) throw new HttpError(403, 'This review session belongs to someone else.')
    if (body.action === 'end') {
      if (row.endedAt) return row
      const [ended] = await tx
        .update(reviewSessions)
        .set({ endedAt: sql`now()`, lastSeenAt: sql`now()` })
        .where(eq(reviewSessions.id, row.id))
        .returning()
      return ended
    }
    if (row.endedAt) throw new HttpError(409, 'This review session has ended; start a new one.')
    // a session that went quiet may have lost the call to someone else in the meantime
    const lock = await lockedByOther(tx, head.id, user.id)
    if (lock) throw new HttpError(409, lockedMessage(lock))
    const [alive] = await tx
      .update(reviewSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(reviewSessions.id, row.id))
      .returning()
    return alive
  })
  return toReviewSession(db, session)
}

async function start(tx: Conn, user: Actor, evaluationId: number) {
  const lock = await lockedByOther(tx, evaluationId, user.id)
  if (lock) throw new HttpError(409, lockedMessage(lock))
  const [open] = await tx
    .select({ id: reviewSessions.id, fresh: isFresh })
    .from(reviewSessions)
    .where(
      and(
        eq(reviewSessions.evaluationId, evaluationId),
        eq(reviewSessions.userId, user.id),
        isNull(reviewSessions.endedAt),
      ),
    )
    .orderBy(sql`${reviewSessions.startedAt} desc`)
    .limit(1)
  if (open?.fresh) {
    // the same reviewer in another tab (or a reload): carry on with the open session
    const [resumed] = await tx
      .update(reviewSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(reviewSessions.id, open.id))
      .returning()
    return resumed
  }
  // sessions left open by a closed tab end where they were last seen
  await tx
    .update(reviewSessions)
    .set({ endedAt: sql`${reviewSessions.lastSeenAt}` })
    .where(
      and(
        eq(reviewSessions.evaluationId, evaluationId),
        eq(reviewSessions.userId, user.id),
        isNull(reviewSessions.endedAt),
      ),
    )
  const [created] = await tx.insert(reviewSessions).values({ evaluationId, userId: user.id }).returning()
  return created
}
