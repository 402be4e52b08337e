import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })

/** A CSP header as directive → sources. */
function policy(header: string | string[] | number | undefined) {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  )
}

describe('security headers', () => {
  it('are on JSON answers, errors and 404s, with a CSP that lets nothing load', async () => {
    for (const url of ['/api/health/', '/api/accounts/users/', '/api/nothing/']) {
      const res = await get(url)
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
      expect(policy(res.headers['content-security-policy'])).toMatchObject({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      })
    }
  })

  it('leave /api/docs working: its page loads only its own scripts and styles, which its CSP allows', async () => {
    const page = await get('/api/docs/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const csp = policy(page.headers['content-security-policy'])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['style-src']).toContain("'self'")
    expect(csp['connect-src']).toContain("'self'")
    // no inline script and no inline handler for 'self' to block
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(page.body).not.toMatch(/\son[a-z]+=/i)

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], 'http://api/api/docs/'))
    expect(assets.filter((u) => u.pathname.endsWith('.js')).length).toBeGreaterThanOrEqual(3)
    expect(assets.filter((u) => u.pathname.endsWith('.css')).length).toBeGreaterThanOrEqual(1)
    for (const asset of assets) {
      expect(asset.host, asset.href).toBe('api') // same origin: allowed by 'self'
      const res = await get(asset.pathname)
      expect(res.statusCode, asset.pathname).toBe(200)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      const type = asset.pathname.endsWith('.js')
        ? /javascript/
        : asset.pathname.endsWith('.css')
          ? /text\/css/
          : /image/
      expect(res.headers['content-type'], asset.pathname).toMatch(type)
    }

    const document = await get('/api/docs/json')
    expect(document.statusCode).toBe(200)
    expect(document.json().openapi).toMatch(/^3\./)
  })
})
