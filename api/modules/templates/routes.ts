import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paths } from '#contract/paths'
import {
  template,
  templateIdQuery,
  templateInput,
  templateList,
  templateQuery,
  updateTemplateBody,
} from '#contract/templates'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/http-error'
import { offsetOf, pageOf } from '../../lib/paging'
import { ok, responses } from '../../lib/reply'
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './store'

const NOT_FOUND = 'Template not found'
const security = [{ bearerAuth: [] }]

/** QA templates: everyone signed in reads them; admins and QA supervisors manage them (ARCHITECTURE §8). */
export const templateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const manage = app.requireRole('admin', 'qa_supervisor')

  app.get(
    paths.template,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['templates'],
        summary: 'A page of templates (latest versions), or one template with template_internal_id',
        security,
        querystring: templateQuery,
        response: responses(z.union([template, templateList]), 401, 404),
      },
    },
    async (request) => {
      const { template_internal_id: internalId, page, page_size: pageSize, q, status } = request.query
      if (internalId) {
        const found = await getTemplate(db, internalId)
        if (!found) throw notFound(NOT_FOUND)
        return ok(found, 'Template retrieved successfully')
      }
      const { rows, count } = await listTemplates(db, { q, status, limit: pageSize, offset: offsetOf(page, pageSize) })
      return ok(pageOf(rows, count, page, pageSize), 'Template list retrieved successfully')
    },
  )

  app.post(
    paths.createTemplate,
    {
      onRequest: manage,
      schema: {
        tags: ['templates'],
        summary: 'Create a template',
        security,
        body: templateInput,
        response: responses(template, 401, 403),
      },
    },
    async (request) => ok(await createTemplate(db, request.body, request.user.id), 'Template created successfully'),
  )

  app.put(
    paths.updateTemplate,
    {
      onRequest: manage,
      schema: {
        tags: ['templates'],
        summary: 'Save a template as a new version (evaluations keep the version they were scored with)',
        security,
        body: updateTemplateBody,
        response: responses(template, 401, 403, 404),
      },
    },
    async (request) => {
      const { template_internal_id: internalId, ...input } = request.body
      const saved = await updateTemplate(db, internalId, input, request.user.id)
      if (!saved) throw notFound(NOT_FOUND)
      return ok(saved, 'Template updated successfully')
    },
  )

  app.delete(
    paths.template,
    {
      onRequest: manage,
      schema: {
        tags: ['templates'],
        summary: 'Delete a template and its versions (archived instead when calls were scored with it)',
        security,
        querystring: templateIdQuery,
        response: responses(z.object({ template_internal_id: z.string(), archived: z.boolean() }), 401, 403, 404),
      },
    },
    async (request) => {
      const { template_internal_id: internalId } = request.query
      const outcome = await deleteTemplate(db, internalId)
      if (!outcome) throw notFound(NOT_FOUND)
      return ok({ template_internal_id: internalId, archived: outcome === 'archived' }, 'Template deleted successfully')
    },
  )
}
