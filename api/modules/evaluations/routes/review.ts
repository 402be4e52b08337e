import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { manualReviewOf, saveManualReview } from '../store/review'
import { ok } from '../../../lib/reply'

/** The manual review (SPEC §3): the AI's answers per question and the auditor's corrections. */
export const evaluationReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.getManualReview, async (request) =>
    ok(
      await manualReviewOf(db, request.user, request.query.call_evaluation_id),
      'Manual review retrieved successfully',
    ),
  )

  route(app, endpoints.saveManualReview, async (request) =>
    ok(await saveManualReview(db, request.user, request.body), 'Manual review saved successfully'),
  )
}
