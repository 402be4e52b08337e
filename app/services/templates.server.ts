import { z } from 'zod'
import { paths } from '#contract/paths'
import { template, templateList, type TemplateInput, type UpdateTemplateBody } from '#contract/templates'
import { FORBIDDEN_MESSAGE } from '~/components/call-evaluation/template-form/access'
import type { Upstream } from '~/services/upstream.server'

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

export type UpstreamFailure = { status: number; message: string }

/**
 * A failed upstream call as a status and a message to show. The 401 sign-out redirect and anything that is
 * not an upstream answer are rethrown; a 403 becomes a message that says who may manage templates.
 */
export async function upstreamFailure(thrown: unknown): Promise<UpstreamFailure> {
  if (!(thrown instanceof Response) || (thrown.status >= 300 && thrown.status < 400)) throw thrown
  if (thrown.status === 403) return { status: 403, message: FORBIDDEN_MESSAGE }
  return { status: thrown.status, message: (await thrown.text()) || `Upstream error ${thrown.status}` }
}
