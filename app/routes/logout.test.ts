import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action } from './logout'

async function logoutWith(tokens: Parameters<typeof requestWithTokens>[1]) {
  const request = await requestWithTokens('/logout', tokens, { method: 'POST' })
  const result = await run(() => action(args(request)))
  const cookies = setCookies(new Response(null, { headers: result.headers }))
  const toastCookie = cookies.toast.split(';')[0]
  const { toast } = await getToast(new Request('http://portal.test/login', { headers: { Cookie: toastCookie } }))
  return { result, cookies, toast }
}

describe('logout action', () => {
  it('revokes the refresh token upstream, clears both cookies and says goodbye', async () => {
    let body: unknown
    server.use(
      http.post(UPSTREAM + paths.logout, async ({ request }) => {
        if (request.headers.get('Authorization') !== 'Bearer access.agent') return errorReply(401, 'No token')
        body = await request.json()
        return HttpResponse.json({ data: null, message: 'Logged out' })
      }),
    )
    const { result, cookies, toast } = await logoutWith(tokensFor('agent'))
    expect(body).toEqual({ refresh: 'refresh.agent' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/login')
    expect(cookies.access_token_demo).toMatch(/Max-Age=0/)
    expect(cookies.refresh_token_demo).toMatch(/Max-Age=0/)
    expect(toast).toMatchObject({ type: 'success' })
  })

  it("still clears both cookies when the upstream fails, with a 'Logout Error' toast", async () => {
    server.use(http.post(UPSTREAM + paths.logout, () => HttpResponse.error()))
    const { result, cookies, toast } = await logoutWith(tokensFor('agent'))
    expect(result.headers.get('Location')).toBe('/login')
    expect(cookies.access_token_demo).toMatch(/Max-Age=0/)
    expect(cookies.refresh_token_demo).toMatch(/Max-Age=0/)
    expect(toast).toMatchObject({ message: 'Logout Error', type: 'error' })
  })

  it('treats a session the upstream already ended as signed out', async () => {
    const { cookies, toast } = await logoutWith({ access: 'expired', refresh: 'revoked' })
    expect(cookies.access_token_demo).toMatch(/Max-Age=0/)
    expect(toast).toMatchObject({ type: 'success' })
  })

  it('refuses a sign-out another site asks for (403), and keeps the session', async () => {
    let calls = 0
    server.use(
      http.post(UPSTREAM + paths.logout, () => {
        calls += 1
        return HttpResponse.json({ data: null, message: 'Logged out' })
      }),
    )
    const refused: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of refused) {
      const request = await requestWithTokens('/logout', tokensFor('agent'), { method: 'POST', headers })
      const result = await run(() => action(args(request)))
      expect(result.status, JSON.stringify(headers)).toBe(403)
      expect(result.headers.getSetCookie()).toEqual([])
    }
    expect(calls).toBe(0)
  })

  it('signs out from its own pages, and from clients that send no Origin', async () => {
    for (const headers of [
      { Origin: 'http://portal.test', 'Sec-Fetch-Site': 'same-origin' },
      {} as Record<string, string>,
    ]) {
      const request = await requestWithTokens('/logout', tokensFor('agent'), { method: 'POST', headers })
      const result = await run(() => action(args(request)))
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/login')
    }
  })
})
