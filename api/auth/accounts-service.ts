import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { User } from '#contract/accounts'
import type { Db } from '../db/client'
import { loginFailures, refreshTokens, users } from '../db/schema'
import { HttpError, unauthorized } from '../lib/http-error'
import { verifyPassword } from './password'
import type { TokenService } from './tokens'

export type UserRow = typeof users.$inferSelect

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    is_active: row.isActive,
    last_login: row.lastLogin?.toISOString() ?? null,
  }
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0])
}

type Limits = { accountLimit: number; accountWindowMs: number }

export function createAccountsService(db: Db, tokens: TokenService, limits: Limits) {
  /** Per-account limit: too many failures for this email in the window means 429, right or wrong. */
  async function checkAccountLimit(email: string) {
    if (limits.accountLimit <= 0) return
    const since = new Date(Date.now() - limits.accountWindowMs)
    const recent = and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since))
    const [{ n }] = await db.select({ n: count() }).from(loginFailures).where(recent)
    if (n < limits.accountLimit) return
    const [oldest] = await db
      .select({ at: loginFailures.createdAt })
      .from(loginFailures)
      .where(recent)
      .orderBy(asc(loginFailures.createdAt))
      .limit(1)
    const waitMs = oldest.at.getTime() + limits.accountWindowMs - Date.now()
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
    throw new HttpError(
      429,
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    )
  }

  async function login(email: string, password: string) {
    await checkAccountLimit(email)
    const row = await findUserByEmail(db, email)
    const valid = await verifyPassword(row?.passwordHash, password)
    if (!row || !valid) {
      await db.insert(loginFailures).values({ email })
      throw new HttpError(401, 'Invalid Login')
    }
    if (!row.isActive) throw new HttpError(401, 'Invalid Login')
    await db.delete(loginFailures).where(eq(loginFailures.email, email))
    const [updated] = await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, row.id)).returning()
    const pair = await tokens.issuePair(updated)
    return { ...pair, user: toUser(updated) }
  }

  /** Rotation: the presented token is spent; presenting a spent or revoked one ends its family. */
  async function refresh(token: string) {
    const claims = await tokens.verifyRefresh(token).catch(() => {
      throw unauthorized()
    })
    const [spent] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning()
    if (!spent) {
      await tokens.revokeFamily(claims.family)
      throw unauthorized()
    }
    const [user] = await db.select().from(users).where(eq(users.id, spent.userId))
    if (!user?.isActive) {
      await tokens.revokeFamily(spent.family)
      throw unauthorized()
    }
    return tokens.issuePair(user, spent.family)
  }

  /** Ends the caller's session, and the presented refresh token's family when it is the caller's. */
  async function logout(caller: { id: number; sid: string }, refreshToken?: string) {
    await tokens.revokeFamily(caller.sid)
    if (!refreshToken) return
    const claims = await tokens.verifyRefresh(refreshToken).catch(() => undefined)
    if (claims && claims.sub === caller.id) await tokens.revokeFamily(claims.family)
  }

  async function purgeExpired(now = new Date()) {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000)
    const tokensGone = await db
      .delete(refreshTokens)
      .where(or(lt(refreshTokens.expiresAt, now), lt(refreshTokens.revokedAt, dayAgo)))
      .returning({ jti: refreshTokens.jti })
    const failureCutoff = new Date(now.getTime() - Math.max(limits.accountWindowMs, 60_000))
    await db.delete(loginFailures).where(lt(loginFailures.createdAt, failureCutoff))
    return tokensGone.length
  }

  return { login, refresh, logout, purgeExpired }
}

export type AccountsService = ReturnType<typeof createAccountsService>
