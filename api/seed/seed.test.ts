import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { lookups, notifications, users } from '#api/db/schema'
import { DEMO_PASSWORD, demoUsers } from '#api/seed/demo-data'
import { seedDemo } from '#api/seed/seed'
import { setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

async function counts() {
  const [[u], [n], [l]] = await Promise.all([
    t.db.select({ n: count() }).from(users),
    t.db.select({ n: count() }).from(notifications),
    t.db.select({ n: count() }).from(lookups),
  ])
  return { users: u.n, notifications: n.n, lookups: l.n }
}

describe('seedDemo', () => {
  it('is idempotent: a second run adds nothing and keeps read states', async () => {
    expect((await seedDemo(t.db)).usersCreated).toBe(5)
    const first = await counts()
    expect(first.users).toBe(5)
    expect(first.lookups).toBeGreaterThanOrEqual(12)
    await t.db.update(notifications).set({ isRead: true })
    expect((await seedDemo(t.db)).usersCreated).toBe(0)
    expect(await counts()).toEqual(first)
    const [{ unread }] = await t.db
      .select({ unread: count() })
      .from(notifications)
      .where(eq(notifications.isRead, false))
    expect(unread).toBe(0)
  })

  it('creates the five demo accounts with their roles, each signing in with the demo password', async () => {
    for (const demo of demoUsers) {
      const { auth } = await tokensFor(t, { email: demo.email, password: DEMO_PASSWORD })
      const me = (await t.app.inject({ url: paths.userDetail, headers: auth })).json().data
      expect(me).toMatchObject({ email: demo.email, role: demo.role, first_name: demo.firstName })
      const list = (await t.app.inject({ url: `${paths.notifications}?page_size=100`, headers: auth })).json().data
      expect(list.count).toBeGreaterThanOrEqual(8)
      expect(list.count).toBeLessThanOrEqual(15)
      const days = new Set(list.results.map((n: { created_at: string }) => n.created_at.slice(0, 10)))
      expect(days.size).toBeGreaterThan(3)
    }
  })
})
