import { endpoints } from '#contract/endpoints'
import { NOTIFICATION_PAGE_SIZE } from '~/lib/notification-feed'
import type { Upstream } from '~/services/upstream.server'

/** The bell's unread notifications, a page at a time (the layout and the bell's fetcher both ask). */
export function listUnreadNotifications(api: Upstream, page = 1, pageSize = NOTIFICATION_PAGE_SIZE) {
  return api.request(endpoints.listNotifications, { query: { page, page_size: pageSize, is_read: 'false' } })
}
