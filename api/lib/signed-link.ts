import { createHmac, timingSafeEqual } from 'node:crypto'

export type LinkQuery = Partial<Record<'expires' | 'uid' | 'sig', string>>

/**
 * Signed links for what a browser element fetches without a bearer token (<audio>, <img>): the
 * query is the credential, bound to one resource, one user and an expiry, and signed with a key
 * derived from the JWT secret and the link's purpose (so it is never the JWT key itself, and a
 * link made for one purpose does not open another).
 */
export function createLinkSigner(jwtSecret: string, purpose: string, ttlSeconds: number) {
  const key = createHmac('sha256', jwtSecret).update(purpose).digest()
  const mac = (resource: string, uid: number, expires: number) =>
    createHmac('sha256', key).update(`${resource}.${uid}.${expires}`).digest()

  return {
    ttlSeconds,
    /** The query (`expires`, `uid`, `sig`) that opens `resource` for user `uid` until the expiry. */
    sign(resource: string, uid: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + ttlSeconds
      const sig = mac(resource, uid, expires).toString('hex')
      return { query: new URLSearchParams({ expires: String(expires), uid: String(uid), sig }), expires }
    },
    /** The signing user's id when the query is genuine for `resource` and not expired, else null. */
    verify(resource: string, query: LinkQuery, now = Date.now()): number | null {
      const { expires, uid, sig } = query
      if (!expires || !uid || !sig || !/^\d{1,12}$/.test(expires) || !/^\d{1,10}$/.test(uid)) return null
      if (!/^[0-9a-f]{64}$/i.test(sig)) return null
      if (Number(expires) * 1000 <= now) return null
      const expected = mac(resource, Number(uid), Number(expires))
      return timingSafeEqual(expected, Buffer.from(sig, 'hex')) ? Number(uid) : null
    },
  }
}

export type LinkSigner = ReturnType<typeof createLinkSigner>

/** How long a signed image link works: a page view, not a share. */
export const IMAGE_LINK_TTL_S = 15 * 60
