import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loginBody, loginResult, logoutBody, refreshBody, tokenPair, userDetail } from '#contract/accounts'
import { paths } from '#contract/paths'
import { type AccountsService, findUserById, toUser } from './store'
import type { Db } from '../../db/client'
import { HttpError, unauthorized } from '../../lib/http-error'
import { ok, responses } from '../../lib/reply'

type Options = { db: Db; accounts: AccountsService; ipLimit: number }

export const accountsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, accounts, ipLimit }) => {
  app.post(
    paths.login,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: responses(loginResult, 401, 429),
      },
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
    async (request) => {
      const result = await accounts.login(request.body.email, request.body.password, request.ip)
      return ok(result, 'Login successful')
    },
  )

  app.post(
    paths.tokenRefresh,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Rotate a refresh token for a new access and refresh pair',
        body: refreshBody,
        response: responses(tokenPair, 401),
      },
    },
    async (request) => ok(await accounts.refresh(request.body.refresh), 'Token refreshed'),
  )

  app.post(
    paths.logout,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: revoke the session and the presented refresh token',
        security: [{ bearerAuth: [] }],
        body: logoutBody.nullish(),
        response: responses(z.null(), 401),
      },
    },
    async (request) => {
      await accounts.logout(request.user, request.body?.refresh)
      return ok(null, 'Logged out successfully')
    },
  )

  app.get(
    paths.userDetail,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: responses(userDetail, 401),
      },
    },
    async (request) => {
      const row = await findUserById(db, request.user.id)
      if (!row) throw unauthorized()
      return ok(toUser(row), 'User details retrieved successfully')
    },
  )
}
