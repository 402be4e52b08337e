import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { campaignList, evaluationTypeList, serviceList, serviceQuery } from '#contract/call-evaluation'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { ok, responses } from '../../../lib/reply'
import { listCampaigns, listEvaluationTypes, listServices } from '../store'

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
      return ok(await listCampaigns(db), 'Campaigns retrieved successfully')
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
      return ok(await listServices(db, request.query.campaign_id), 'Services retrieved successfully')
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
      return ok(await listEvaluationTypes(db), 'Evaluation types retrieved successfully')
    },
  )
}
