import { http } from 'msw'
import type { LookupItem } from '#contract/lookups'
import { paths } from '#contract/paths'
import { UPSTREAM, authenticate, ok } from './auth'

export const domains: LookupItem[] = [
  { id: 1, code: 'healthcare', name: 'Healthcare' },
  { id: 2, code: 'banking', name: 'Banking' },
  { id: 3, code: 'telecom', name: 'Telecom' },
]
export const languages: LookupItem[] = [
  { id: 1, code: 'en', name: 'English' },
  { id: 2, code: 'es', name: 'Spanish' },
]

export const lookupHandlers = [
  http.get(UPSTREAM + paths.lookupDomain, ({ request }) => {
    const key = authenticate(request)
    return key instanceof Response ? key : ok(domains, 'Domains')
  }),
  http.get(UPSTREAM + paths.lookupLanguage, ({ request }) => {
    const key = authenticate(request)
    return key instanceof Response ? key : ok(languages, 'Languages')
  }),
]
