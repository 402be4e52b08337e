import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParam } from '#contract/envelope'
import { markReadResult, type Notification, notificationList, notificationQuery } from '#contract/notifications'
import { paths } from '#contract/paths'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'
import { notFound } from '../../lib/http-error'
import { offsetOf, pageOf } from '../../lib/paging'
import { ok, responses } from '../../lib/reply'

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  is_read: row.isRead,
  created_at: row.createdAt.toISOString(),
})

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    paths.notifications,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first",
        security: [{ bearerAuth: [] }],
        querystring: notificationQuery,
        response: responses(notificationList, 401),
      },
    },
    async (request) => {
      const { page, page_size: pageSize, is_read: isRead } = request.query
      const mine = eq(notifications.userId, request.user.id)
      const where = isRead === undefined ? mine : and(mine, eq(notifications.isRead, isRead))
      const [rows, [{ total, unread }]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(pageSize)
          .offset(offsetOf(page, pageSize)),
        // both counts in one pass over the caller's rows
        db
          .select({
            total: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
            unread: sql<number>`count(*) filter (where ${eq(notifications.isRead, false)})`.mapWith(Number),
          })
          .from(notifications)
          .where(mine),
      ])
      const list = pageOf(rows.map(toNotification), total, page, pageSize)
      return ok({ ...list, unread_count: unread }, 'Notifications retrieved successfully')
    },
  )

  app.post(
    paths.notificationRead(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the caller’s notifications read',
        security: [{ bearerAuth: [] }],
        params: idParam,
        response: responses(markReadResult, 401, 404),
      },
    },
    async (request) => {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, request.user.id)))
        .returning({ id: notifications.id })
      if (!row) throw notFound('Notification not found')
      return ok({ id: row.id, is_read: true as const }, 'Notification marked as read')
    },
  )
}
