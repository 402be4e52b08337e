import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { endpoints, needsBearer, pathOf, type EndpointId, type NamedEndpoint } from '#contract/endpoints'
import { FORBIDDEN, INVALID_REQUEST, declaredStatuses, mock, mockedEndpoint } from '#tests/mocks/endpoint'
import { jpegFile } from '#tests/mocks/face'
import { UPSTREAM, handlers, server } from '#tests/mocks/handlers'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'

/*
 * The msw mocks the portal's tests run against (tests/mocks/) are built from the endpoint table
 * (contract/endpoints.ts) by mock(): this checks that they cover the table, and that they refuse
 * what the API refuses before its handlers run.
 */

/** The endpoints of the table without a mock, and why. */
const NOT_MOCKED: Partial<Record<EndpointId, string>> = {
  health: 'the portal never calls it: the start scripts, the container health check and Fly probe the API directly',
}

const all = Object.values(endpoints) as NamedEndpoint[]
const mocked = handlers.map((handler) => mockedEndpoint(handler))
const mockedIds = new Set(mocked.map((e) => e?.id))

/** The endpoints the portal's code names (`endpoints.x`), from its sources (tests aside). */
function endpointsThePortalNames() {
  const root = join(import.meta.dirname)
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  )
  const ids = new Set<string>()
  for (const file of files) {
    for (const [, id] of readFileSync(join(root, file), 'utf8').matchAll(/\bendpoints\.(\w+)/g)) ids.add(id)
  }
  return ids
}

const urlOf = (e: NamedEndpoint, search = '') =>
  UPSTREAM + pathOf(e, Object.fromEntries((e.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), 1]))) + search

function call(e: NamedEndpoint, { as, search, body }: { as?: DemoKey; search?: string; body?: unknown } = {}) {
  const headers = new Headers()
  if (as) headers.set('Authorization', `Bearer access.${as}`)
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  return fetch(urlOf(e, search), {
    method: e.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** A demo user whose role the endpoint lists, and one whose role it does not. */
function callersOf(e: NamedEndpoint) {
  const roles = e.access as readonly string[]
  const keys = Object.keys(demoUsers) as DemoKey[]
  return {
    allowed: keys.find((k) => roles.includes(demoUsers[k].role))!,
    refused: keys.find((k) => !roles.includes(demoUsers[k].role))!,
  }
}

describe('the mock API', () => {
  it('is built from the endpoint table: every handler is one endpoint’s mock, none twice', () => {
    expect(mocked.filter((e) => !e)).toHaveLength(0)
    const ids = mocked.map((e) => e!.id)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it('mocks every endpoint of the table but those listed, with the reason, as not mocked', () => {
    const missing = all.filter((e) => !mockedIds.has(e.id) && !(e.id in NOT_MOCKED)).map((e) => e.id)
    expect(missing, 'endpoints without a mock (add one, or list it in NOT_MOCKED with why)').toEqual([])
    const listedButMocked = Object.keys(NOT_MOCKED).filter((id) => mockedIds.has(id))
    expect(listedButMocked, 'listed as not mocked, but mocked').toEqual([])
  })

  it('mocks every endpoint the portal calls', () => {
    const named = [...endpointsThePortalNames()].filter((id) => id in endpoints)
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((id) => !mockedIds.has(id))).toEqual([])
  })

  it('answers 401 to a call without a bearer token, on every endpoint that takes one', async () => {
    const signedIn = mocked.filter((e): e is NamedEndpoint => !!e && needsBearer(e))
    expect(signedIn.length).toBeGreaterThan(50)
    for (const e of signedIn) {
      const response = await call(e)
      expect(response.status, e.id).toBe(401)
      expect(await response.json(), e.id).toMatchObject({ data: null, message: expect.any(String) })
    }
  })

  it('answers 403 with the API’s message to a role the endpoint does not list, before reading the request', async () => {
    const gated = mocked.filter((e): e is NamedEndpoint => !!e && Array.isArray(e.access))
    expect(gated.map((e) => e.id)).toEqual(expect.arrayContaining(['createTemplate', 'listUsers', 'rescore']))
    for (const e of gated) {
      const { allowed, refused } = callersOf(e)
      const response = await call(e, { as: refused })
      expect(response.status, `${e.id} as ${refused}`).toBe(403)
      expect(await response.json()).toEqual({ data: null, message: FORBIDDEN })
      const passed = await call(e, { as: allowed })
      expect(passed.status, `${e.id} as ${allowed}`).not.toBe(403)
    }
  })

  it('answers 400 with field errors to a query, body or path parameter its schemas refuse', async () => {
    const query = await call(endpoints.listNotifications, { as: 'agent', search: '?page=0&is_read=maybe' })
    expect(query.status).toBe(400)
    expect(await query.json()).toEqual({
      data: null,
      message: INVALID_REQUEST,
      errors: { page: [expect.any(String)], is_read: ["must be 'true' or 'false'"] },
    })

    const page = await call(endpoints.listUsers, { as: 'admin', search: '?page_size=1000' })
    expect(page.status).toBe(400)
    expect((await page.json()).errors).toHaveProperty('page_size')

    const body = await call(endpoints.changeStatus, { as: 'auditor', body: { call_evaluation_id: 101 } })
    expect(body.status).toBe(400)
    expect((await body.json()).errors).toHaveProperty('status')

    const missing = await call(endpoints.changeStatus, { as: 'auditor' })
    expect(await missing.json()).toMatchObject({ errors: { non_field_errors: ['Request body is required'] } })

    const params = await fetch(UPSTREAM + pathOf(endpoints.getPerson, { id: 'abc' }), {
      headers: { Authorization: 'Bearer access.auditor' },
    })
    expect(params.status).toBe(400)
    expect((await params.json()).errors).toHaveProperty('id')
  })

  it('passes what the schemas parsed to the mock, and answers the contract’s envelope', async () => {
    const response = await call(endpoints.listNotifications, { as: 'agent', search: '?page_size=1&is_read=false' })
    expect(response.status).toBe(200)
    const { data, message } = await response.json()
    expect(message).toBe('Notifications')
    expect(data.results).toHaveLength(1)
    expect(data.results[0].is_read).toBe(false)
  })

  it('answers 201 where the endpoint creates', async () => {
    const form = new FormData()
    form.set('photo', jpegFile())
    const response = await fetch(UPSTREAM + endpoints.identifyFace.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer access.auditor' },
      body: form,
    })
    expect(endpoints.identifyFace.status).toBe(201)
    expect(response.status).toBe(201)
  })

  it('never delivers an answer the contract forbids, nor an error status the table does not declare', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      server.use(
        mock(endpoints.lookupDomain, () => [{ id: 'one', code: 'x' }] as never),
        mock(endpoints.lookupLanguage, () => new Response(null, { status: 409 })),
      )
      expect(declaredStatuses(endpoints.lookupLanguage).has(409)).toBe(false)
      for (const e of [endpoints.lookupDomain, endpoints.lookupLanguage]) {
        const response = await call(e, { as: 'agent' })
        expect(response.status, e.id).toBe(500)
      }
      expect(quiet.mock.calls.flat().join(' ')).toMatch(/mock lookupDomain: the answer breaks the contract/)
      expect(quiet.mock.calls.flat().join(' ')).toMatch(/mock lookupLanguage: 409 is not among the statuses/)
    } finally {
      quiet.mockRestore()
    }
  })
})
