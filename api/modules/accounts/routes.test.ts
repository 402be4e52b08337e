import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { paths } from '#contract/paths'
import { refreshTokens } from '#api/db/schema'
import { createUser, login, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

describe('POST /api/accounts/login/', () => {
  it('returns tokens and the user, and records last_login', async () => {
    const user = await createUser(t, { role: 'auditor', email: 'Mixed.Case@Test.local' })
    const res = await login(t, 'mixed.case@test.local', user.password)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.message).toBeTypeOf('string')
    expect(body.data.access).toMatch(/^ey/)
    expect(body.data.refresh).toMatch(/^ey/)
    expect(body.data.user).toMatchObject({
      id: user.id,
      role: 'auditor',
      full_name: user.firstName + ' ' + user.lastName,
    })
    expect(body.data.user.last_login).not.toBeNull()
    expect(body.data.user).not.toHaveProperty('password_hash')
  })

  it("answers 'Invalid Login' alike for a wrong password and an unknown email", async () => {
    const user = await createUser(t)
    const wrong = await login(t, user.email, 'not-the-password')
    const unknown = await login(t, 'nobody@test.local', 'whatever')
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ data: null, message: 'Invalid Login' })
    }
  })

  it('refuses an inactive user with the right password', async () => {
    const user = await createUser(t, { isActive: false })
    const res = await login(t, user.email, user.password)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Invalid Login')
  })

  it('gives field errors for missing or malformed fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: paths.login, payload: { email: 'not-an-email' } })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.message).toBe('Invalid request')
    expect(body.errors.email).toEqual(['Enter a valid email address'])
    expect(body.errors.password).toEqual(['Password is required'])
  })
})

describe('tokens', () => {
  it('rotates the refresh token and refuses a reused one, ending the whole family', async () => {
    const user = await createUser(t)
    const first = await tokensFor(t, user)
    const rotate = (refresh: string) => t.app.inject({ method: 'POST', url: paths.tokenRefresh, payload: { refresh } })

    const second = await rotate(first.refresh)
    expect(second.statusCode).toBe(200)
    const pair = second.json().data
    expect(pair.refresh).not.toBe(first.refresh)
    const detail = await t.app.inject({
      url: paths.userDetail,
      headers: { authorization: `Bearer ${pair.access}` },
    })
    expect(detail.statusCode).toBe(200)

    // past the few seconds of leeway a second presentation is reuse
    await t.db
      .update(refreshTokens)
      .set({ usedAt: sql`${refreshTokens.usedAt} - interval '11 seconds'` })
      .where(eq(refreshTokens.userId, user.id))
    const reuse = await rotate(first.refresh)
    expect(reuse.statusCode).toBe(401)
    // the thief's reuse revoked the family: the newest refresh and its access token die too
    expect((await rotate(pair.refresh)).statusCode).toBe(401)
    const after = await t.app.inject({ url: paths.userDetail, headers: { authorization: `Bearer ${pair.access}` } })
    expect(after.statusCode).toBe(401)
  })

  it('keeps the session when two tabs refresh with the same token at once (issue 13, finding 9)', async () => {
    const user = await createUser(t)
    const first = await tokensFor(t, user)
    const rotate = (refresh: string) => t.app.inject({ method: 'POST', url: paths.tokenRefresh, payload: { refresh } })
    const both = await Promise.all([rotate(first.refresh), rotate(first.refresh)])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    for (const res of both) {
      const { access, refresh } = res.json().data
      const me = await t.app.inject({ url: paths.userDetail, headers: { authorization: `Bearer ${access}` } })
      expect(me.statusCode).toBe(200)
      // each tab's new refresh token rotates on in the same, living family
      expect((await rotate(refresh)).statusCode).toBe(200)
    }
    const families = await t.db
      .selectDistinct({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id))
    expect(families).toHaveLength(1)
  })

  it('lets an access token live ACCESS_TOKEN_SECONDS', async () => {
    // a token's exp is in whole seconds from a whole-second iat, so a 1 s token issued late in its
    // second may be stale before a loaded machine uses it: 3 s leaves room, and 4.1 s is past any exp
    const short = await setupTestApp({ accessTokenTtlS: 3 })
    try {
      const { auth } = await tokensFor(short, await createUser(short))
      expect((await short.app.inject({ url: paths.userDetail, headers: auth })).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 4100))
      expect((await short.app.inject({ url: paths.userDetail, headers: auth })).statusCode).toBe(401)
    } finally {
      await short.close()
    }
  })

  it('refuses an access token presented as a refresh token, and garbage', async () => {
    const user = await createUser(t)
    const { access } = await tokensFor(t, user)
    for (const refresh of [access, 'garbage']) {
      const res = await t.app.inject({ method: 'POST', url: paths.tokenRefresh, payload: { refresh } })
      expect(res.statusCode).toBe(401)
      expect(res.json().data).toBeNull()
    }
  })

  it('logout revokes the refresh token and ends the session', async () => {
    const user = await createUser(t)
    const { refresh, auth } = await tokensFor(t, user)
    const out = await t.app.inject({ method: 'POST', url: paths.logout, headers: auth, payload: { refresh } })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ data: null, message: 'Logged out successfully' })
    const rotate = await t.app.inject({ method: 'POST', url: paths.tokenRefresh, payload: { refresh } })
    expect(rotate.statusCode).toBe(401)
    expect((await t.app.inject({ url: paths.userDetail, headers: auth })).statusCode).toBe(401)
  })

  it('logout without a token is 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: paths.logout, payload: {} })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('Authentication credentials were not provided.')
  })

  it('logout with a JSON header and an empty body still works', async () => {
    const user = await createUser(t)
    const { auth } = await tokensFor(t, user)
    const res = await t.app.inject({
      method: 'POST',
      url: paths.logout,
      headers: { ...auth, 'content-type': 'application/json' },
      body: '',
    })
    expect(res.json()).toEqual({ data: null, message: 'Logged out successfully' })
  })
})

