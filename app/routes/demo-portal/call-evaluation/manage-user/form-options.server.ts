import type { ManagedUser } from '#contract/users'
import type { Option } from '~/components/users/paths'
import type { UserFormOptions } from '~/components/users/user-form/value'
import { endpoints } from '#contract/endpoints'
import { orNull, type Upstream } from '~/services/upstream.server'
import { roleLabel } from '#contract/accounts'

type Current = { id: number; name: string; code?: string } | null | undefined

/** The picker's options, plus the user's current value when the list lacks it (inactive, or the list failed). */
function withCurrent(options: Option[], current: Current, label = (c: NonNullable<Current>) => c.name): Option[] {
  if (!current || options.some((o) => o.value === String(current.id))) return options
  return [...options, { value: String(current.id), label: label(current) }]
}

const codeLabel = (c: { code?: string; name: string }) => (c.code ? `${c.code} — ${c.name}` : c.name)

/** Every lookup of the user form, fetched at once; a failed one is null. */
export async function fetchLookups(api: Upstream) {
  const [roles, departments, locations, supervisors, campaigns, entities, companyGroups, payGroups, jobCodes] =
    await Promise.all([
      orNull(api.request(endpoints.roleList)),
      orNull(api.lookup(endpoints.departmentList)),
      // SPEC §9: at most 250 locations
      orNull(api.lookup(endpoints.locationList, { query: { limit: 250 } })),
      // active QA supervisors, for an agent's supervisor picker
      orNull(api.request(endpoints.userListQaSupervisor)),
      orNull(api.lookup(endpoints.campaigns)),
      orNull(api.request(endpoints.entityList)),
      orNull(api.request(endpoints.companyGroupList)),
      orNull(api.request(endpoints.companyPayGroupList)),
      orNull(api.request(endpoints.jobCodeList)),
    ])
  return { roles, departments, locations, supervisors, campaigns, entities, companyGroups, payGroups, jobCodes }
}
type Lookups = Awaited<ReturnType<typeof fetchLookups>>

/**
 * The pickers of the user form. A lookup that failed leaves its picker with the current value only (so
 * saving keeps it) and is named in `unavailable`.
 */
export function formOptions(lookups: Lookups, user: ManagedUser | null) {
  const { roles, departments, locations, supervisors, campaigns, entities, companyGroups, payGroups, jobCodes } =
    lookups
  const unavailable = Object.entries({
    Roles: roles,
    Departments: departments,
    Locations: locations,
    'QA supervisors': supervisors,
    Campaigns: campaigns,
    Entities: entities,
    'Company groups': companyGroups,
    'Pay groups': payGroups,
    'Job codes': jobCodes,
  })
    .filter(([, list]) => list === null)
    .map(([name]) => name)
  const coded = (list: { results: { id: number; code: string; name: string }[] } | null) =>
    list?.results.map((c) => ({ value: String(c.id), label: codeLabel(c) })) ?? []
  const options: UserFormOptions = {
    roles:
      roles?.results.map((r) => ({ value: r.code, label: r.name })) ??
      Object.entries(roleLabel).map(([value, label]) => ({ value, label })),
    departments: withCurrent(
      departments?.results.map((d) => ({ value: String(d.id), label: d.name })) ?? [],
      user?.department,
    ),
    locations: withCurrent(
      locations?.results.map((l) => ({ value: String(l.id), label: l.name })) ?? [],
      user?.location,
    ),
    supervisors: withCurrent(
      supervisors?.results
        .filter((s) => s.id !== user?.id)
        .map((s) => ({ value: String(s.id), label: s.employee_code ? `${s.name} (${s.employee_code})` : s.name })) ??
        [],
      user?.supervisor,
    ),
    campaigns: withCurrent(
      campaigns?.filter((c) => c.is_active).map((c) => ({ value: String(c.id), label: c.name })) ?? [],
      user?.campaign,
    ),
    entities: withCurrent(coded(entities), user?.entity, codeLabel),
    companyGroups: withCurrent(coded(companyGroups), user?.company_group, codeLabel),
    payGroups: withCurrent(coded(payGroups), user?.pay_group, codeLabel),
    jobCodes: withCurrent(coded(jobCodes), user?.job_code, codeLabel),
  }
  return { options, unavailable }
}
