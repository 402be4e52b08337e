import { markReadResult, notificationList } from '#contract/notifications'
import { paths } from '#contract/paths'
import { NOTIFICATION_PAGE_SIZE } from '~/lib/notification-feed'
import type { Upstream } from '~/services/upstream.server'

export function listUnreadNotifications(api: Upstream, page = 1, pageSize = NOTIFICATION_PAGE_SIZE) {
  return api.call({
    path: paths.notifications,
    query: { page, page_size: pageSize, is_read: false },
    schema: notificationList,
  })
}

export function markNotificationRead(api: Upstream, id: number) {
  return api.call({ method: 'POST', path: paths.notificationRead(id), schema: markReadResult })
}
