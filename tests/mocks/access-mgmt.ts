import { http } from 'msw'
import {
  companyGroupList,
  departmentList,
  entityList,
  jobCodeList,
  locationList,
  locationListQuery,
  payGroupList,
  roleList,
} from '#contract/access-mgmt'
import { paths } from '#contract/paths'
import {
  companyGroups,
  departments,
  entities,
  jobCodes,
  locations,
  payGroups,
  roleItems,
} from '#tests/fixtures/managed-users'
import type { z } from 'zod'
import { UPSTREAM, authenticate, error, ok } from './auth'

/** A `{ count, results }` lookup any signed-in user may read, checked against its contract schema. */
function lookup<S extends z.ZodTypeAny>(path: string, schema: S, items: unknown[]) {
  const body = schema.parse({ count: items.length, results: items })
  return http.get(UPSTREAM + path, ({ request }) => {
    const key = authenticate(request)
    return key instanceof Response ? key : ok(body, 'Retrieved successfully')
  })
}

export const accessMgmtHandlers = [
  lookup(paths.departmentList, departmentList, departments),
  lookup(paths.roleList, roleList, roleItems),
  lookup(paths.entityList, entityList, entities),
  lookup(paths.companyGroupList, companyGroupList, companyGroups),
  lookup(paths.companyPayGroupList, payGroupList, payGroups),
  lookup(paths.jobCodeList, jobCodeList, jobCodes),
  // SPEC §9: at most `limit` (250) sites; `count` is all of them
  http.get(UPSTREAM + paths.locationList, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = locationListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!query.success) return error(400, 'Invalid request', { limit: ['Ensure this value is at most 250.'] })
    const body = locationList.parse({ count: locations.length, results: locations.slice(0, query.data.limit) })
    return ok(body, 'Retrieved successfully')
  }),
]
