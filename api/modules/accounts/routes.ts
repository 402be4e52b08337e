import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type AccountsService, findUserById, toUser } from './store'
import type { Db } from '../../db/client'
import { HttpError, unauthorized } from '../../lib/http-error'
import { ok } from '../../lib/reply'

type Options = { db: Db; accounts: AccountsService; ipLimit: number }

export const accountsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, accounts, ipLimit }) => {
  route(
    app,
    endpoints.login,
    async (request) => {
      const result = await accounts.login(request.body.email, request.body.password, request.ip)
      return ok(result, 'Login successful')
    },
    {
      config: {
        rateLimit:
          ipLimit > 0
            ? {
                max: ipLimit,
                timeWindow: '1 minute',
                keyGenerator: (request) => request.ip,
                errorResponseBuilder: (_request, context) =>
                  new HttpError(429, `Too many login attempts from this address. Try again in ${context.after}.`),
              }
            : false,
      },
    },
  )

  route(app, endpoints.tokenRefresh, async (request) =>
    ok(await accounts.refresh(request.body.refresh), 'Token refreshed'),
  )

  route(app, endpoints.logout, async (request) => {
    await accounts.logout(request.user, request.body?.refresh)
    return ok(null, 'Logged out successfully')
  })

  route(app, endpoints.userDetail, async (request) => {
    const row = await findUserById(db, request.user.id)
    if (!row) throw unauthorized()
    return ok(toUser(row), 'User details retrieved successfully')
  })
}
