import type { Notification, NotificationList } from '#contract/notifications'

/** Unread notifications per bell page. */
export const NOTIFICATION_PAGE_SIZE = 5

export type NotificationFeed = {
  items: Notification[]
  unreadCount: number
  pageSize: number
}

const newestFirst = (a: Notification, b: Notification) => b.created_at.localeCompare(a.created_at) || b.id - a.id

/** Merge incoming notifications into a list, dropping duplicates by id (the newer copy wins), newest first. */
export function mergeNotifications(existing: Notification[], incoming: Notification[]): Notification[] {
  const byId = new Map(existing.map((n) => [n.id, n]))
  for (const n of incoming) byId.set(n.id, n)
  return [...byId.values()].filter((n) => !n.is_read).sort(newestFirst)
}

export function feedFromPage(page: NotificationList, pageSize = page.results.length || 10): NotificationFeed {
  return { items: mergeNotifications([], page.results), unreadCount: page.unread_count, pageSize }
}

/** Appends a page; the server's unread total is the truth for the count. */
export function appendPage(feed: NotificationFeed, page: NotificationList): NotificationFeed {
  return { ...feed, items: mergeNotifications(feed.items, page.results), unreadCount: page.unread_count }
}

export function markRead(feed: NotificationFeed, id: number): NotificationFeed {
  if (!feed.items.some((n) => n.id === id)) return feed
  return {
    ...feed,
    items: feed.items.filter((n) => n.id !== id),
    unreadCount: Math.max(0, feed.unreadCount - 1),
  }
}

/**
 * The page to ask for next. Items marked read leave the server's unread list, so the next
 * page is counted from what is still shown; an overlap is dropped by the id merge.
 */
export function nextPage(feed: NotificationFeed): number | null {
  if (feed.items.length >= feed.unreadCount) return null
  return Math.floor(feed.items.length / feed.pageSize) + 1
}
