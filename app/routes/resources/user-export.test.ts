import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { userExportColumns } from '#contract/users'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, mockState, server } from '#tests/mocks/handlers'
import { loader } from './user-export'

const EXPORT = '/resources/user-export'

async function download(search: string, tokens: Parameters<typeof requestWithTokens>[1] = tokensFor('admin')) {
  const request = await requestWithTokens(`${EXPORT}${search}`, tokens)
  return run<string>(() => loader(args(request)))
}

describe('user export', () => {
  it('streams the CSV of the filtered list with the admin bearer', async () => {
    let sent: { query: Record<string, string>; auth: string | null } | null = null
    server.use(
      http.get(UPSTREAM + paths.exportUserList, ({ request }) => {
        sent = {
          query: Object.fromEntries(new URL(request.url).searchParams),
          auth: request.headers.get('Authorization'),
        }
      }),
    )
    const result = await download('?search=&role=agent&department_id=2&is_active=true&page=2&searched=1')
    expect(result.status).toBe(200)
    expect(sent).toEqual({
      query: { role: 'agent', department_id: '2', is_active: 'true' },
      auth: 'Bearer access.admin',
    })
    expect(result.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(result.headers.get('Content-Disposition')).toBe('attachment; filename="users-2025-06-02.csv"')
    expect(result.headers.get('Cache-Control')).toBe('private, no-store')
    const [header, ...rows] = result.body.trim().split('\r\n')
    expect(header).toBe(userExportColumns.join(','))
    expect(rows.map((r) => r.split(',')[1])).toEqual(['thabo.nkosi@demo.local', 'lerato.dlamini@demo.local'])
  })

  it('refreshes an expired access token once, retries, and commits the new cookies', async () => {
    const result = await download('?role=qa_supervisor', { access: 'access.expired', refresh: 'refresh.admin' })
    expect(result.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    expect(result.body).toContain('helen.park@demo.local')
    expect(result.headers.getSetCookie().some((c) => c.startsWith('access_token_demo='))).toBe(true)
  })

  it('signs out when the session cannot be renewed', async () => {
    const result = await download('', { access: 'access.expired', refresh: 'refresh.expired' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/login')
  })

  it('sends a visitor without cookies to /login', async () => {
    const result = await download('', null)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })

  it('tells a non-admin who may export, and says when the API is down', async () => {
    const agent = await download('', tokensFor('agent'))
    expect(agent.status).toBe(403)
    expect(agent.body).toBe('Only admins can manage users.')
    server.use(http.get(UPSTREAM + paths.exportUserList, () => HttpResponse.error()))
    const down = await download('')
    expect(down.status).toBe(503)
    expect(down.body).toMatch(/can't be reached/)
  })
})
