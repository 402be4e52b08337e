import { lookupList } from '#contract/lookups'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

export function getDomains(api: Upstream) {
  return api.call({ path: paths.lookupDomain, schema: lookupList })
}

export function getLanguages(api: Upstream) {
  return api.call({ path: paths.lookupLanguage, schema: lookupList })
}
