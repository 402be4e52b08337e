import { sql } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { createUser, setupTestApp, tokensFor, type TestApp } from '#api/test-utils'

/* Regressions for the findings of the outside probe (issue 13) that are not one area's own. */

let t: TestApp
let visitor: { authorization: string }
let admin: { authorization: string }
beforeAll(async () => {
  t = await setupTestApp(
    {},
    {
      register(app) {
        // a value the contract let through and the database refuses (SQLSTATE 22003)
        // a contract whose fields are named like Object's own properties
        app
          .withTypeProvider<ZodTypeProvider>()
          .post(
            '/api/test/fields/',
            { schema: { body: z.object({ constructor: z.string(), toString: z.number() }) } },
            async () => ({ data: null, message: 'ok' }),
          )
        app.get('/api/test/out-of-range/', async () => {
          await t.db.execute(sql`select cast(${'1e300'} as real)`)
          return { data: null, message: 'unreachable' }
        })
      },
    },
  )
  visitor = (await tokensFor(t, await createUser(t, { role: 'visitor' }))).auth
  admin = (await tokensFor(t, await createUser(t, { role: 'admin' }))).auth
})

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
afterAll(() => t.close())

describe('authentication comes before validation', () => {
  it('answers a bad body without a token with 401, not the field list', async () => {
    const res = await t.app.inject({ method: 'POST', url: paths.createTemplate, payload: { nonsense: true } })
    expect(res.statusCode).toBe(401)
    expect(res.json().errors).toBeUndefined()
  })

  it('answers a bad body from a role that may not write with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: paths.createTemplate,
      payload: { nonsense: true },
      headers: visitor,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('client input that reached the database as a 500 (finding 3)', () => {
  it('refuses NUL and other control characters in a search, naming the field', async () => {
    for (const url of [
      `${paths.evaluationList}?q=%00`,
      `${paths.uploadRecording}?q=a%00b`,
      `${paths.userListAgent}?q=%01`,
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().errors.q, url).toEqual(['Remove the control characters (such as NUL) from this text'])
    }
  })

  it('refuses NUL in a JSON string field', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: paths.createTemplate,
      headers: admin,
      payload: { template_name: 'Quality\u0000check', categories: [] },
    })
    expect(nul.statusCode).toBe(400)
    expect(nul.json().errors.template_name).toContain('Remove the control characters (such as NUL) from this text')
  })

  it('takes a score filter of 1e-300 as 0', async () => {
    const res = await get(`${paths.evaluationList}?score_min=1e-300&score_max=1e-300`)
    expect(res.statusCode).toBe(200)
  })

  it('refuses dates outside 1900–2999 on the list, the export and the dashboards', async () => {
    for (const url of [
      `${paths.evaluationList}?date_to=9999-12-31`,
      `${paths.evaluationExport}?date_to=9999-12-31`,
      `${paths.callEvaluationDashboard}?date_to=9999-12-31`,
      `${paths.agentHighlightDashboard}?date_from=0001-01-01`,
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(Object.values(res.json().errors).flat(), url).toContain('Use a date between 1900 and 2999')
    }
    expect((await get(`${paths.callEvaluationDashboard}?date_from=1900-01-01&date_to=2999-12-31`)).statusCode).toBe(200)
  })

  it('answers a database data exception with 400, not 500', async () => {
    const res = await get('/api/test/out-of-range/')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ data: null, message: 'A value in the request is out of range or malformed' })
  })
})

describe('the error envelope holds for everything a client can send', () => {
  it('reports a field named like an Object property as a field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/fields/', payload: { constructor: 1 } })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['constructor', 'toString'])
  })

  it('answers a path segment over 100 characters with 414 in the envelope', async () => {
    const res = await get(`/api/face_recognition/people/${'9'.repeat(120)}/`)
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ data: null, message: 'A part of the address is too long' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
