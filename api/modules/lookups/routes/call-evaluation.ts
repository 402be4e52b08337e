import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { campaignList, evaluationTypeList, serviceList, serviceQuery } from '#contract/call-evaluation'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { campaigns, evaluationTypes, services } from '../../../db/schema'
import { ok, responses } from '../../../lib/reply'

const security = [{ bearerAuth: [] }]

/** The lookups the call-evaluation filters and forms are built from. */
export const callEvaluationLookupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    paths.campaigns,
    {
      onRequest: app.authenticate,
      schema: { tags: ['call evaluation'], summary: 'Campaigns', security, response: responses(campaignList, 401) },
    },
    async () => {
      const rows = await db
        .select({
          id: campaigns.id,
          code: campaigns.code,
          name: campaigns.name,
          client: campaigns.client,
          is_active: campaigns.isActive,
        })
        .from(campaigns)
        .orderBy(asc(campaigns.name))
      return ok(rows, 'Campaigns retrieved successfully')
    },
  )

  app.get(
    paths.services,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['call evaluation'],
        summary: "Services, optionally of one campaign's",
        security,
        querystring: serviceQuery,
        response: responses(serviceList, 401),
      },
    },
    async (request) => {
      const { campaign_id: campaignId } = request.query
      const rows = await db
        .select({ id: services.id, campaign_id: services.campaignId, name: services.name })
        .from(services)
        .where(campaignId === undefined ? undefined : eq(services.campaignId, campaignId))
        .orderBy(asc(services.name))
      return ok(rows, 'Services retrieved successfully')
    },
  )

  app.get(
    paths.evaluationTypes,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['call evaluation'],
        summary: 'Evaluation types',
        security,
        response: responses(evaluationTypeList, 401),
      },
    },
    async () => {
      const rows = await db
        .select({ id: evaluationTypes.id, code: evaluationTypes.code, name: evaluationTypes.name })
        .from(evaluationTypes)
        .orderBy(asc(evaluationTypes.sortOrder), asc(evaluationTypes.name))
      return ok(rows, 'Evaluation types retrieved successfully')
    },
  )
}
