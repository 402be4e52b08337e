import { z } from 'zod'
import { paths } from '#contract/paths'
import { template, templateList, type TemplateInput, type UpdateTemplateBody } from '#contract/templates'
import { FORBIDDEN_MESSAGE } from '~/components/call-evaluation/template-form/access'
import { upstreamFailure, type Upstream } from '~/services/upstream.server'

export type TemplateListQuery = { page: number; page_size?: number; q?: string; status: 'active' | 'archived' | 'all' }

export function listTemplates(api: Upstream, { page, page_size = 10, q, status }: TemplateListQuery) {
  return api.call({ path: paths.template, query: { page, page_size, q: q || undefined, status }, schema: templateList })
}

export function getTemplate(api: Upstream, internalId: string) {
  return api.call({ path: paths.template, query: { template_internal_id: internalId }, schema: template })
}

export function createTemplate(api: Upstream, body: TemplateInput) {
  return api.call({ method: 'POST', path: paths.createTemplate, body, schema: template })
}

export function updateTemplate(api: Upstream, body: UpdateTemplateBody) {
  return api.call({ method: 'PUT', path: paths.updateTemplate, body, schema: template })
}

export function deleteTemplate(api: Upstream, internalId: string) {
  return api.call({
    method: 'DELETE',
    path: paths.template,
    query: { template_internal_id: internalId },
    schema: z.object({ template_internal_id: z.string() }),
  })
}

/** A failed template call; a 403 says who may manage templates. */
export const templateFailure = (thrown: unknown) => upstreamFailure(thrown, { forbidden: FORBIDDEN_MESSAGE })
