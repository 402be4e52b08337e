import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { run } from '#tests/fixtures/remix'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, mockState, server } from '#tests/mocks/handlers'
import type { NotificationFeed } from '~/lib/notification-feed'
import { loadPortalLayout } from './portal-layout.server'

type Body = {
  user: { full_name: string; role: string }
  notifications: { unread_count: number; results: { id: number }[] }
  panel: { feed: NotificationFeed; pages: number } | null
}

const load = async (url: string, tokens: Parameters<typeof requestWithTokens>[1] = tokensFor('agent')) =>
  run<Body>(async () => loadPortalLayout(await requestWithTokens(url, tokens)))

describe('portal layout loader', () => {
  it('loads the user and the first page of unread notifications together', async () => {
    const started: string[] = []
    server.events.on('request:start', ({ request }) => started.push(new URL(request.url).pathname))
    const result = await load('/demo-portal')
    server.events.removeAllListeners()
    expect(result.body.user).toMatchObject({ full_name: 'Grace Agent', role: 'agent' })
    expect(result.body.notifications.unread_count).toBe(8)
    expect(result.body.notifications.results).toHaveLength(5)
    expect(result.body.panel).toBeNull()
    expect(started.sort()).toEqual([paths.userDetail, paths.notifications].sort())
  })

  it('sends a filter form submitted without JavaScript to the address with only the filters in use', async () => {
    const list = '/demo-portal/solutions/call-evaluation/evaluation-list'
    const result = await load(`${list}?date_from=&date_to=&campaign_id=3&service_id=&q=&page=2`)
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${list}?campaign_id=3&page=2`)
    const cleared = await load(`${list}?date_from=&campaign_id=`)
    expect(cleared.headers.get('Location')).toBe(list)
    // already clean: the page itself
    expect((await load(`${list}?campaign_id=3`)).status).toBe(200)
    // a dashboard's dates sent empty mean "any period" (absent, its default period): they stay
    const dashboard = '/demo-portal/solutions/call-evaluation/evaluation-dashboard'
    const any = await load(`${dashboard}?date_from=&date_to=&agent_id=`)
    expect(any.headers.get('Location')).toBe(`${dashboard}?date_from=&date_to=`)
  })

  it('redirects to /login without both cookies', async () => {
    const result = await load('/reshub', { refresh: 'refresh.agent' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/login?redirectTo=%2Freshub')
  })

  it('commits refreshed cookies when the access token had expired', async () => {
    const result = await load('/demo-portal', { access: 'expired', refresh: 'refresh.agent' })
    expect(result.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    const cookies = setCookies(new Response(null, { headers: result.headers }))
    expect(Object.keys(cookies).sort()).toEqual(['access_token_demo', 'refresh_token_demo'])
  })

  it('renders the no-JavaScript panel with every page up to npage, duplicates dropped', async () => {
    const result = await load('/demo-portal?notifications=open&npage=2')
    const feed = result.body.panel!.feed
    expect(result.body.panel!.pages).toBe(2)
    expect(feed.items).toHaveLength(8)
    expect(new Set(feed.items.map((n) => n.id)).size).toBe(8)
    expect(feed.unreadCount).toBe(8)
  })

  it('throws the upstream failure for the error boundary', async () => {
    server.use(http.get(UPSTREAM + paths.notifications, () => HttpResponse.error()))
    const result = await load('/demo-portal')
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(503)
    expect(result.body).toMatch(/can't be reached/)
  })
})
