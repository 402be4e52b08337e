import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { loginFailures } from '#api/db/schema'
import { createUser, login, setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp({ loginIpLimit: 4, loginAccountLimit: 3 })
})
afterAll(() => t.close())

describe('login rate limits', () => {
  it('limits each client address, trusting X-Forwarded-For from the portal', async () => {
    let n = 0
    const from = (ip: string) => login(t, `nobody${++n}@test.local`, 'x', { 'x-forwarded-for': ip })
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await from('203.0.113.7')).statusCode)
    expect(codes).toEqual([401, 401, 401, 401, 429])
    const limited = await from('203.0.113.7')
    expect(limited.json().data).toBeNull()
    expect(limited.json().message).toMatch(/Too many login attempts from this address\. Try again in/)
    // another client behind the same portal is not affected
    expect((await from('198.51.100.9')).statusCode).toBe(401)
  })
})

describe('per-account throttle (docs/decisions/013)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await setupTestApp({ loginIpLimit: 1000, loginAccountLimit: 3 })
  })
  afterAll(() => t.close())

  it('slows an account from one source with growing delays, and never locks it for other sources', async () => {
    const user = await createUser(t)
    const from = (password: string, ip: string, email = user.email) =>
      login(t, email, password, { 'x-forwarded-for': ip })
    const attacker = '192.0.2.66'
    // the limit (3) is free; the case of the address does not make a new account
    for (const email of [user.email, user.email.toUpperCase(), user.email]) {
      expect((await from('wrong', attacker, email)).statusCode).toBe(401)
    }
    const held = await from(user.password, attacker)
    expect(held.statusCode).toBe(429)
    expect(held.headers['retry-after']).toBe('1')
    expect(held.json()).toEqual({
      data: null,
      message: 'Too many failed sign-ins for this account from here. Try again in 1 second.',
    })
    // the member of staff at their own desk is not held up by the attacker
    expect((await from(user.password, '192.0.2.10')).statusCode).toBe(200)

    // each failure after the free ones doubles the pause: 1 s, 2 s, 4 s …
    const age = async (ms: number) =>
      t.db
        .update(loginFailures)
        .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${ms / 1000})` })
        .where(eq(loginFailures.email, user.email.toLowerCase()))
    await age(1100)
    expect((await from('wrong', attacker)).statusCode).toBe(401)
    expect((await from('wrong', attacker)).json().message).toMatch(/Try again in 2 seconds\.$/)
    await age(2100)
    expect((await from('wrong', attacker)).statusCode).toBe(401)
    const third = await from('wrong', attacker)
    expect(third.headers['retry-after']).toBe('4')
    // once the pause is over the right password gets in and clears that source's count
    await age(4100)
    expect((await from(user.password, attacker)).statusCode).toBe(200)
    expect((await from('wrong', attacker)).statusCode).toBe(401)
  })

  it('caps the pause at the window', async () => {
    const user = await createUser(t)
    await t.db
      .insert(loginFailures)
      .values(Array.from({ length: 30 }, () => ({ email: user.email.toLowerCase(), source: '192.0.2.77' })))
    const res = await login(t, user.email, user.password, { 'x-forwarded-for': '192.0.2.77' })
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toMatch(/Try again in 15 minutes\.$/)
  })
})
