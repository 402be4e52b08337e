import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { lookupList } from '#contract/lookups'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { lookups } from '../../../db/schema'
import { ok, responses } from '../../../lib/reply'

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
        const rows = await db
          .select({ id: lookups.id, code: lookups.code, name: lookups.name })
          .from(lookups)
          .where(eq(lookups.kind, kind))
          .orderBy(asc(lookups.sortOrder), asc(lookups.name))
        return ok(rows, `${label} retrieved successfully`)
      },
    )
  }
}
