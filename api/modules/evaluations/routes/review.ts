import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { evaluationIdQuery, manualReview, manualReviewBody } from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { reviewerRoles } from '../store/access'
import { manualReviewOf, saveManualReview } from '../store/review'
import { ok, responses } from '../../../lib/reply'

const tags = ['call evaluation']
const security = [{ bearerAuth: [] }]

/** The manual review (SPEC §3): the AI's answers per question and the auditor's corrections. */
export const evaluationReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    paths.manualReview,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The manual review rows grouped by template category, with the AI's evidence",
        security,
        querystring: evaluationIdQuery,
        response: responses(manualReview, 401, 403, 404),
      },
    },
    async (request) =>
      ok(
        await manualReviewOf(db, request.user, request.query.call_evaluation_id),
        'Manual review retrieved successfully',
      ),
  )

  app.put(
    paths.manualReview,
    {
      onRequest: app.requireRole(...reviewerRoles),
      schema: {
        tags,
        summary: "Save the auditor's answers; recomputes the auditor's score and marks the call reviewed",
        security,
        body: manualReviewBody,
        response: responses(manualReview, 401, 403, 404, 409),
      },
    },
    async (request) => ok(await saveManualReview(db, request.user, request.body), 'Manual review saved successfully'),
  )
}
