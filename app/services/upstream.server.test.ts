import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { userDetail } from '#contract/accounts'
import { endpoints } from '#contract/endpoints'
import { paths } from '#contract/paths'
import { cookieHeaderFrom, requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, mockState, server } from '#tests/mocks/handlers'
import { listUnreadNotifications } from '~/services/notifications.server'
import { inRequestScope } from '~/lib/request-scope.server'
import { z } from 'zod'
import {
  clientIp,
  createUpstream,
  LOOKUP_STALE_MS,
  LOOKUP_TTL_MS,
  UNREACHABLE_MESSAGE,
} from '~/services/upstream.server'

async function caught(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error('expected a thrown Response')
}

describe('upstream client', () => {
  it('sends the bearer token and the client IP, and returns the parsed data', async () => {
    let seen: Headers | undefined
    server.events.on('request:start', ({ request }) => {
      seen = request.headers
    })
    const request = await requestWithTokens('/demo-portal', tokensFor('agent'))
    const user = await inRequestScope({ socketAddress: '::ffff:203.0.113.7' }, async () =>
      (await createUpstream(request)).request(endpoints.userDetail),
    )
    server.events.removeAllListeners()
    expect(seen?.get('authorization')).toBe('Bearer access.agent')
    expect(seen?.get('x-forwarded-for')).toBe('203.0.113.7')
    expect(user).toEqual(userDetail.parse(user))
    expect(user.email).toBe('agent@demo.local')
  })

  it('takes the client address from the connection, never from headers the client sends', async () => {
    const spoofed = {
      'X-Forwarded-For': '198.51.100.1',
      'X-Real-IP': '198.51.100.2',
      'Fly-Client-IP': '198.51.100.3',
      'CF-Connecting-IP': '198.51.100.4',
    }
    const request = new Request('http://portal.test/login', { method: 'POST', headers: spoofed })
    expect(clientIp(request)).toBeNull()
    expect(inRequestScope({ socketAddress: '203.0.113.9' }, () => clientIp(request))).toBe('203.0.113.9')
    expect(clientIp(request, { socketAddress: '2001:db8::1' })).toBe('2001:db8::1')
    expect(clientIp(request, {})).toBeNull()
  })

  it("throws a Response with the server's message on an error", async () => {
    server.use(http.get(UPSTREAM + paths.userDetail, () => errorReply(403, 'You do not have permission')))
    const api = await createUpstream(await requestWithTokens('/demo-portal', tokensFor('agent')))
    const response = await caught(api.request(endpoints.userDetail))
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('You do not have permission')
  })

  it('turns an upstream 5xx into a 502 carrying its message', async () => {
    server.use(http.get(UPSTREAM + paths.userDetail, () => errorReply(500, 'Database unavailable')))
    const api = await createUpstream(await requestWithTokens('/demo-portal', tokensFor('agent')))
    const response = await caught(api.request(endpoints.userDetail))
    expect(response.status).toBe(502)
    expect(await response.text()).toBe('Database unavailable')
  })

  it('rejects a body that does not match the contract', async () => {
    server.use(http.get(UPSTREAM + paths.userDetail, () => HttpResponse.json({ data: { id: 'x' }, message: 'ok' })))
    const api = await createUpstream(await requestWithTokens('/demo-portal', tokensFor('agent')))
    const response = await caught(api.request(endpoints.userDetail))
    expect(response.status).toBe(502)
    expect(await response.text()).toMatch(/unexpected format/)
  })

  it("says the upstream can't be reached when the network fails", async () => {
    server.use(http.get(UPSTREAM + paths.userDetail, () => HttpResponse.error()))
    const api = await createUpstream(await requestWithTokens('/demo-portal', tokensFor('agent')))
    const response = await caught(api.request(endpoints.userDetail))
    expect(response.status).toBe(503)
    expect(await response.text()).toBe(UNREACHABLE_MESSAGE)
  })

  it('aborts the upstream call when the incoming request is aborted (the browser went away)', async () => {
    let upstreamAborted = false
    let arrived: () => void
    const started = new Promise<void>((resolve) => (arrived = resolve))
    server.use(
      http.get(UPSTREAM + paths.userDetail, async ({ request }) => {
        arrived()
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
        upstreamAborted = request.signal.aborted
        return HttpResponse.error()
      }),
    )
    const client = new AbortController()
    const request = await requestWithTokens('/demo-portal', tokensFor('agent'), { signal: client.signal })
    const api = await createUpstream(request)
    const pending = caught(api.request(endpoints.userDetail))
    await started
    client.abort()
    const response = await pending
    expect(upstreamAborted).toBe(true)
    expect(response.status).toBe(503)
  })

  it('refreshes an expired access token once, retries, and hands back the new cookies', async () => {
    const request = await requestWithTokens('/demo-portal', { access: 'expired', refresh: 'refresh.agent' })
    const api = await createUpstream(request)
    const [user, list] = await Promise.all([api.request(endpoints.userDetail), listUnreadNotifications(api)])
    expect(user.email).toBe('agent@demo.local')
    expect(list.unread_count).toBeGreaterThan(0)
    expect(mockState.refreshCalls).toBe(1)
    const cookies = cookieHeaderFrom(api.headers)
    expect(cookies).toContain('access_token_demo=')
    expect(cookies).toContain('refresh_token_demo=')
    for (const c of api.headers.getSetCookie()) expect(c).toMatch(/HttpOnly/)
    const next = await createUpstream(new Request('http://portal.test/demo-portal', { headers: { Cookie: cookies } }))
    expect(next.tokens.access).toBe('access.agent.r1')
  })

  it('lets two requests whose access token expired together share one refresh and set the same cookies', async () => {
    const expired = { access: 'expired', refresh: 'refresh.agent' }
    const [first, second] = await Promise.all(
      [1, 2].map(async () => {
        const api = await createUpstream(await requestWithTokens('/demo-portal', expired))
        await api.request(endpoints.userDetail)
        return api
      }),
    )
    expect(mockState.refreshCalls).toBe(1)
    expect(first.tokens).toEqual(second.tokens)
    expect(cookieHeaderFrom(first.headers)).toBe(cookieHeaderFrom(second.headers))
    expect(first.headers.getSetCookie()).toHaveLength(2)
  })

  it('redirects to /login once, clearing both cookies, when the refresh fails', async () => {
    const request = await requestWithTokens('/demo-portal/emr?tab=1', { access: 'expired', refresh: 'revoked' })
    const api = await createUpstream(request)
    const [a, b] = await Promise.allSettled([api.request(endpoints.userDetail), listUnreadNotifications(api)])
    expect(a.status).toBe('rejected')
    expect(b.status).toBe('rejected')
    const response = (a as PromiseRejectedResult).reason as Response
    expect((b as PromiseRejectedResult).reason).toBe(response)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fdemo-portal%2Femr%3Ftab%3D1')
    const cleared = setCookies(response)
    expect(response.headers.getSetCookie()).toHaveLength(2)
    expect(cleared.access_token_demo).toMatch(/Max-Age=0/)
    expect(cleared.refresh_token_demo).toMatch(/Max-Age=0/)
    expect(mockState.refreshCalls).toBe(1)
  })

  describe('lookups', () => {
    /** How many times the API was asked for the campaigns while `run` ran. */
    async function campaignCalls(run: () => Promise<unknown>) {
      let calls = 0
      const count = ({ request }: { request: Request }) => {
        if (new URL(request.url).pathname === paths.campaigns) calls++
      }
      server.events.on('request:start', count)
      try {
        await run()
      } finally {
        server.events.removeListener('request:start', count)
      }
      return calls
    }
    const session = async (key: 'agent' | 'supervisor') =>
      createUpstream(await requestWithTokens('/demo-portal', tokensFor(key)))

    it("answers a session's repeated lookup from its cache, and asks again for another session", async () => {
      const first = await session('supervisor')
      const second = await session('supervisor')
      const other = await session('agent')
      let lists: unknown[] = []
      const calls = await campaignCalls(async () => {
        lists = [
          await first.lookup(endpoints.campaigns),
          await second.lookup(endpoints.campaigns),
          await other.lookup(endpoints.campaigns),
        ]
      })
      expect(calls).toBe(2)
      expect(lists[1]).toEqual(lists[0])
      expect(Array.isArray(lists[0]) && lists[0].length).toBeGreaterThan(0)
    })

    /** The cache reads the clock through performance.now(), at most once a millisecond: a clock the test moves. */
    async function withClock(run: (later: (ms: number) => Promise<void>) => Promise<void>) {
      let now = performance.now()
      const clock = vi.spyOn(performance, 'now').mockImplementation(() => now)
      const later = async (ms: number) => {
        now += ms
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      try {
        await run(later)
      } finally {
        clock.mockRestore()
      }
    }
    const noCampaigns = () =>
      server.use(http.get(UPSTREAM + paths.campaigns, () => HttpResponse.json({ data: [], message: 'ok' })))

    it('gives an answer older than the TTL at once and asks again behind the page, then gives the new one', async () => {
      await withClock(async (later) => {
        const api = await session('supervisor')
        const answers: unknown[] = []
        const calls = await campaignCalls(async () => {
          answers.push(await api.lookup(endpoints.campaigns))
          await later(LOOKUP_TTL_MS - 1_000)
          answers.push(await api.lookup(endpoints.campaigns))
          noCampaigns()
          await later(2_000)
          // due: the kept answer, while the API is asked again
          answers.push(await api.lookup(endpoints.campaigns))
          await later(10)
          answers.push(await api.lookup(endpoints.campaigns))
        })
        expect(calls).toBe(2)
        expect(answers[0]).not.toEqual([])
        expect(answers[1]).toEqual(answers[0])
        expect(answers[2]).toEqual(answers[0])
        expect(answers[3]).toEqual([])
      })
    })

    it('waits for a new answer past LOOKUP_STALE_MS, and keeps no stale answer whose refresh failed', async () => {
      await withClock(async (later) => {
        const api = await session('supervisor')
        const answers: unknown[] = []
        const calls = await campaignCalls(async () => {
          answers.push(await api.lookup(endpoints.campaigns))
          noCampaigns()
          await later(LOOKUP_STALE_MS + 1_000)
          answers.push(await api.lookup(endpoints.campaigns))
        })
        expect(calls).toBe(2)
        expect(answers[1]).toEqual([])

        // a refresh the API refuses (the session ended): the stale answer goes, no rotation is tried
        const refreshes = mockState.refreshCalls
        server.use(http.get(UPSTREAM + paths.campaigns, () => errorReply(401, 'expired'), { once: true }))
        await later(LOOKUP_TTL_MS + 1_000)
        const afterFailure = await campaignCalls(async () => {
          await api.lookup(endpoints.campaigns)
          await later(10)
          await api.lookup(endpoints.campaigns)
        })
        expect(afterFailure).toBe(2)
        expect(mockState.refreshCalls).toBe(refreshes)
      })
    })

    it("drops a session's lookups when it changes something, and keeps no failure", async () => {
      server.use(http.post(`${UPSTREAM}/api/test-change/`, () => HttpResponse.json({ data: null, message: 'ok' })))
      const api = await session('supervisor')
      const afterChange = await campaignCalls(async () => {
        await api.lookup(endpoints.campaigns)
        await api.call({ method: 'POST', path: '/api/test-change/', schema: z.null(), body: {} })
        await api.lookup(endpoints.campaigns)
      })
      expect(afterChange).toBe(2)

      server.use(http.get(UPSTREAM + paths.campaigns, () => errorReply(500, 'down'), { once: true }))
      const fresh = await session('agent')
      const afterFailure = await campaignCalls(async () => {
        expect((await caught(fresh.lookup(endpoints.campaigns))).status).toBe(502)
        await fresh.lookup(endpoints.campaigns)
      })
      expect(afterFailure).toBe(2)
    })
  })
})
