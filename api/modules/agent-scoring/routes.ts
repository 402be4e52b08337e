import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '#contract/endpoints'
import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { redactSegments } from '../../engines/text/redact'
import type { Queue } from '../../jobs/queue'
import { route } from '../../lib/endpoint'
import { sendListCsv } from '../../lib/csv'
import { ok } from '../../lib/reply'
import { chatFromText, emailFromText } from './conversation'
import { requestItemScoring } from './job'
import { calibration } from './store/calibration'
import { itemRowsOf, listItems, orderedItemIds, queueKpi, scoringExportColumns, scoringExportRow } from './store/queue'
import { decideItem } from './store/decide'
import { claimItem, createItem, itemDetail, itemState, resolveNewItem } from './store/items'

type Options = { db: Db; queue?: Queue; llm?: Llm | null }

const TITLE = { chat: 'Pasted chat', email: 'Pasted e-mail' } as const

/** AI agent scoring (SPEC §2, /api/agent_scoring/, docs/decisions/015). */
export const agentScoringRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, queue, llm = null }) => {
  route(app, endpoints.createScoringItem, async (request, reply) => {
    const body = request.body
    const sides = await resolveNewItem(db, body)
    const read = body.channel === 'chat' ? chatFromText(body.text, sides) : emailFromText(body.text, sides)
    // card numbers, national ids and phone numbers never reach the database
    const { segments: turns } = redactSegments(read)
    const item = await createItem(db, {
      channel: body.channel,
      title: TITLE[body.channel],
      agentId: body.agent_id,
      campaignId: body.campaign_id,
      templateId: sides.templateId,
      turns,
      createdBy: request.user.id,
    })
    await requestItemScoring(queue, db, llm, item.id)
    // its creator may have named another agent's conversation: the answer needs only where it stands
    const { bucket } = await itemState(db, item.id)
    return reply.code(201).send(ok({ item_id: item.id, bucket }, queue ? 'Queued for scoring' : 'Scored'))
  })

  route(app, endpoints.scoringItemDetails, async (request) =>
    ok(await itemDetail(db, request.user, request.query.item_id)),
  )

  route(app, endpoints.claimScoringItem, async (request) => {
    const state = await claimItem(db, request.body.item_id, request.user.id)
    return ok({ item_id: request.body.item_id, ...state }, 'Claimed')
  })

  route(app, endpoints.decideScoringItem, async (request) => {
    const { item_id, decision, corrections, version } = request.body
    const state = await decideItem(db, {
      itemId: item_id,
      actorId: request.user.id,
      decision,
      version,
      corrections: corrections.map((c) => ({
        questionId: c.question_id,
        value: c.value,
        reasonCode: c.reason_code,
        comment: c.comment,
      })),
    })
    return ok({ item_id, ...state }, decision === 'accept' ? 'Accepted' : 'Rejected')
  })

  route(app, endpoints.listScoringItems, async (request) =>
    ok(await listItems(db, request.user, request.query), 'Scored interactions retrieved'),
  )

  route(app, endpoints.scoringKpi, async (request) =>
    ok(await queueKpi(db, request.user, request.query), 'Agent scoring figures retrieved'),
  )

  route(app, endpoints.scoringCalibration, async (request) =>
    ok(await calibration(db, request.user, request.query), 'Calibration retrieved'),
  )

  route(app, endpoints.exportScoringItems, async (request, reply) =>
    sendListCsv(reply, {
      name: `agent-scoring-${request.query.bucket ?? 'all'}`,
      header: scoringExportColumns,
      ids: (limit) => orderedItemIds(db, request.user, request.query, limit),
      rows: async (ids) => (await itemRowsOf(db, ids)).map(scoringExportRow),
    }),
  )
}