describe('GET /api/accounts/user-detail/', () => {
  it('returns the signed-in user', async () => {
    const user = await createUser(t, { role: 'qa_supervisor' })
    const { auth } = await tokensFor(t, user)
    const res = await t.app.inject({ url: paths.userDetail, headers: auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, role: 'qa_supervisor', is_active: true })
  })

  it('is 401 without a token, with garbage, and with an expired token', async () => {
    const { SignJWT } = await import('jose')
    const user = await createUser(t)
    const expired = await new SignJWT({ typ: 'access', role: 'agent', sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'))
    const none = await t.app.inject({ url: paths.userDetail })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ data: null, message: 'Authentication credentials were not provided.' })
    for (const header of ['Bearer garbage', `Bearer ${expired}`, 'Basic abc']) {
      const res = await t.app.inject({ url: paths.userDetail, headers: { authorization: header } })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ data: null, message: 'Token is invalid or expired' })
    }
  })

  it('refuses a token signed with another secret', async () => {
    const other = await setupTestApp({ jwtSecret: 'another-secret-that-is-long-enough-for-hs256' })
    try {
      const user = await createUser(other)
      const { auth } = await tokensFor(other, user)
      const res = await t.app.inject({ url: paths.userDetail, headers: auth })
      expect(res.statusCode).toBe(401)
    } finally {
      await other.close()
    }
  })

  it('stops honouring tokens once the user is deactivated', async () => {
    const { eq } = await import('drizzle-orm')
    const { users } = await import('#api/db/schema')
    const user = await createUser(t)
    const { auth, refresh } = await tokensFor(t, user)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    expect((await t.app.inject({ url: paths.userDetail, headers: auth })).statusCode).toBe(401)
    const rotate = await t.app.inject({ method: 'POST', url: paths.tokenRefresh, payload: { refresh } })
    expect(rotate.statusCode).toBe(401)
  })
})
