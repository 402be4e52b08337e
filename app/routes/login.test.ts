import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { formRequest, requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { DEMO_PASSWORD } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { inRequestScope } from '~/lib/request-scope.server'
import { getToast } from '~/sessions.server'
import { action, loader } from './login'

type Reply = { result: { status: string; error?: Record<string, string[] | null> } }

const signIn = (fields: Record<string, string>, headers?: HeadersInit) =>
  run<Reply>(() => action(args(formRequest('/login', fields, headers))))

describe('login loader', () => {
  it('shows the form to a visitor without cookies, keeping a safe redirectTo', async () => {
    const result = await run(() => loader(args(new Request('http://portal.test/login?redirectTo=%2Freshub'))))
    expect(result.body).toEqual({ redirectTo: '/reshub' })
    const evil = await run(() => loader(args(new Request('http://portal.test/login?redirectTo=%2F%2Fevil.com'))))
    expect(evil.body).toEqual({ redirectTo: '' })
  })

  it('sends a signed-in visitor on to /demo-portal', async () => {
    const request = await requestWithTokens('/', tokensFor('agent'))
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/demo-portal')
  })
})

describe('login action', () => {
  it('sets both httpOnly cookies and a welcome toast, then redirects', async () => {
    const result = await signIn({ email: 'Agent@Demo.local', password: DEMO_PASSWORD, redirectTo: '' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/demo-portal')
    const cookies = setCookies(new Response(null, { headers: result.headers }))
    expect(cookies.access_token_demo).toMatch(/HttpOnly; SameSite=Lax/)
    expect(cookies.refresh_token_demo).toMatch(/HttpOnly; SameSite=Lax/)
    const { toast } = await getToast(
      new Request('http://portal.test/', { headers: { Cookie: cookies.toast.split(';')[0] } }),
    )
    expect(toast).toMatchObject({ message: 'Welcome back, Grace', type: 'success' })
  })

  it('goes to a safe redirectTo and ignores an unsafe one', async () => {
    const safe = await signIn({ email: 'agent@demo.local', password: DEMO_PASSWORD, redirectTo: '/reshub/calendar' })
    expect(safe.headers.get('Location')).toBe('/reshub/calendar')
    const evil = await signIn({ email: 'agent@demo.local', password: DEMO_PASSWORD, redirectTo: '//evil.com' })
    expect(evil.headers.get('Location')).toBe('/demo-portal')
  })

  it('never lets a redirectTo with a tab, a newline or a wide space through, and never crashes on one', async () => {
    for (const redirectTo of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u3000/evil.example']) {
      const result = await signIn({ email: 'agent@demo.local', password: DEMO_PASSWORD, redirectTo })
      expect(result.status, JSON.stringify(redirectTo)).toBe(302)
      expect(result.headers.get('Location')).toBe('/demo-portal')
      const query = `redirectTo=${encodeURIComponent(redirectTo)}`
      const shown = await run(() => loader(args(new Request(`http://portal.test/login?${query}`))))
      expect(shown.body).toEqual({ redirectTo: '' })
      const signedIn = await requestWithTokens(`/login?${query}`, tokensFor('agent'))
      const onward = await run(() => loader(args(signedIn)))
      expect(onward.headers.get('Location')).toBe('/demo-portal')
    }
  })

  it("answers 'Invalid Login' with 400 for a wrong password or an unknown email", async () => {
    for (const fields of [
      { email: 'agent@demo.local', password: 'wrong' },
      { email: 'nobody@demo.local', password: DEMO_PASSWORD },
    ]) {
      const result = await signIn(fields)
      expect(result.status).toBe(400)
      expect(result.body.result.error?.['']).toEqual(['Invalid Login'])
      expect(result.headers.getSetCookie()).toEqual([])
    }
  })

  it('answers a body that is not a form with field errors, not a crash', async () => {
    const request = new Request('http://portal.test/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(400)
    expect(result.body.result.error?.email).toEqual(['Email is required'])
  })

  it('returns field errors for bad input without calling the upstream', async () => {
    server.use(http.post(UPSTREAM + paths.login, () => HttpResponse.error()))
    const result = await signIn({ email: 'not-an-email', password: '' })
    expect(result.status).toBe(400)
    expect(result.body.result.error?.email).toEqual(['Enter a valid email address'])
    expect(result.body.result.error?.password).toEqual(['Password is required'])
  })

  it("says 'Login Error' when the upstream is down or fails", async () => {
    server.use(http.post(UPSTREAM + paths.login, () => HttpResponse.error()))
    const down = await signIn({ email: 'agent@demo.local', password: DEMO_PASSWORD })
    expect(down.body.result.error?.['']).toEqual(['Login Error'])
    expect(down.status).toBe(503)
    server.use(http.post(UPSTREAM + paths.login, () => errorReply(500, 'boom')))
    const failing = await signIn({ email: 'agent@demo.local', password: DEMO_PASSWORD })
    expect(failing.body.result.error?.['']).toEqual(['Login Error'])
  })

  it("shows the server's message when rate limited, and forwards the client's IP", async () => {
    let forwarded: string | null = null
    server.use(
      http.post(UPSTREAM + paths.login, ({ request }) => {
        forwarded = request.headers.get('X-Forwarded-For')
        return errorReply(429, 'Too many attempts. Try again in 60 seconds.')
      }),
    )
    const result = await inRequestScope({ socketAddress: '198.51.100.4' }, () =>
      signIn({ email: 'agent@demo.local', password: 'x' }, { 'X-Forwarded-For': '203.0.113.66' }),
    )
    expect(result.status).toBe(429)
    expect(result.body.result.error?.['']).toEqual(['Too many attempts. Try again in 60 seconds.'])
    expect(forwarded).toBe('198.51.100.4')
  })

  it('gives the API the connection address, whatever X-Real-IP or X-Forwarded-For a client sends', async () => {
    const forwarded: (string | null)[] = []
    server.use(
      http.post(UPSTREAM + paths.login, ({ request }) => {
        forwarded.push(request.headers.get('X-Forwarded-For'))
        return errorReply(401, 'Invalid credentials')
      }),
    )
    for (const spoofed of ['203.0.113.1', '203.0.113.2']) {
      await inRequestScope({ socketAddress: '198.51.100.4' }, () =>
        signIn({ email: 'agent@demo.local', password: 'x' }, { 'X-Real-IP': spoofed, 'X-Forwarded-For': spoofed }),
      )
    }
    expect(forwarded).toEqual(['198.51.100.4', '198.51.100.4'])
  })
})
