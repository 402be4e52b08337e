import { endpoints } from '#contract/endpoints'
import { route } from '../../../lib/endpoint'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { ok } from '../../../lib/reply'
import { listLookups } from '../store'

const kinds = [
  ['domain', endpoints.lookupDomain, 'Business domains'],
  ['language', endpoints.lookupLanguage, 'Languages'],
] as const

export const lookupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const [kind, endpoint, label] of kinds) {
    route(app, endpoint, async () => {
      const rows = await listLookups(db, kind)
      return ok(rows, `${label} retrieved successfully`)
    })
  }
}
