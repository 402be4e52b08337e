import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign, Service } from '#contract/call-evaluation'
import { paths } from '#contract/paths'
import { seedDemo } from '#api/seed/seed'
import { createUser, setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
let auth: { authorization: string }
const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers })

beforeAll(async () => {
  t = await setupTestApp()
  await seedDemo(t.db)
  auth = (await tokensFor(t, await createUser(t, { role: 'agent' }))).auth
})
afterAll(() => t.close())

describe('call evaluation lookups', () => {
  it('lists the campaigns by name', async () => {
    const res = await get(paths.campaigns)
    expect(res.statusCode).toBe(200)
    const list: Campaign[] = res.json().data
    expect(list.map((c) => c.client)).toEqual(['Northwind Energy', 'Contoso Health', 'Acme Bank'])
    expect(list[0]).toMatchObject({ code: 'NORTHWIND-COLL', name: 'Energy collections', is_active: true })
  })

  it("lists all services, or one campaign's", async () => {
    const all: Service[] = (await get(paths.services)).json().data
    expect(all).toHaveLength(10)
    const acme = ((await get(paths.campaigns)).json().data as Campaign[]).find((c) => c.client === 'Acme Bank')!
    const mine: Service[] = (await get(`${paths.services}?campaign_id=${acme.id}`)).json().data
    expect(mine.map((s) => s.name)).toEqual([
      'Card services',
      'Current accounts',
      'Fraud and disputes',
      'Personal loans',
    ])
    expect((await get(`${paths.services}?campaign_id=abc`)).statusCode).toBe(400)
    expect((await get(`${paths.services}?campaign_id=999999`)).json().data).toEqual([])
  })

  it('lists the evaluation types in their order', async () => {
    const res = await get(paths.evaluationTypes)
    expect(res.json().data.map((e: { name: string }) => e.name)).toEqual([
      'AI evaluation',
      'Manual audit',
      'Calibration',
      'Dispute review',
    ])
  })

  it('needs a token, and seeding twice adds nothing', async () => {
    for (const url of [paths.campaigns, paths.services, paths.evaluationTypes]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    }
    await seedDemo(t.db)
    expect((await get(paths.services)).json().data).toHaveLength(10)
    expect((await get(paths.campaigns)).json().data).toHaveLength(3)
  })
})
