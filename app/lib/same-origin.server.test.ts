import { describe, expect, it } from 'vitest'
import { isCrossSite } from './same-origin.server'

const from = (headers: Record<string, string>) => (name: string) => headers[name] ?? null

describe('isCrossSite', () => {
  it('lets reads through whoever asks', () => {
    expect(isCrossSite('GET', from({ origin: 'http://evil.example', host: 'portal.test' }))).toBe(false)
    expect(isCrossSite('HEAD', from({ 'sec-fetch-site': 'cross-site' }))).toBe(false)
  })

  it("refuses a post whose Origin is not this host, or is 'null'", () => {
    expect(isCrossSite('POST', from({ origin: 'http://evil.example', host: 'portal.test' }))).toBe(true)
    expect(isCrossSite('POST', from({ origin: 'http://portal.test:8080', host: 'portal.test' }))).toBe(true)
    expect(isCrossSite('DELETE', from({ origin: 'null', host: 'portal.test' }))).toBe(true)
    expect(isCrossSite('POST', from({ origin: 'http://portal.test' }))).toBe(true)
  })

  it('accepts its own origin, behind a proxy that terminates TLS too', () => {
    expect(isCrossSite('POST', from({ origin: 'http://portal.test', host: 'portal.test' }))).toBe(false)
    expect(isCrossSite('POST', from({ origin: 'https://portal.example', host: 'portal.example' }))).toBe(false)
    expect(
      isCrossSite(
        'POST',
        from({ origin: 'https://portal.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'portal.example' }),
      ),
    ).toBe(false)
  })

  it('without an Origin, trusts what the browser says of the site, and lets curl through', () => {
    expect(isCrossSite('POST', from({ 'sec-fetch-site': 'cross-site', host: 'portal.test' }))).toBe(true)
    expect(isCrossSite('POST', from({ 'sec-fetch-site': 'same-site', host: 'portal.test' }))).toBe(true)
    expect(isCrossSite('POST', from({ 'sec-fetch-site': 'same-origin', host: 'portal.test' }))).toBe(false)
    expect(isCrossSite('POST', from({ host: 'portal.test' }))).toBe(false)
  })
})
