import { campaignList, evaluationTypeList, serviceList } from '#contract/call-evaluation'
import { paths } from '#contract/paths'
import { listDepartments, listLocations } from '~/services/access-mgmt.server'
import { getProjectList } from '~/services/evaluations.server'
import { listTemplates } from '~/services/templates.server'
import { orNull, type Upstream } from '~/services/upstream.server'

export function getCampaigns(api: Upstream) {
  return api.call({ path: paths.campaigns, schema: campaignList })
}

/** Every service, or one campaign's. */
export function getServices(api: Upstream, campaignId?: number) {
  return api.call({ path: paths.services, query: { campaign_id: campaignId }, schema: serviceList })
}

export function getEvaluationTypes(api: Upstream) {
  return api.call({ path: paths.evaluationTypes, schema: evaluationTypeList })
}

/**
 * What the call evaluation filter bars (dashboards and list) offer. Each list may fail on its own (an agent may not read the
 * people lists); its picker then offers only "Any".
 */
export async function loadFilterOptions(api: Upstream) {
  const [campaigns, services, agents, supervisors, departments, locations, templates] = await Promise.all([
    orNull(getCampaigns(api)),
    orNull(getServices(api)),
    orNull(getProjectList(api, 'agent')),
    orNull(getProjectList(api, 'qa_supervisor')),
    orNull(listDepartments(api)),
    orNull(listLocations(api, 250)),
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
