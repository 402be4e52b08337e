import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import type { Llm } from '../../../engines/llm/client'
import { accessStatusOf, assertCanView, EVALUATION_NOT_FOUND, loadHead } from '../store/access'
import { getEvaluationDetail, getEvaluationSummary, listEvaluations } from '../store/queries'
import { hasTranscript, markScoringFailed, scoreEvaluation, ScoringError } from '../store/scoring'
import { reviewSessionAction } from '../store/sessions'
import { actionStatusOf, changeStatus } from '../store/status'
import { requestScoring } from '../job'
import type { Queue } from '../../../jobs/queue'
import { HttpError, notFound } from '../../../lib/http-error'
import { ok } from '../../../lib/reply'

type Options = { db: Db; queue?: Queue; llm: Llm | null }

/** The evaluation list, one evaluation, who may do what with it, its status and review sessions. */
export const evaluationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, queue, llm }) => {
  route(app, endpoints.listEvaluations, async (request) => {
    const filter = { ...request.query }
    if (request.user.role === 'agent') filter.agent_id = request.user.id
    return ok(await listEvaluations(db, filter), 'Evaluation list retrieved successfully')
  })

  route(app, endpoints.checkAccessStatus, async (request) =>
    ok(await accessStatusOf(db, request.user, request.query.call_evaluation_id), 'Access status retrieved'),
  )

  route(app, endpoints.evaluationDetails, async (request) => {
    const detail = await getEvaluationDetail(db, request.query.call_evaluation_id)
    if (!detail) throw notFound(EVALUATION_NOT_FOUND)
    assertCanView(request.user, detail.agent.id)
    return ok(detail, 'Evaluation details retrieved successfully')
  })

  route(app, endpoints.changeStatus, async (request) =>
    ok(await changeStatus(db, request.user, request.body), 'Status changed successfully'),
  )

  route(app, endpoints.getActionStatus, async (request) =>
    ok(await actionStatusOf(db, request.user, request.query.ca_audit_id), 'Action status retrieved successfully'),
  )

  const sessionMessages = {
    start: 'Review session started',
    heartbeat: 'Review session kept alive',
    end: 'Review session ended',
  }
  route(app, endpoints.accessStartEndTime, async (request) =>
    ok(await reviewSessionAction(db, request.user, request.body), sessionMessages[request.body.action]),
  )

  route(app, endpoints.rescore, async (request) => {
    const id = request.body.call_evaluation_id
    const head = await loadHead(db, id)
    if (head.recordingId !== null && !(await hasTranscript(db, head.recordingId))) {
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
  })
}
