import { campaignList, evaluationTypeList, serviceList } from '#contract/call-evaluation'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

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
