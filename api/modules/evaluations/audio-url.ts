import { paths } from '#contract/paths'
import type { SignedAudio } from '#contract/evaluations'
import { createLinkSigner, type LinkQuery } from '../../lib/signed-link'

/** How long a signed audio link works: long enough to listen to a call, short enough not to be shared. */
export const AUDIO_URL_TTL_S = 15 * 60

/**
 * Signed audio links: the browser's <audio> element cannot send a bearer token, so the link itself
 * is the credential, bound to the recording, the user and an expiry (api/lib/signed-link.ts).
 */
export function createAudioSigner(jwtSecret: string) {
  const signer = createLinkSigner(jwtSecret, 'audio-url', AUDIO_URL_TTL_S)
  return {
    sign(recordingId: number, uid: number, now = Date.now()): SignedAudio {
      const { query, expires } = signer.sign(String(recordingId), uid, now)
      return {
        url: `${paths.recordingAudio(recordingId)}?${query}`,
        expires_at: new Date(expires * 1000).toISOString(),
      }
    },
    /** The signing user's id when the link is genuine and not expired, else null. */
    verify: (recordingId: number, query: LinkQuery, now = Date.now()) => signer.verify(String(recordingId), query, now),
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
