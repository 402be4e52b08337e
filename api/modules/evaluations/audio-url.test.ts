import { describe, expect, it } from 'vitest'
import { AUDIO_URL_TTL_S, createAudioSigner, parseRange } from './audio-url'

describe('parseRange', () => {
  it('reads the three forms of a single byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    // past the end is clamped; a suffix longer than the file is the whole file
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('is unsatisfiable from past the end, or for an empty suffix or file', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=1000-1001', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
  })

  it('ignores what it does not serve: no header, other units, several ranges, nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=5-2', 'bytes=-', 'bytes=a-b']) {
      expect(parseRange(header, 1000), String(header)).toBeNull()
    }
  })
})

describe('createAudioSigner', () => {
  const signer = createAudioSigner('a-secret-that-is-long-enough-for-this-test')
  const now = Date.parse('2026-03-01T12:00:00Z')
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

  it('signs a link to the recording for the user, valid for 15 minutes', () => {
    const signed = signer.sign(7, 42, now)
    expect(signed.url).toMatch(/^\/api\/call_evaluation\/recording-audio\/7\/\?expires=\d+&uid=42&sig=[0-9a-f]{64}$/)
    expect(signed.expires_at).toBe(new Date(now + AUDIO_URL_TTL_S * 1000).toISOString())
    expect(signer.verify(7, queryOf(signed.url), now)).toBe(42)
    expect(signer.verify(7, queryOf(signed.url), now + (AUDIO_URL_TTL_S - 1) * 1000)).toBe(42)
  })

  it('refuses an expired, tampered or foreign link', () => {
    const query = queryOf(signer.sign(7, 42, now).url)
    expect(signer.verify(7, query, now + AUDIO_URL_TTL_S * 1000)).toBeNull()
    expect(signer.verify(8, query, now)).toBeNull()
    expect(signer.verify(7, { ...query, uid: '43' }, now)).toBeNull()
    expect(signer.verify(7, { ...query, expires: String(Number(query.expires) + 3600) }, now)).toBeNull()
    const flipped = (query.sig[0] === 'a' ? 'b' : 'a') + query.sig.slice(1)
    expect(signer.verify(7, { ...query, sig: flipped }, now)).toBeNull()
    expect(signer.verify(7, { ...query, sig: 'zz' }, now)).toBeNull()
    expect(signer.verify(7, { expires: query.expires, uid: query.uid }, now)).toBeNull()
    const other = createAudioSigner('another-secret-that-is-long-enough-for-this')
    expect(other.verify(7, query, now)).toBeNull()
  })
})
