import { endpoints } from '#contract/endpoints'
import { orNull, type Upstream } from '~/services/upstream.server'

/**
 * The templates a picker offers: one entry per template (its latest version), archived ones marked,
 * and whether each is active (for a default). None when the list fails: the picker offers "Any".
 */
export async function loadTemplateOptions(api: Upstream) {
  const templates = await orNull(
    api.lookup(endpoints.getTemplate, { query: { page: 1, page_size: 100, status: 'all' } }),
  )
  const seen = new Set<string>()
  // the list is already one row per template, latest version; be sure
  return (templates && 'results' in templates ? templates.results : [])
    .filter((t) => !seen.has(t.template_internal_id) && seen.add(t.template_internal_id))
    .map((t) => ({
      id: t.template_internal_id,
      name: t.status === 'archived' ? `${t.name} (archived)` : t.name,
      active: t.status === 'active',
    }))
}

/**
 * Who and what scored work is filtered by: campaigns, agents and templates (call evaluation's filter
 * bars, agent scoring's queue). Each list may fail on its own (an agent may not read the people
 * lists); its picker then offers only "Any".
 */
export async function loadScopeOptions(api: Upstream) {
  const [campaigns, agents, templates] = await Promise.all([
    orNull(api.lookup(endpoints.campaigns)),
    orNull(api.lookup(endpoints.projectList, { query: { limit: 200, q: '', role: 'agent' } })),
    loadTemplateOptions(api),
  ])
  return { campaigns: campaigns ?? [], agents: agents?.results ?? [], templates }
}
export type ScopeOptions = Awaited<ReturnType<typeof loadScopeOptions>>

/** What the call evaluation filter bars (dashboards and list) offer: the scope's pickers and the rest. */
export async function loadFilterOptions(api: Upstream) {
  const [scope, services, supervisors, departments, locations] = await Promise.all([
    loadScopeOptions(api),
    orNull(api.lookup(endpoints.services)),
    orNull(api.lookup(endpoints.projectList, { query: { limit: 200, q: '', role: 'qa_supervisor' } })),
    orNull(api.lookup(endpoints.departmentList)),
    orNull(api.lookup(endpoints.locationList, { query: { limit: 250 } })),
  ])
  return {
    ...scope,
    services: services ?? [],
    supervisors: supervisors?.results ?? [],
    departments: departments?.results ?? [],
    locations: locations?.results ?? [],
  }
}
export type FilterOptions = Awaited<ReturnType<typeof loadFilterOptions>>
