import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import type { Paged } from '#contract/envelope'
import type { TemplateSummary } from '#contract/templates'
import { args, run } from '#tests/fixtures/remix'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action, loader } from './list'

const LIST = '/demo-portal/solutions/call-evaluation/manage-template'

type ListData = {
  query: { page: number; q: string; status: string }
  page: Paged<TemplateSummary> | null
  error: string | null
  confirm: { template_internal_id: string; name: string; version: number } | null
}

async function load(search = '', who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${LIST}${search}`, tokensFor(who))
  return run<ListData>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(LIST, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run(() => action(args(request)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  const request = new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } })
  return (await getToast(request)).toast
}

describe('template list loader', () => {
  it('loads the first page of active templates', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.error).toBeNull()
    expect(result.body.query).toEqual({ page: 1, q: '', status: 'active' })
    expect(result.body.page?.count).toBe(12)
    expect(result.body.page?.total_pages).toBe(2)
    expect(result.body.page?.results).toHaveLength(10)
    expect(result.body.page?.results[0]).toMatchObject({ name: 'Inbound customer service', version: 3 })
    expect(result.body.page?.results.some((t) => t.status === 'archived')).toBe(false)
  })

  it('passes search, status and page to the API', async () => {
    let sent: URLSearchParams | null = null
    server.use(
      http.get(UPSTREAM + paths.template, ({ request }) => {
        sent = new URL(request.url).searchParams
      }),
    )
    const archived = await load('?q=legacy&status=all&page=1')
    expect(sent!.get('q')).toBe('legacy')
    expect(sent!.get('status')).toBe('all')
    expect(archived.body.page?.results.map((t) => t.name)).toEqual(['Legacy retention'])
    const second = await load('?page=2')
    expect(second.body.page?.current_page).toBe(2)
    expect(second.body.page?.results).toHaveLength(2)
  })

  it('reads nonsense in the URL as the defaults instead of failing', async () => {
    const result = await load('?page=-3&status=deleted&confirm-delete=not-a-uuid')
    expect(result.status).toBe(200)
    expect(result.body.query).toEqual({ page: 1, q: '', status: 'active' })
    expect(result.body.confirm).toBeNull()
  })

  it("says 'Failed to load template list' with the server's message when the API fails", async () => {
    server.use(http.get(UPSTREAM + paths.template, () => errorReply(500, 'Database unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
    server.use(http.get(UPSTREAM + paths.template, () => HttpResponse.error()))
    expect((await load()).body.error).toMatch(/can't be reached/)
  })

  it('fetches the template to confirm a delete of alongside the list', async () => {
    const result = await load(`?confirm-delete=${TEMPLATE_IDS.collections}`)
    expect(result.body.confirm).toEqual({
      template_internal_id: TEMPLATE_IDS.collections,
      name: 'Collections compliance',
      version: 1,
    })
    expect(result.body.page?.results).toHaveLength(10)
    const gone = await load(`?confirm-delete=${TEMPLATE_IDS.unknown}`)
    expect(gone.body.confirm).toBeNull()
    expect(gone.body.error).toBeNull()
  })

  it('sends a visitor whose session has ended to /login', async () => {
    const request = await requestWithTokens(`${LIST}?q=x`, { access: 'access.nobody', refresh: 'refresh.nobody' })
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('template list action (delete)', () => {
  it("deletes, then goes back to the list as it was with 'Template deleted successfully'", async () => {
    const result = await post({
      intent: 'delete',
      template_internal_id: TEMPLATE_IDS.collections,
      redirectTo: `${LIST}?q=coll&confirm-delete=${TEMPLATE_IDS.collections}`,
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${LIST}?q=coll`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Template deleted successfully', type: 'success' })
  })

  it('never redirects off the list page', async () => {
    const result = await post({
      intent: 'delete',
      template_internal_id: TEMPLATE_IDS.inbound,
      redirectTo: '//evil.com',
    })
    expect(result.headers.get('Location')).toBe(LIST)
    const other = await post({ intent: 'delete', template_internal_id: TEMPLATE_IDS.inbound, redirectTo: '/reshub' })
    expect(other.headers.get('Location')).toBe(LIST)
  })

  it("shows the server's message when the delete fails", async () => {
    const result = await post({ intent: 'delete', template_internal_id: TEMPLATE_IDS.unknown })
    expect(result.headers.get('Location')).toBe(LIST)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Template not found', type: 'error' })
  })

  it('tells a role that cannot manage templates who can', async () => {
    const result = await post({ intent: 'delete', template_internal_id: TEMPLATE_IDS.inbound }, 'agent')
    expect(await toastOf(result.headers)).toMatchObject({
      message: 'Only admins and QA supervisors can manage templates.',
      type: 'error',
    })
  })

  it('refuses a post without a valid intent or id, without calling the API', async () => {
    server.use(http.delete(UPSTREAM + paths.template, () => HttpResponse.error()))
    const invalid: Record<string, string>[] = [
      { intent: 'delete', template_internal_id: 'x' },
      { template_internal_id: TEMPLATE_IDS.inbound },
    ]
    for (const fields of invalid) {
      const result = await post(fields)
      expect(result.status).toBe(302)
      expect(await toastOf(result.headers)).toMatchObject({ type: 'error', message: 'Choose a template to delete' })
    }
  })
})
