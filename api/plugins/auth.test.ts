import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'
import { ok } from '#api/lib/reply'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp(
    {},
    {
      register(app) {
        // test-only routes that prove the guards later issues reuse
        app.get('/api/test/templates/', { onRequest: app.requireRole('admin', 'qa_supervisor') }, async (request) =>
          ok({ id: request.user.id, role: request.user.role }),
        )
        app.get('/api/test/me/', { onRequest: app.authenticate }, async (request) => ok(request.user.email))
      },
    },
  )
})
afterAll(() => t.close())

describe('route guards', () => {
  it('lets the listed roles through with request.user set', async () => {
    for (const role of ['admin', 'qa_supervisor'] as const) {
      const user = await createUser(t, { role })
      const { auth } = await tokensFor(t, user)
      const res = await t.app.inject({ url: '/api/test/templates/', headers: auth })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({ id: user.id, role })
    }
  })

  it('answers 403 to the other roles', async () => {
    for (const role of ['auditor', 'agent', 'visitor'] as const) {
      const { auth } = await tokensFor(t, await createUser(t, { role }))
      const res = await t.app.inject({ url: '/api/test/templates/', headers: auth })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ data: null, message: 'You do not have permission to perform this action.' })
    }
  })

  it('answers 401 before 403 when there is no token', async () => {
    const res = await t.app.inject({ url: '/api/test/templates/' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
  })

  it('uses the role in the database, not the one in the token', async () => {
    const { eq } = await import('drizzle-orm')
    const { users } = await import('#api/db/schema')
    const user = await createUser(t, { role: 'admin' })
    const { auth } = await tokensFor(t, user)
    await t.db.update(users).set({ role: 'visitor' }).where(eq(users.id, user.id))
    expect((await t.app.inject({ url: '/api/test/templates/', headers: auth })).statusCode).toBe(403)
    const me = await t.app.inject({ url: '/api/test/me/', headers: auth })
    expect(me.json().data).toBe(user.email)
  })
})
