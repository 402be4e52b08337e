import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { departmentList, locationList, locationListQuery, orgCodeList, roleList } from '#contract/access-mgmt'
import { roleLabel, roles } from '#contract/accounts'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { ok, responses } from '../../../lib/reply'
import { listDepartments, listLocations, listOrgCodes } from '../store'

const tags = ['access management']
const security = [{ bearerAuth: [] }]

/** The access-management lookups under /api/access_mgmt/: the pickers of the user form, for any signed-in user. */
export const accessMgmtRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = (summary: string, response: ReturnType<typeof responses>) => ({ tags, summary, security, response })

  app.get(
    paths.departmentList,
    { onRequest: app.authenticate, schema: schema('Departments (teams) by name', responses(departmentList, 401)) },
    async () => {
      const results = await listDepartments(db)
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
      return ok(await listLocations(db, request.query.limit), 'Location list retrieved successfully')
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
    [paths.entityList, 'entities', 'Legal entities of the BPO', 'Entity'],
    [paths.companyGroupList, 'companyGroups', 'Company groups', 'Company group'],
    [paths.companyPayGroupList, 'payGroups', 'Company pay groups', 'Pay group'],
    [paths.jobCodeList, 'jobCodes', 'Job codes', 'Job code'],
  ] as const
  for (const [path, kind, summary, label] of codeLists) {
    app.get(
      path,
      { onRequest: app.authenticate, schema: schema(`${summary} in use, by name`, responses(orgCodeList, 401)) },
      async () => {
        const rows = await listOrgCodes(db, kind)
        return ok({ count: rows.length, results: rows }, `${label} list retrieved successfully`)
      },
    )
  }
}
