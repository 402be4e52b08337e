import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

describe('a method the path does not have', () => {
  it('answers 405 with the methods it does have in Allow', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.login })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST, OPTIONS')
    expect(res.json()).toEqual({ data: null, message: 'GET is not allowed here; use POST' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('matches paths with parameters and ignores the query', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `${paths.deactivateUser(7)}?x=1` })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('PATCH, OPTIONS')
    const options = await t.app.inject({ method: 'OPTIONS', url: paths.login })
    expect(options.statusCode).toBe(204)
    expect(options.headers.allow).toBe('POST, OPTIONS')
  })

  it('keeps 404 for a path no route has', async () => {
    for (const url of ['/api/nothing-here/', '/api/accounts/login', `${paths.deactivateUser(7)}more/`]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers.allow).toBeUndefined()
    }
  })
})
