import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { roleLabel, roles } from '#contract/accounts'
import type { Db } from '../../../db/client'
import { ok } from '../../../lib/reply'
import { listDepartments, listLocations, listOrgCodes } from '../store'

/** The access-management lookups under /api/access_mgmt/: the pickers of the user form, for any signed-in user. */
export const accessMgmtRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.departmentList, async () => {
    const results = await listDepartments(db)
    return ok({ count: results.length, results }, 'Department list retrieved successfully')
  })

  route(app, endpoints.locationList, async (request) => {
    return ok(await listLocations(db, request.query.limit), 'Location list retrieved successfully')
  })

  route(app, endpoints.roleList, async () => {
    const results = roles.map((code) => ({ code, name: roleLabel[code] }))
    return ok({ count: results.length, results }, 'Role list retrieved successfully')
  })

  const codeLists = [
    [endpoints.entityList, 'entities', 'Entity'],
    [endpoints.companyGroupList, 'companyGroups', 'Company group'],
    [endpoints.companyPayGroupList, 'payGroups', 'Pay group'],
    [endpoints.jobCodeList, 'jobCodes', 'Job code'],
  ] as const
  for (const [endpoint, kind, label] of codeLists) {
    route(app, endpoint, async () => {
      const rows = await listOrgCodes(db, kind)
      return ok({ count: rows.length, results: rows }, `${label} list retrieved successfully`)
    })
  }
}
