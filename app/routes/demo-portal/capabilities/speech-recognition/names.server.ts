import { endpoints } from '#contract/endpoints'
import type { LookupItem } from '#contract/lookups'
import type { Names } from '~/components/speech/recording-table.schema'
import { orNull } from '~/services/speech.server'
import type { Upstream } from '~/services/upstream.server'

const byCode = (items: LookupItem[] | null): Names => Object.fromEntries((items ?? []).map((i) => [i.code, i.name]))

/** The languages' and domains' names by code, for lists that show them; the codes stand in when they fail. */
export async function lookupNames(api: Upstream) {
  const [languages, domains] = await Promise.all([
    orNull(api.request(endpoints.lookupLanguage)),
    orNull(api.request(endpoints.lookupDomain)),
  ])
  return { languages: byCode(languages), domains: byCode(domains) }
}
