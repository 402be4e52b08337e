import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { evaluationStatusLabel, type EvaluationSummary } from '#contract/evaluations'
import type { Db } from '../../../db/client'
import { orderedEvaluationIds, summariesOf } from '../store/queries'
import { sendListCsv, type CsvValue } from '../../../lib/csv'

export const exportColumns = [
  'id',
  'call_time',
  'agent',
  'supervisor',
  'campaign',
  'service',
  'evaluation_type',
  'template',
  'template_version',
  'customer_name',
  'purpose',
  'duration_s',
  'status',
  'ai_score',
  'auditor_score',
  'score',
  'auto_fail',
] as const

export function exportRow(e: EvaluationSummary): CsvValue[] {
  return [
    e.id,
    e.call_time,
    e.agent.name,
    e.supervisor?.name ?? '',
    e.campaign.name,
    e.service?.name ?? '',
    e.evaluation_type?.name ?? '',
    e.template.name,
    e.template.version,
    e.customer_name,
    e.purpose,
    e.duration_s,
    evaluationStatusLabel[e.status],
    e.ai_score,
    e.auditor_score,
    e.auditor_score ?? e.ai_score,
    e.auto_fail ? 'yes' : 'no',
  ]
}

/** GET export/: the evaluation list with its filters and ordering as CSV (no paging), streamed. */
export const evaluationExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.evaluationExport, async (request, reply) => {
    const filter = { ...request.query }
    if (request.user.role === 'agent') filter.agent_id = request.user.id
    return sendListCsv(reply, {
      name: 'call-evaluations',
      header: exportColumns,
      ids: (limit) => orderedEvaluationIds(db, filter, limit),
      rows: async (ids) => (await summariesOf(db, ids)).map(exportRow),
    })
  })
}
