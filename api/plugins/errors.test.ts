import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp(
    {},
    {
      register(app) {
        app.get('/api/test/boom/', async () => {
          throw new Error('database exploded')
        })
      },
    },
  )
})
afterAll(() => t.close())

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: paths.login, payload, headers: { 'content-type': contentType } })

type ErrorJson = { data: unknown; message: string; errors?: Record<string, string[] | undefined> }
function expectClientError(res: { statusCode: number; json(): ErrorJson }, status: number) {
  expect(res.statusCode).toBe(status)
  const body = res.json()
  expect(body.data).toBeNull()
  expect(body.message).toBeTypeOf('string')
  expect(body.message.length).toBeGreaterThan(0)
  return body
}

describe('error envelope', () => {
  it('answers 404 Not found for an unknown path or a missing trailing slash', async () => {
    for (const url of ['/api/nope/', '/api/accounts/user-detail', '/favicon.ico']) {
      expect(expectClientError(await t.app.inject({ url }), 404).message).toBe('Not found')
    }
  })

  it('gives field errors for wrong types', async () => {
    const body = expectClientError(await post(JSON.stringify({ email: 42, password: ['x'] })), 400)
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'password'])
  })

  it('asks for a body when there is none', async () => {
    const body = expectClientError(await t.app.inject({ method: 'POST', url: paths.login }), 400)
    expect(body.errors?.non_field_errors).toEqual(['Request body is required'])
  })

  it('refuses huge strings within the body limit with a field error', async () => {
    const body = expectClientError(await post(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(500_000) })), 400)
    expect(body.errors?.password).toEqual(['Password is too long'])
  })

  it('answers 413 for a body over 1 MB', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }))
    expect(expectClientError(res, 413).message).toBe('Request body is too large')
  })

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    expect(expectClientError(await post('{"email": "a@b.co",'), 400).message).toBe('Malformed JSON in request body')
    expect(expectClientError(await post('email=a@b.co', 'application/x-www-form-urlencoded'), 415).message).toBe(
      'Unsupported content type',
    )
    expectClientError(await post('hello', 'text/plain'), 415)
  })

  it('ignores prototype pollution attempts safely', async () => {
    const res = await post('{"email":"a@b.co","password":"x","__proto__":{"admin":true}}')
    expect(res.statusCode).toBeLessThan(500)
  })

  it('hides unexpected failures behind a 500 envelope', async () => {
    const res = await t.app.inject({ url: '/api/test/boom/' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ data: null, message: 'Internal server error' })
  })

  it('never answers 5xx to a battery of odd requests', async () => {
    const odd = [
      { method: 'POST', url: paths.tokenRefresh, payload: { refresh: 123 } },
      { method: 'POST', url: paths.tokenRefresh, payload: { refresh: 'x'.repeat(5000) } },
      { method: 'POST', url: paths.tokenRefresh, payload: [] },
      { method: 'POST', url: paths.login, payload: { email: 'a@b.co', password: 'x', extra: { deep: [1, 2] } } },
      { method: 'GET', url: `${paths.notifications}?page=1e400` },
      { method: 'POST', url: paths.notificationRead('99999999999999999999') },
      { method: 'DELETE', url: paths.login },
      { method: 'GET', url: paths.userDetail, headers: { authorization: 'Bearer ' + 'a'.repeat(10_000) } },
      { method: 'GET', url: paths.userDetail, headers: { authorization: 'Bearer a.b.c' } },
    ] as const
    for (const req of odd) {
      const res = await t.app.inject(req as never)
      expect(res.statusCode, `${req.method} ${req.url}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${req.method} ${req.url}`).toBeLessThan(500)
      expect(res.json().data).toBeNull()
    }
  })
})
