import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  accessStatus,
  actionStatus,
  actionStatusQuery,
  changeStatusBody,
  evaluationDetail,
  evaluationIdQuery,
  evaluationList,
  evaluationListQuery,
  evaluationSummary,
  rescoreBody,
  reviewSession,
  reviewSessionBody,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import type { Llm } from '../../../engines/llm/client'
import { accessStatusOf, assertCanView, EVALUATION_NOT_FOUND, loadHead, reviewerRoles } from '../store/access'
import { getEvaluationDetail, getEvaluationSummary, listEvaluations } from '../store/queries'
import { hasTranscript, markScoringFailed, scoreEvaluation, ScoringError } from '../store/scoring'
import { reviewSessionAction } from '../store/sessions'
import { actionStatusOf, changeStatus } from '../store/status'
import { requestScoring } from '../job'
import type { Queue } from '../../../jobs/queue'
import { HttpError, notFound } from '../../../lib/http-error'
import { ok, responses } from '../../../lib/reply'

const tags = ['call evaluation']
const security = [{ bearerAuth: [] }]

type Options = { db: Db; queue?: Queue; llm: Llm | null }

/** The evaluation list, one evaluation, who may do what with it, its status and review sessions. */
export const evaluationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, queue, llm }) => {
  const reviewers = app.requireRole(...reviewerRoles)

  app.get(
    paths.evaluationList,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A page of call evaluations with filters (agents see only their own)',
        security,
        querystring: evaluationListQuery,
        response: responses(evaluationList, 401),
      },
    },
    async (request) => {
      const filter = { ...request.query }
      if (request.user.role === 'agent') filter.agent_id = request.user.id
      return ok(await listEvaluations(db, filter), 'Evaluation list retrieved successfully')
    },
  )

  app.get(
    paths.checkAccessStatus,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'What the signed-in user may do with a call now (view, review, change status), and why not',
        security,
        querystring: evaluationIdQuery,
        response: responses(accessStatus, 401, 404),
      },
    },
    async (request) =>
      ok(await accessStatusOf(db, request.user, request.query.call_evaluation_id), 'Access status retrieved'),
  )

  app.get(
    paths.evaluationDetails,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One call evaluation with its transcript',
        security,
        querystring: evaluationIdQuery,
        response: responses(evaluationDetail, 401, 403, 404),
      },
    },
    async (request) => {
      const detail = await getEvaluationDetail(db, request.query.call_evaluation_id)
      if (!detail) throw notFound(EVALUATION_NOT_FOUND)
      assertCanView(request.user, detail.agent.id)
      return ok(detail, 'Evaluation details retrieved successfully')
    },
  )

  app.put(
    paths.changeStatus,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Move an evaluation to another status (reviewers; an agent acknowledges or disputes their own)',
        security,
        body: changeStatusBody,
        response: responses(actionStatus, 401, 403, 404, 409),
      },
    },
    async (request) => ok(await changeStatus(db, request.user, request.body), 'Status changed successfully'),
  )

  app.get(
    paths.getActionStatus,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "An evaluation's status, where this user may move it, and its history",
        security,
        querystring: actionStatusQuery,
        response: responses(actionStatus, 401, 403, 404),
      },
    },
    async (request) =>
      ok(await actionStatusOf(db, request.user, request.query.ca_audit_id), 'Action status retrieved successfully'),
  )

  const sessionMessages = {
    start: 'Review session started',
    heartbeat: 'Review session kept alive',
    end: 'Review session ended',
  }
  app.put(
    paths.accessStartEndTime,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Start, keep alive or end a review session (one reviewer holds a call at a time)',
        security,
        body: reviewSessionBody,
        response: responses(reviewSession, 401, 403, 404, 409),
      },
    },
    async (request) =>
      ok(await reviewSessionAction(db, request.user, request.body), sessionMessages[request.body.action]),
  )

  app.post(
    paths.rescore,
    {
      onRequest: reviewers,
      schema: {
        tags,
        summary: 'Score the call again (queued when the API has a job queue, else at once)',
        security,
        body: rescoreBody,
        response: responses(evaluationSummary, 401, 403, 404, 422),
      },
    },
    async (request) => {
      const id = request.body.call_evaluation_id
      const head = await loadHead(db, id)
      if (!(await hasTranscript(db, head.recordingId))) {
        throw new HttpError(422, 'The recording has no transcript yet, so there is nothing to score.')
      }
      if (await requestScoring(queue, db, id)) {
        return ok((await getEvaluationSummary(db, id))!, 'The call is queued for scoring')
      }
      try {
        await scoreEvaluation(db, id, llm)
      } catch (error) {
        await markScoringFailed(db, id, (error as Error).message)
        if (error instanceof ScoringError) throw new HttpError(422, `Scoring failed: ${error.message}`)
        throw error
      }
      return ok((await getEvaluationSummary(db, id))!, 'The call was scored again')
    },
  )
}
