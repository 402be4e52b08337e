import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { ok } from '../../../lib/reply'
import { listCampaigns, listEvaluationTypes, listServices } from '../store'

/** The lookups the call-evaluation filters and forms are built from. */
export const callEvaluationLookupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.campaigns, async () => {
    return ok(await listCampaigns(db), 'Campaigns retrieved successfully')
  })

  route(app, endpoints.services, async (request) => {
    return ok(await listServices(db, request.query.campaign_id), 'Services retrieved successfully')
  })

  route(app, endpoints.evaluationTypes, async () => {
    return ok(await listEvaluationTypes(db), 'Evaluation types retrieved successfully')
  })
}
