import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('locks an account after repeated failures, even with the right password', async () => {
    const user = await createUser(t)
    const attempt = (password: string, i: number) =>
      login(t, user.email, password, { 'x-forwarded-for': `192.0.2.${i}` })
    for (let i = 0; i < 3; i++) expect((await attempt('wrong', i)).statusCode).toBe(401)
    const res = await attempt(user.password, 10)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      data: null,
      message: 'Too many failed login attempts. Try again in 15 minutes.',
    })
    // other accounts still sign in
    const other = await createUser(t)
    expect((await login(t, other.email, other.password, { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(200)
  })
})
