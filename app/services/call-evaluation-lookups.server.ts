import { endpoints } from '#contract/endpoints'
import { listTemplates } from '~/services/templates.server'
import { orNull, type Upstream } from '~/services/upstream.server'

/**
 * What the call evaluation filter bars (dashboards and list) offer. Each list may fail on its own (an agent may not read the
 * people lists); its picker then offers only "Any".
 */
export async function loadFilterOptions(api: Upstream) {
  const [campaigns, services, agents, supervisors, departments, locations, templates] = await Promise.all([
    orNull(api.request(endpoints.campaigns)),
    orNull(api.request(endpoints.services)),
    orNull(api.request(endpoints.projectList, { query: { limit: 200, q: '', role: 'agent' } })),
    orNull(api.request(endpoints.projectList, { query: { limit: 200, q: '', role: 'qa_supervisor' } })),
    orNull(api.request(endpoints.departmentList)),
    orNull(api.request(endpoints.locationList, { query: { limit: 250 } })),
    orNull(listTemplates(api, { page: 1, page_size: 100, status: 'all' })),
  ])
  const seen = new Set<string>()
  return {
    campaigns: campaigns ?? [],
    services: services ?? [],
    agents: agents?.results ?? [],
    supervisors: supervisors?.results ?? [],
    departments: departments?.results ?? [],
    locations: locations?.results ?? [],
    // one entry per template (the list is already one row per template, latest version; be sure)
    templates: (templates?.results ?? [])
      .filter((t) => !seen.has(t.template_internal_id) && seen.add(t.template_internal_id))
      .map((t) => ({ id: t.template_internal_id, name: t.status === 'archived' ? `${t.name} (archived)` : t.name })),
  }
}
export type FilterOptions = Awaited<ReturnType<typeof loadFilterOptions>>
