import { endpoints } from '#contract/endpoints'
import { FORBIDDEN_MESSAGE } from '~/components/call-evaluation/template-form/access'
import { errorResponse, upstreamFailure, type Upstream } from '~/services/upstream.server'

export type TemplateListQuery = { page: number; page_size?: number; q?: string; status: 'active' | 'archived' | 'all' }

/** `template/` answers a page or one template (with `template_internal_id`); the other shape is an upstream fault. */
const unexpected = () => errorResponse(502, 'The upstream API answered in an unexpected format.')

export async function listTemplates(api: Upstream, { page, page_size = 10, q, status }: TemplateListQuery) {
  const list = await api.request(endpoints.getTemplate, { query: { page, page_size, q: q || undefined, status } })
  if (!('results' in list)) throw unexpected()
  return list
}

export async function getTemplate(api: Upstream, internalId: string) {
  const found = await api.request(endpoints.getTemplate, { query: { template_internal_id: internalId } })
  if (!('categories' in found)) throw unexpected()
  return found
}

/** A failed template call; a 403 says who may manage templates. */
export const templateFailure = (thrown: unknown) => upstreamFailure(thrown, { forbidden: FORBIDDEN_MESSAGE })
