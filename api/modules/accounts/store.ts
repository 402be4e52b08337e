import { and, count, eq, gt, isNull, lt, max, or, sql } from 'drizzle-orm'
import type { User } from '#contract/accounts'
import type { Db } from '../../db/client'
import { loginFailures, refreshTokens, systemState, users } from '../../db/schema'
import { HttpError, unauthorized } from '../../lib/http-error'
import { verifyPassword } from '../../auth/password'
import type { TokenService } from '../../auth/tokens'

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

/** A user by id, or undefined when there is none. */
export function findUserById(db: Db, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0])
}

/** The system_state key that holds when housekeeping last ran. */
const HOUSEKEEPING_LAST_RUN = 'housekeeping_last_run'

/** Records `at` (an ISO time) as the last housekeeping run. */
export async function recordHousekeepingRun(db: Db, at: string) {
  await db
    .insert(systemState)
    .values({ key: HOUSEKEEPING_LAST_RUN, value: at })
    .onConflictDoUpdate({ target: systemState.key, set: { value: at, updatedAt: new Date() } })
}

/** When housekeeping last ran (an ISO time), or null before its first run. */
export async function lastHousekeeping(db: Db): Promise<string | null> {
  const [row] = await db.select().from(systemState).where(eq(systemState.key, HOUSEKEEPING_LAST_RUN))
  return row?.value ?? null
}

type Limits = { accountLimit: number; accountWindowMs: number; reuseLeewayS?: number }

export const REUSE_LEEWAY_S = 10

/** The first pause once an account and source have used their free attempts; it doubles each time after. */
export const FIRST_DELAY_MS = 1000

export function createAccountsService(db: Db, tokens: TokenService, limits: Limits) {
  /**
   * Throttle per account and source (docs/decisions/013): `accountLimit` failures in the window
   * are free; after that each attempt from that source for that account must wait a delay that
   * doubles with every failure (1 s, 2 s, 4 s … up to the window) since the last one, right
   * password or wrong. Other sources are not held up, so nobody can lock a colleague out.
   */
  async function checkThrottle(email: string, source: string | null) {
    if (limits.accountLimit <= 0) return
    const now = Date.now()
    const [{ n, last }] = await db
      .select({ n: count(), last: max(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(failuresOf(email, source), gt(loginFailures.createdAt, new Date(now - limits.accountWindowMs))))
    if (n < limits.accountLimit || !last) return
    const delayMs = Math.min(FIRST_DELAY_MS * 2 ** (n - limits.accountLimit), limits.accountWindowMs)
    const waitMs = new Date(last).getTime() + delayMs - now
    if (waitMs <= 0) return
    throw new HttpError(
      429,
      `Too many failed sign-ins for this account from here. Try again in ${waitFor(waitMs)}.`,
      undefined,
      {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      },
    )
  }

  /** `source`: the client's address as the API sees it (the portal forwards it; TRUST_PROXY). */
  async function login(emailAsTyped: string, password: string, source: string | null = null) {
    const email = emailAsTyped.trim().toLowerCase()
    source = source?.slice(0, 64) ?? null
    await checkThrottle(email, source)
    const row = await findUserByEmail(db, email)
    const valid = await verifyPassword(row?.passwordHash, password)
    if (!row || !valid) {
      await db.insert(loginFailures).values({ email, source })
      throw new HttpError(401, 'Invalid Login')
    }
    if (!row.isActive) throw new HttpError(401, 'Invalid Login')
    await db.delete(loginFailures).where(failuresOf(email, source))
    const [updated] = await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, row.id)).returning()
    const pair = await tokens.issuePair(updated)
    return { ...pair, user: toUser(updated) }
  }

  /**
   * Rotation: the presented token is spent. Presenting it again ends its family (reuse
   * detection), except within a few seconds of its rotation: two tabs, or a page and its
   * background fetch, that refreshed at once each get a fresh pair in the same family.
   */
  async function refresh(token: string) {
    const claims = await tokens.verifyRefresh(token).catch(() => {
      throw unauthorized()
    })
    const now = new Date()
    const [spent] = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning()
    const leeway = limits.reuseLeewayS ?? REUSE_LEEWAY_S
    const [justRotated] = spent
      ? [spent]
      : await db
          .select()
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.jti, claims.jti),
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, now),
              gt(refreshTokens.usedAt, new Date(now.getTime() - leeway * 1000)),
            ),
          )
    if (!justRotated) {
      await tokens.revokeFamily(claims.family)
      throw unauthorized()
    }
    const user = await findUserById(db, justRotated.userId)
    if (!user?.isActive) {
      await tokens.revokeFamily(justRotated.family)
      throw unauthorized()
    }
    return tokens.issuePair(user, justRotated.family)
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

/** The failures recorded for one account from one source. */
const failuresOf = (email: string, source: string | null) =>
  and(eq(loginFailures.email, email), source === null ? isNull(loginFailures.source) : eq(loginFailures.source, source))

/** "12 seconds", "3 minutes": how long to wait, rounded up. */
function waitFor(ms: number) {
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
