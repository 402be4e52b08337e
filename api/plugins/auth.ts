import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Role } from '#contract/accounts'
import type { TokenService } from '../auth/tokens'
import type { Db } from '../db/client'
import { refreshTokens, users } from '../db/schema'
import { HttpError, unauthorized } from '../lib/http-error'

export type AuthUser = { id: number; role: Role; email: string; sid: string }

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser
  }
  interface FastifyInstance {
    /** onRequest hook (before the body is parsed and validated, so a bad token is 401 before any 400): a valid access token of an active user, with a live session. */
    authenticate: onRequestAsyncHookHandler
    /** onRequest hook (before the body is parsed and validated, so a bad token is 401 before any 400): authenticate, then 403 unless the user has one of the roles. */
    requireRole: (...roles: Role[]) => onRequestAsyncHookHandler
  }
}

export const NO_CREDENTIALS = 'Authentication credentials were not provided.'
export const FORBIDDEN = 'You do not have permission to perform this action.'

export function installAuth(app: FastifyInstance, db: Db, tokens: TokenService) {
  app.decorateRequest('user', null as unknown as AuthUser)

  async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization
    if (!header) throw unauthorized(NO_CREDENTIALS)
    const [scheme, token] = header.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized()
    const claims = await tokens.verifyAccess(token).catch(() => {
      throw unauthorized()
    })
    // the session (refresh family) must still be live, so logout and reuse detection end access too
    const [row] = await db
      .select({ id: users.id, role: users.role, email: users.email, isActive: users.isActive })
      .from(users)
      .where(
        and(
          eq(users.id, claims.sub),
          sql`exists (select 1 from ${refreshTokens} where ${and(
            eq(refreshTokens.family, claims.sid),
            isNull(refreshTokens.revokedAt),
          )})`,
        ),
      )
    if (!row) throw unauthorized()
    if (!row.isActive) throw unauthorized('User is inactive')
    request.user = { id: row.id, role: row.role, email: row.email, sid: claims.sid }
  }

  app.decorate('authenticate', authenticate)
  app.decorate('requireRole', (...roles: Role[]) => {
    const allowed = new Set(roles)
    return Object.assign(
      async function requireRole(request: FastifyRequest, reply: FastifyReply) {
        await authenticate(request, reply)
        if (!allowed.has(request.user.role)) throw new HttpError(403, FORBIDDEN)
      },
      { roles },
    )
  })
}
