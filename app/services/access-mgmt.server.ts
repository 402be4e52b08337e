import {
  companyGroupList,
  departmentList,
  entityList,
  jobCodeList,
  locationList,
  payGroupList,
  roleList,
} from '#contract/access-mgmt'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

/** The access-management lookups (`/api/access_mgmt/…`): pickers for departments, locations, roles and HR codes. */

export function listDepartments(api: Upstream) {
  return api.call({ path: paths.departmentList, schema: departmentList })
}

/** SPEC §9: at most 250 locations. */
export function listLocations(api: Upstream, limit = 250) {
  return api.call({ path: paths.locationList, query: { limit }, schema: locationList })
}

export function listRoles(api: Upstream) {
  return api.call({ path: paths.roleList, schema: roleList })
}

export function listEntities(api: Upstream) {
  return api.call({ path: paths.entityList, schema: entityList })
}

export function listCompanyGroups(api: Upstream) {
  return api.call({ path: paths.companyGroupList, schema: companyGroupList })
}

export function listPayGroups(api: Upstream) {
  return api.call({ path: paths.companyPayGroupList, schema: payGroupList })
}

export function listJobCodes(api: Upstream) {
  return api.call({ path: paths.jobCodeList, schema: jobCodeList })
}
