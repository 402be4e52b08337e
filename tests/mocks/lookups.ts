import { endpoints } from '#contract/endpoints'
import type { LookupItem } from '#contract/lookups'
import { mock } from './endpoint'

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
  mock(endpoints.lookupDomain, () => domains, 'Domains'),
  mock(endpoints.lookupLanguage, () => languages, 'Languages'),
]
