import { endpoints } from '#contract/endpoints'
import { notificationsFor } from '#tests/fixtures/notifications'
import { error } from './auth'
import { mock } from './endpoint'

export const notificationHandlers = [
  mock(
    endpoints.listNotifications,
    ({ key, query: { page, page_size, is_read: isRead } }) => {
      const all = notificationsFor(key)
      const filtered = isRead === undefined ? all : all.filter((n) => n.is_read === isRead)
      const totalPages = Math.ceil(filtered.length / page_size)
      return {
        count: filtered.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: filtered.slice((page - 1) * page_size, page * page_size),
        unread_count: all.filter((n) => !n.is_read).length,
      }
    },
    'Notifications',
  ),

  mock(
    endpoints.markNotificationRead,
    ({ key, params }) => {
      const found = notificationsFor(key).find((n) => n.id === params.id)
      if (!found) return error(404, 'Notification not found')
      return { id: found.id, is_read: true as const }
    },
    'Marked as read',
  ),
]
