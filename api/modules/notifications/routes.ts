import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParam } from '#contract/envelope'
import { markReadResult, notificationList, notificationQuery } from '#contract/notifications'
import { paths } from '#contract/paths'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/http-error'
import { offsetOf, pageOf } from '../../lib/paging'
import { ok, responses } from '../../lib/reply'
import { listNotifications, markNotificationRead } from './store'

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
      const { rows, total, unread } = await listNotifications(db, request.user.id, {
        isRead,
        limit: pageSize,
        offset: offsetOf(page, pageSize),
      })
      const list = pageOf(rows, total, page, pageSize)
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
      const id = await markNotificationRead(db, request.user.id, request.params.id)
      if (id === undefined) throw notFound('Notification not found')
      return ok({ id, is_read: true as const }, 'Notification marked as read')
    },
  )
}
