import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/http-error'
import { offsetOf, pageOf } from '../../lib/paging'
import { ok } from '../../lib/reply'
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './store'

const NOT_FOUND = 'Template not found'

/** QA templates: everyone signed in reads them; admins and QA supervisors manage them (ARCHITECTURE §8). */
export const templateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.getTemplate, async (request) => {
    const { template_internal_id: internalId, page, page_size: pageSize, q, status } = request.query
    if (internalId) {
      const found = await getTemplate(db, internalId)
      if (!found) throw notFound(NOT_FOUND)
      return ok(found, 'Template retrieved successfully')
    }
    const { rows, count } = await listTemplates(db, { q, status, limit: pageSize, offset: offsetOf(page, pageSize) })
    return ok(pageOf(rows, count, page, pageSize), 'Template list retrieved successfully')
  })

  route(app, endpoints.createTemplate, async (request) =>
    ok(await createTemplate(db, request.body, request.user.id), 'Template created successfully'),
  )

  route(app, endpoints.updateTemplate, async (request) => {
    const { template_internal_id: internalId, ...input } = request.body
    const saved = await updateTemplate(db, internalId, input, request.user.id)
    if (!saved) throw notFound(NOT_FOUND)
    return ok(saved, 'Template updated successfully')
  })

  route(app, endpoints.archiveTemplate, async (request) => {
    const { template_internal_id: internalId } = request.query
    const outcome = await deleteTemplate(db, internalId)
    if (!outcome) throw notFound(NOT_FOUND)
    return ok({ template_internal_id: internalId, archived: outcome === 'archived' }, 'Template deleted successfully')
  })
}
