import { createHmac, timingSafeEqual } from 'node:crypto'
import { paths } from '#contract/paths'
import type { SignedAudio } from '#contract/evaluations'

/** How long a signed audio link works: long enough to listen to a call, short enough not to be shared. */
export const AUDIO_URL_TTL_S = 15 * 60

export type AudioSignature = { expires: number; uid: number; sig: string }

/**
 * Signed audio links: the browser's <audio> element cannot send a bearer token, so the link itself
 * is the credential, bound to the recording, the user and an expiry, signed with a key derived from
 * the JWT secret (so it is never the JWT key itself).
 */
export function createAudioSigner(jwtSecret: string) {
  const key = createHmac('sha256', jwtSecret).update('audio-url').digest()
  const mac = (recordingId: number, uid: number, expires: number) =>
    createHmac('sha256', key).update(`${recordingId}.${uid}.${expires}`).digest()

  return {
    sign(recordingId: number, uid: number, now = Date.now()): SignedAudio {
      const expires = Math.floor(now / 1000) + AUDIO_URL_TTL_S
      const sig = mac(recordingId, uid, expires).toString('hex')
      const query = new URLSearchParams({ expires: String(expires), uid: String(uid), sig })
      return {
        url: `${paths.recordingAudio(recordingId)}?${query}`,
        expires_at: new Date(expires * 1000).toISOString(),
      }
    },
    /** The signing user's id when the link is genuine and not expired, else null. */
    verify(recordingId: number, query: Partial<Record<'expires' | 'uid' | 'sig', string>>, now = Date.now()) {
      const { expires, uid, sig } = query
      if (!expires || !uid || !sig || !/^\d{1,12}$/.test(expires) || !/^\d{1,10}$/.test(uid)) return null
      if (!/^[0-9a-f]{64}$/i.test(sig)) return null
      if (Number(expires) * 1000 <= now) return null
      const expected = mac(recordingId, Number(uid), Number(expires))
      return timingSafeEqual(expected, Buffer.from(sig, 'hex')) ? Number(uid) : null
    },
  }
}

export type AudioSigner = ReturnType<typeof createAudioSigner>

export type ByteRange = { start: number; end: number }

/**
 * A `Range` header against a blob of `size` bytes: a range to send, 'unsatisfiable' (416), or null
 * to send the whole blob (no header, or one this server does not serve, such as several ranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from, to] = match
  if (from === '' && to === '') return null
  if (from === '') {
    const length = Number(to)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(from)
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (to !== '' && Number(to) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
