import { and, desc, eq, sql } from 'drizzle-orm'
import type { Notification } from '#contract/notifications'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  is_read: row.isRead,
  created_at: row.createdAt.toISOString(),
})

export type NotificationFilter = { isRead?: boolean; limit: number; offset: number }

/**
 * One page of a user's notifications, newest first (all of them, or only the read or the unread),
 * with how many the filter matches and how many of the user's are unread.
 */
export async function listNotifications(db: Db, userId: number, { isRead, limit, offset }: NotificationFilter) {
  const mine = eq(notifications.userId, userId)
  const where = isRead === undefined ? mine : and(mine, eq(notifications.isRead, isRead))
  const [rows, [{ total, unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    // both counts in one pass over the caller's rows
    db
      .select({
        total: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
        unread: sql<number>`count(*) filter (where ${eq(notifications.isRead, false)})`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ])
  return { rows: rows.map(toNotification), total, unread }
}

/** Marks one of the user's notifications read; the id, or undefined when the user has no such notification. */
export async function markNotificationRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  return row?.id
}

/** Tells these users something, each with a notification of their own. */
export async function notifyUsers(
  db: Db,
  userIds: number[],
  note: { title: string; body: string; link?: string | null },
) {
  if (!userIds.length) return
  await db.insert(notifications).values(userIds.map((userId) => ({ userId, ...note, link: note.link ?? null })))
}
