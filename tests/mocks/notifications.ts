import { http } from 'msw'
import { notificationQuery, type NotificationList } from '#contract/notifications'
import { paths } from '#contract/paths'
import { notificationsFor } from '#tests/fixtures/notifications'
import { UPSTREAM, authenticate, error, ok } from './auth'

export const notificationHandlers = [
  http.get(UPSTREAM + paths.notifications, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const params = Object.fromEntries(new URL(request.url).searchParams)
    const query = notificationQuery.safeParse(params)
    if (!query.success)
      return error(400, 'Invalid query', query.error.flatten().fieldErrors as Record<string, string[]>)
    const { page, page_size } = query.data
    const all = notificationsFor(key)
    const isRead = query.data.is_read
    const filtered = isRead === undefined ? all : all.filter((n) => n.is_read === isRead)
    const totalPages = Math.ceil(filtered.length / page_size)
    const list: NotificationList = {
      count: filtered.length,
      total_pages: totalPages,
      current_page: page,
      next: page < totalPages ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: filtered.slice((page - 1) * page_size, page * page_size),
      unread_count: all.filter((n) => !n.is_read).length,
    }
    return ok(list, 'Notifications')
  }),

  http.post(UPSTREAM + paths.notificationRead(':id'), ({ request, params }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const found = notificationsFor(key).find((n) => n.id === Number(params.id))
    if (!found) return error(404, 'Notification not found')
    return ok({ id: found.id, is_read: true as const }, 'Marked as read')
  }),
]
