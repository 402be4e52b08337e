import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { SignJWT, jwtVerify } from 'jose'
import type { Role } from '#contract/accounts'
import type { Db } from '../db/client'
import { refreshTokens } from '../db/schema'

export const ACCESS_TTL_S = 15 * 60
export const REFRESH_TTL_S = 7 * 24 * 60 * 60

export type AccessClaims = { sub: number; role: Role; sid: string }
export type RefreshClaims = { sub: number; jti: string; family: string }

export class TokenError extends Error {}

export function createTokenService(db: Db, secret: string, { accessTtlS = ACCESS_TTL_S } = {}) {
  const key = new TextEncoder().encode(secret)

  async function sign(claims: Record<string, unknown>, sub: number, ttlS: number, jti?: string) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
    if (jti) jwt.setJti(jti)
    return jwt.sign(key)
  }

  async function decode(token: string, typ: 'access' | 'refresh'): Promise<Record<string, unknown> & { sub: number }> {
    try {
      const { payload } = await jwtVerify<Record<string, unknown>>(token, key, { algorithms: ['HS256'] })
      const sub = Number(payload.sub)
      if (payload.typ !== typ || !Number.isInteger(sub)) throw new TokenError('wrong token type')
      return { ...payload, sub }
    } catch {
      throw new TokenError('Token is invalid or expired')
    }
  }

  /** Issues an access + refresh pair; the refresh joins `family` or starts a new one. */
  async function issuePair(user: { id: number; role: Role }, family: string = randomUUID(), tx: Db = db) {
    const jti = randomUUID()
    await tx.insert(refreshTokens).values({
      jti,
      family,
      userId: user.id,
      expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000),
    })
    const [access, refresh] = await Promise.all([
      sign({ typ: 'access', role: user.role, sid: family }, user.id, accessTtlS),
      sign({ typ: 'refresh', family }, user.id, REFRESH_TTL_S, jti),
    ])
    return { access, refresh }
  }

  async function verifyAccess(token: string): Promise<AccessClaims> {
    const p = await decode(token, 'access')
    if (typeof p.sid !== 'string') throw new TokenError('Token is invalid or expired')
    return { sub: p.sub, role: p.role as Role, sid: p.sid }
  }

  async function verifyRefresh(token: string): Promise<RefreshClaims> {
    const p = await decode(token, 'refresh')
    if (typeof p.jti !== 'string' || typeof p.family !== 'string') {
      throw new TokenError('Token is invalid or expired')
    }
    return { sub: p.sub, jti: p.jti, family: p.family }
  }

  async function revokeFamily(family: string, tx: Db = db) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)))
  }

  return { issuePair, verifyAccess, verifyRefresh, revokeFamily }
}

export type TokenService = ReturnType<typeof createTokenService>
