import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.server'

const secret = 'a-session-secret-of-enough-length'

describe('portal configuration', () => {
  test('production needs a session secret and marks cookies Secure by default', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required/)
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: secret }).COOKIE_SECURE).toBe(true)
  })

  test('COOKIE_SECURE=false lets a plain-HTTP demo keep its session', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: secret, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(
      false,
    )
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: secret, COOKIE_SECURE: 'yes' })).toThrow(
      /COOKIE_SECURE must be true or false/,
    )
  })

  test('outside production the secret is generated once into DATA_DIR and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-env-'))
    const first = parseEnv({ NODE_ENV: 'development', DATA_DIR: dir }).SESSION_SECRET
    expect(first).toBe(readFileSync(join(dir, 'session-secret'), 'utf8'))
    expect(parseEnv({ NODE_ENV: 'development', DATA_DIR: dir }).SESSION_SECRET).toBe(first)
  })

  test('the upstream defaults to the local API port and loses a trailing slash', () => {
    expect(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret, API_PORT: '8123' }).API_BASE_URL).toBe(
      'http://127.0.0.1:8123',
    )
    expect(
      parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret, API_BASE_URL: 'https://api.example.com/' }).API_BASE_URL,
    ).toBe('https://api.example.com')
    expect(() => parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret, API_BASE_URL: 'not a url' })).toThrow(
      /absolute URL/,
    )
  })

  test('the client address comes from one configured proxy header, or from the connection when unset', () => {
    expect(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret }).TRUST_PROXY_HEADER).toBeNull()
    expect(
      parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret, TRUST_PROXY_HEADER: 'Fly-Client-IP' }).TRUST_PROXY_HEADER,
    ).toBe('fly-client-ip')
    expect(() =>
      parseEnv({ NODE_ENV: 'test', SESSION_SECRET: secret, TRUST_PROXY_HEADER: 'x-real-ip, x-forwarded-for' }),
    ).toThrow(/one header name/)
  })
})
