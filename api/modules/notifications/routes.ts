import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/http-error'
import { offsetOf, pageOf } from '../../lib/paging'
import { ok } from '../../lib/reply'
import { listNotifications, markNotificationRead } from './store'

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.listNotifications, async (request) => {
    const { page, page_size: pageSize, is_read: isRead } = request.query
    const { rows, total, unread } = await listNotifications(db, request.user.id, {
      isRead,
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    })
    const list = pageOf(rows, total, page, pageSize)
    return ok({ ...list, unread_count: unread }, 'Notifications retrieved successfully')
  })

  route(app, endpoints.markNotificationRead, async (request) => {
    const id = await markNotificationRead(db, request.user.id, request.params.id)
    if (id === undefined) throw notFound('Notification not found')
    return ok({ id, is_read: true as const }, 'Notification marked as read')
  })
}
