import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { createUser, setupTestApp, tokensFor, type TestApp } from '#api/test-utils'

/* Regressions for the findings of the outside probe (issue 13) that are not one area's own. */

let t: TestApp
let visitor: { authorization: string }
beforeAll(async () => {
  t = await setupTestApp()
  visitor = (await tokensFor(t, await createUser(t, { role: 'visitor' }))).auth
})
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
