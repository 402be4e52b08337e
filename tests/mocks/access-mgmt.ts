import { endpoints } from '#contract/endpoints'
import {
  companyGroups,
  departments,
  entities,
  jobCodes,
  locations,
  payGroups,
  roleItems,
} from '#tests/fixtures/managed-users'
import { mock } from './endpoint'

/** A `{ count, results }` lookup any signed-in user may read. */
const list = <T>(items: T[]) => ({ count: items.length, results: items })
const RETRIEVED = 'Retrieved successfully'

export const accessMgmtHandlers = [
  mock(endpoints.departmentList, () => list(departments), RETRIEVED),
  mock(endpoints.roleList, () => list(roleItems), RETRIEVED),
  mock(endpoints.entityList, () => list(entities), RETRIEVED),
  mock(endpoints.companyGroupList, () => list(companyGroups), RETRIEVED),
  mock(endpoints.companyPayGroupList, () => list(payGroups), RETRIEVED),
  mock(endpoints.jobCodeList, () => list(jobCodes), RETRIEVED),
  // SPEC §9: at most `limit` (250) sites; `count` is all of them
  mock(
    endpoints.locationList,
    ({ query }) => ({ count: locations.length, results: locations.slice(0, query.limit) }),
    RETRIEVED,
  ),
]
