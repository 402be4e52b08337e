import { describe, expect, it } from 'vitest'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { run } from '#tests/fixtures/remix'
import {
  appendTokenCookies,
  getToast,
  getTokens,
  loginUrl,
  redirectWithToast,
  requireTokens,
  safeRedirect,
} from '~/sessions.server'

describe('token cookies', () => {
  it('are httpOnly, SameSite=Lax, path / and last a week', async () => {
    const headers = await appendTokenCookies(new Headers(), tokensFor('agent'))
    const [access, refresh] = headers.getSetCookie()
    for (const cookie of [access, refresh]) {
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).not.toMatch(/Secure/)
    }
    expect(access).toMatch(/^access_token_demo=/)
    expect(refresh).toMatch(/^refresh_token_demo=.*Max-Age=604800/)
  })

  it('round-trip through the Cookie header', async () => {
    const tokens = await getTokens(await requestWithTokens('/', tokensFor('admin')))
    expect(tokens).toEqual(tokensFor('admin'))
  })
})

describe('requireTokens', () => {
  it('passes with both cookies', async () => {
    const request = await requestWithTokens('/demo-portal', tokensFor('agent'))
    await expect(requireTokens(request)).resolves.toEqual(tokensFor('agent'))
  })

  it('sends a visitor with only one cookie to /login with redirectTo, replacing history, and clears the stray one', async () => {
    const request = await requestWithTokens('/demo-portal/emr?x=1', { access: 'access.agent' })
    const result = await run(() => requireTokens(request))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/login?redirectTo=%2Fdemo-portal%2Femr%3Fx%3D1')
    expect(result.headers.get('X-Remix-Replace')).toBe('true')
    expect(setCookies(new Response(null, { headers: result.headers })).access_token_demo).toMatch(/Max-Age=0/)
  })

  it('sends a visitor without cookies to /login', async () => {
    const result = await run(() => requireTokens(new Request('http://portal.test/reshub')))
    expect(result.headers.get('Location')).toBe('/login?redirectTo=%2Freshub')
    expect(result.headers.getSetCookie()).toEqual([])
  })
})

describe('safe redirects', () => {
  it('rejects other origins and keeps local paths', () => {
    expect(safeRedirect('//evil.com', '/demo-portal')).toBe('/demo-portal')
    expect(safeRedirect('https://evil.com', '/demo-portal')).toBe('/demo-portal')
    expect(safeRedirect('/\\evil.com', '/demo-portal')).toBe('/demo-portal')
    expect(safeRedirect('/reshub/calendar', '/demo-portal')).toBe('/reshub/calendar')
    expect(loginUrl('//evil.com')).toBe('/login')
  })

  it('refuses what a browser would turn into another origin: whitespace, controls, encoded slashes', () => {
    for (const evil of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u3000/evil.example',
      '/ /evil.example',
      '/\u200b/evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/.//evil.example',
      '/%',
      'javascript:alert(1)',
      ' //evil.example',
    ]) {
      expect(safeRedirect(evil, '/demo-portal'), JSON.stringify(evil)).toBe('/demo-portal')
    }
    expect(safeRedirect('/demo-portal/list?q=a%20b&page=2#top', '/')).toBe('/demo-portal/list?q=a%20b&page=2#top')
    expect(safeRedirect('/demo-portal/x/../y', '/')).toBe('/demo-portal/x/../y')
  })
})

describe('toast flash cookie', () => {
  it('is read once: the root gets it and the answer clears it', async () => {
    const response = await redirectWithToast('/login', { message: 'Saved' })
    const cookie = response.headers.getSetCookie()[0]
    expect(cookie).toMatch(/^toast=.*HttpOnly/)
    const request = new Request('http://portal.test/login', { headers: { Cookie: cookie.split(';')[0] } })
    const { toast, headers } = await getToast(request)
    expect(toast).toMatchObject({ message: 'Saved', type: 'success' })
    expect(headers.getSetCookie()[0]).toMatch(/^toast=;.*Max-Age=0/)
  })

  it('ignores a tampered cookie', async () => {
    const request = new Request('http://portal.test/', {
      headers: { Cookie: 'toast=eyJtZXNzYWdlIjoiaGkifQ%3D%3D.bad' },
    })
    expect((await getToast(request)).toast).toBeNull()
  })
})
