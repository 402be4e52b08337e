import { z } from 'zod'
import { role } from './accounts'

/**
 * The access-management lookups (`/api/access_mgmt/…`, SPEC §7): the pickers of the manage-user
 * form. Every list is `{ count, results }`; readable by any signed-in user.
 */
export function lookupListOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ count: z.number().int().nonnegative(), results: z.array(item) })
}

export const department = z.object({ id: z.number().int(), name: z.string() })
export type Department = z.infer<typeof department>
export const departmentList = lookupListOf(department)
export type DepartmentList = z.infer<typeof departmentList>

export const location = z.object({ id: z.number().int(), name: z.string(), city: z.string(), country: z.string() })
export type Location = z.infer<typeof location>
export const locationList = lookupListOf(location)
export type LocationList = z.infer<typeof locationList>

/** `location_list/?limit=250` (SPEC §9): at most `limit` sites, by name; `count` is all of them. */
export const locationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(250).default(250),
})
export type LocationListQuery = z.infer<typeof locationListQuery>

/** A role for the role picker: `code` is the value the user APIs take, `name` its label. */
export const roleItem = z.object({ code: role, name: z.string() })
export type RoleItem = z.infer<typeof roleItem>
export const roleList = lookupListOf(roleItem)
export type RoleList = z.infer<typeof roleList>

/**
 * The HR/WFM codes of a staff record: the legal entity (of the BPO) that employs the person, the
 * company group, the pay group and the job code. Lists hold the active ones only.
 */
export const orgCode = z.object({ id: z.number().int(), code: z.string(), name: z.string(), is_active: z.boolean() })
export type OrgCode = z.infer<typeof orgCode>
export const orgCodeList = lookupListOf(orgCode)
export type OrgCodeList = z.infer<typeof orgCodeList>

export const entityList = orgCodeList
export const companyGroupList = orgCodeList
export const payGroupList = orgCodeList
export const jobCodeList = orgCodeList
