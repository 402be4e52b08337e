import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { notifications } from '#api/db/schema'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
let auth: { authorization: string }
let otherAuth: { authorization: string }
let othersId: number

beforeAll(async () => {
  t = await setupTestApp()
  const me = await createUser(t)
  const other = await createUser(t)
  const day = 24 * 60 * 60 * 1000
  const base = Date.parse('2025-01-01T12:00:00Z')
  // 23 of mine: n = 1..23, n-th is n days later; every third is read (7 read, 16 unread)
  await t.db.insert(notifications).values(
    Array.from({ length: 23 }, (_, i) => ({
      userId: me.id,
      title: `Mine ${i + 1}`,
      body: 'Evaluation ready',
      link: i % 2 ? '/demo-portal' : null,
      isRead: (i + 1) % 3 === 0,
      createdAt: new Date(base + (i + 1) * day),
    })),
  )
  const [theirs] = await t.db
    .insert(notifications)
    .values({ userId: other.id, title: 'Theirs', body: 'Not yours', createdAt: new Date(base + 99 * day) })
    .returning()
  othersId = theirs.id
  auth = (await tokensFor(t, me)).auth
  otherAuth = (await tokensFor(t, other)).auth
})
afterAll(() => t.close())

const list = (query: string, headers = auth) => t.app.inject({ url: `${paths.notifications}${query}`, headers })

describe('GET notifications', () => {
  it('pages the caller’s own, newest first, with unread_count', async () => {
    const res = await list('?page=1')
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({
      count: 23,
      total_pages: 3,
      current_page: 1,
      next: 2,
      previous: null,
      unread_count: 16,
    })
    expect(data.results).toHaveLength(10)
    expect(data.results[0]).toMatchObject({ title: 'Mine 23', is_read: false, link: null })
    expect(data.results.map((n: { title: string }) => n.title)).not.toContain('Theirs')
    expect(data.results[0].created_at).toBe('2025-01-24T12:00:00.000Z')
  })

  it('returns the last page with previous and no next', async () => {
    const data = (await list('?page=3')).json().data
    expect(data).toMatchObject({ current_page: 3, next: null, previous: 2 })
    expect(data.results.map((n: { title: string }) => n.title)).toEqual(['Mine 3', 'Mine 2', 'Mine 1'])
  })

  it('honours page_size and bounds it', async () => {
    const data = (await list('?page=2&page_size=5')).json().data
    expect(data).toMatchObject({ total_pages: 5, current_page: 2, next: 3, previous: 1 })
    expect(data.results[0].title).toBe('Mine 18')
    for (const bad of ['?page_size=101', '?page_size=0', '?page=0', '?page=abc']) {
      const res = await list(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Invalid request')
    }
    expect((await list('?page_size=100')).json().data.results).toHaveLength(23)
  })

  it('filters by is_read', async () => {
    const unread = (await list('?is_read=false&page_size=100')).json().data
    expect(unread.count).toBe(16)
    expect(unread.results.every((n: { is_read: boolean }) => !n.is_read)).toBe(true)
    const read = (await list('?is_read=true')).json().data
    expect(read).toMatchObject({ count: 7, unread_count: 16 })
    const bad = await list('?is_read=maybe')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.is_read).toBeDefined()
  })

  it('shows an empty page beyond the end', async () => {
    const data = (await list('?page=9')).json().data
    expect(data).toMatchObject({ count: 23, results: [], next: null, previous: 3 })
  })

  it('needs a token', async () => {
    expect((await t.app.inject({ url: paths.notifications })).statusCode).toBe(401)
  })
})

describe('POST notifications/{id}/read/', () => {
  it('marks the caller’s notification read and lowers unread_count', async () => {
    const first = (await list('?is_read=false&page_size=1')).json().data.results[0]
    const res = await t.app.inject({ method: 'POST', url: paths.notificationRead(first.id), headers: auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ id: first.id, is_read: true })
    expect((await list('')).json().data.unread_count).toBe(15)
    // marking twice is harmless
    expect(
      (await t.app.inject({ method: 'POST', url: paths.notificationRead(first.id), headers: auth })).statusCode,
    ).toBe(200)
  })

  it('is 404 for another user’s notification, and leaves it unread', async () => {
    const res = await t.app.inject({ method: 'POST', url: paths.notificationRead(othersId), headers: auth })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ data: null, message: 'Notification not found' })
    const theirs = (await list('', otherAuth)).json().data
    expect(theirs).toMatchObject({ count: 1, unread_count: 1 })
  })

  it('is 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: paths.notificationRead(999999), headers: auth })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: paths.notificationRead('abc'), headers: auth })).statusCode).toBe(
      400,
    )
  })
})
