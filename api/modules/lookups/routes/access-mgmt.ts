import { asc, count, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { departmentList, locationList, locationListQuery, orgCodeList, roleList } from '#contract/access-mgmt'
import { roleLabel, roles } from '#contract/accounts'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { companyGroups, departments, entities, jobCodes, locations, payGroups } from '../../../db/schema'
import { ok, responses } from '../../../lib/reply'

const tags = ['access management']
const security = [{ bearerAuth: [] }]

/** The access-management lookups under /api/access_mgmt/: the pickers of the user form, for any signed-in user. */
export const accessMgmtRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = (summary: string, response: ReturnType<typeof responses>) => ({ tags, summary, security, response })

  app.get(
    paths.departmentList,
    { onRequest: app.authenticate, schema: schema('Departments (teams) by name', responses(departmentList, 401)) },
    async () => {
      const results = await db.select().from(departments).orderBy(asc(departments.name))
      return ok({ count: results.length, results }, 'Department list retrieved successfully')
    },
  )

  app.get(
    paths.locationList,
    {
      onRequest: app.authenticate,
      schema: {
        ...schema('Sites by name (at most `limit`, 250 by default)', responses(locationList, 401)),
        querystring: locationListQuery,
      },
    },
    async (request) => {
      const [results, [{ n }]] = await Promise.all([
        db.select().from(locations).orderBy(asc(locations.name), asc(locations.id)).limit(request.query.limit),
        db.select({ n: count() }).from(locations),
      ])
      return ok({ count: n, results }, 'Location list retrieved successfully')
    },
  )

  app.get(
    paths.roleList,
    { onRequest: app.authenticate, schema: schema('The roles a user can have', responses(roleList, 401)) },
    async () => {
      const results = roles.map((code) => ({ code, name: roleLabel[code] }))
      return ok({ count: results.length, results }, 'Role list retrieved successfully')
    },
  )

  const codeLists = [
    [paths.entityList, entities, 'Legal entities of the BPO', 'Entity'],
    [paths.companyGroupList, companyGroups, 'Company groups', 'Company group'],
    [paths.companyPayGroupList, payGroups, 'Company pay groups', 'Pay group'],
    [paths.jobCodeList, jobCodes, 'Job codes', 'Job code'],
  ] as const
  for (const [path, table, summary, label] of codeLists) {
    app.get(
      path,
      { onRequest: app.authenticate, schema: schema(`${summary} in use, by name`, responses(orgCodeList, 401)) },
      async () => {
        const rows = await db
          .select({ id: table.id, code: table.code, name: table.name, is_active: table.isActive })
          .from(table)
          .where(eq(table.isActive, true))
          .orderBy(asc(table.name), asc(table.id))
        return ok({ count: rows.length, results: rows }, `${label} list retrieved successfully`)
      },
    )
  }
}
