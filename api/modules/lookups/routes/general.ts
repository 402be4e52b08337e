import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { lookupList } from '#contract/lookups'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { ok, responses } from '../../../lib/reply'
import { listLookups } from '../store'

const kinds = [
  ['domain', paths.lookupDomain, 'Business domains'],
  ['language', paths.lookupLanguage, 'Languages'],
] as const

export const lookupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const [kind, url, label] of kinds) {
    app.get(
      url,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['lookups'],
          summary: label,
          security: [{ bearerAuth: [] }],
          response: responses(lookupList, 401),
        },
      },
      async () => {
        const rows = await listLookups(db, kind)
        return ok(rows, `${label} retrieved successfully`)
      },
    )
  }
}
