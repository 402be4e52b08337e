import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { health } from '#contract/health'
import { lookupList } from '#contract/lookups'
import { paths } from '#contract/paths'
import { seedDemo } from '#api/seed/seed'
import { setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
let auth: { authorization: string }
beforeAll(async () => {
  t = await setupTestApp()
  await seedDemo(t.db)
  auth = (await tokensFor(t, { email: 'visitor@demo.local', password: 'Demo@1234' })).auth
})
afterAll(() => t.close())

describe('lookups', () => {
  it('lists domains and languages from the database', async () => {
    const domains = await t.app.inject({ url: paths.lookupDomain, headers: auth })
    expect(domains.statusCode).toBe(200)
    const list = lookupList.parse(domains.json().data)
    expect(list.map((d) => d.name)).toEqual(expect.arrayContaining(['Banking', 'Healthcare', 'Insurance', 'Telecom']))
    const languages = lookupList.parse((await t.app.inject({ url: paths.lookupLanguage, headers: auth })).json().data)
    expect(languages.find((l) => l.code === 'es')?.name).toBe('Spanish')
    expect(languages[0].name).toBe('English')
  })

  it('needs a token', async () => {
    expect((await t.app.inject({ url: paths.lookupDomain })).statusCode).toBe(401)
  })
})

describe('health', () => {
  it('reports the database and, without a queue, a degraded 503 of the same shape', async () => {
    const res = await t.app.inject({ url: paths.health })
    expect(res.statusCode).toBe(503)
    const data = health.parse(res.json().data)
    expect(data.status).toBe('degraded')
    expect(data.database.ok).toBe(true)
    expect(data.database.driver).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite')
    expect(data.queue.ok).toBe(false)
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/)
  })
})

describe('docs', () => {
  it('serves the OpenAPI document listing every route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        paths.login,
        paths.logout,
        paths.userDetail,
        paths.tokenRefresh,
        paths.notifications,
        '/api/notification_center/notifications/{id}/read/',
        paths.lookupDomain,
        paths.lookupLanguage,
        paths.health,
      ]),
    )
    expect(doc.paths[paths.login].post.requestBody).toBeDefined()
  })

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ url: '/api/docs' })
    expect([200, 302]).toContain(res.statusCode)
  })
})
