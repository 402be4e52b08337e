import { describe, expect, it } from 'vitest'
import type { NotificationList } from '#contract/notifications'
import { notificationsFor } from '#tests/fixtures/notifications'
import { appendPage, feedFromPage, markRead, mergeNotifications, nextPage } from './notification-feed'

const unread = notificationsFor('agent', 12).filter((n) => !n.is_read) // 8, newest first

function page(n: number, size: number, source = unread): NotificationList {
  const results = source.slice((n - 1) * size, n * size)
  const total = Math.ceil(source.length / size)
  return {
    count: source.length,
    total_pages: total,
    current_page: n,
    next: n < total ? n + 1 : null,
    previous: n > 1 ? n - 1 : null,
    results,
    unread_count: source.length,
  }
}

describe('notification feed', () => {
  it('appends the next page and drops duplicates by id', () => {
    const merged = mergeNotifications(unread.slice(0, 3), unread.slice(2, 6))
    expect(merged.map((n) => n.id)).toEqual(unread.slice(0, 6).map((n) => n.id))
  })

  it('keeps newest first whatever order pages arrive in', () => {
    const merged = mergeNotifications(unread.slice(4, 8), unread.slice(0, 4))
    expect(merged.map((n) => n.id)).toEqual(unread.map((n) => n.id))
  })

  it('pages through until every unread notification is shown', () => {
    let feed = feedFromPage(page(1, 3), 3)
    expect(feed.items).toHaveLength(3)
    expect(nextPage(feed)).toBe(2)
    feed = appendPage(feed, page(2, 3))
    feed = appendPage(feed, page(3, 3))
    expect(feed.items).toHaveLength(8)
    expect(nextPage(feed)).toBeNull()
  })

  it('marking one read removes it and decrements the count', () => {
    const feed = feedFromPage(page(1, 3), 3)
    const after = markRead(feed, unread[1].id)
    expect(after.items.map((n) => n.id)).toEqual([unread[0].id, unread[2].id])
    expect(after.unreadCount).toBe(7)
    expect(markRead(after, unread[1].id)).toBe(after)
  })

  it('after a removal, asks again for the page that now holds the next unread item', () => {
    let feed = feedFromPage(page(1, 3), 3)
    feed = markRead(feed, unread[0].id)
    const remaining = unread.slice(1)
    expect(nextPage(feed)).toBe(1)
    feed = appendPage(feed, { ...page(1, 3, remaining), unread_count: remaining.length })
    expect(feed.items.map((n) => n.id)).toEqual(remaining.slice(0, 3).map((n) => n.id))
    expect(nextPage(feed)).toBe(2)
  })

  it('drops an item that arrives already read', () => {
    const read = { ...unread[0], is_read: true }
    expect(mergeNotifications(unread.slice(0, 2), [read]).map((n) => n.id)).toEqual([unread[1].id])
  })
})
