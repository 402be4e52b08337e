import { eq } from 'drizzle-orm'
import type { TranscriptSegment } from '#contract/evaluations'
import type { Db } from '../../../db/client'
import { callEvaluations, evaluationStatusHistory, recordings } from '../../../db/schema'
import { scoreCall } from '../../../engines/scoring/llm-judge'
import { callDuration } from '../../../engines/scoring/score'
import { getTemplateVersion } from '../../templates/store'
import { toEngineTemplate } from '../../templates/to-engine'
import { recordingSentiment } from '../../../engines/text/sentiment'
import { storeScore } from './scoring'

export type NewEvaluation = {
  agentId: number
  supervisorId: number | null
  campaignId: number
  serviceId: number | null
  evaluationTypeId: number | null
  /** The template version (row id) to score with. */
  templateId: number
  callTime: Date
  customerName?: string
  purpose?: string
  segments: TranscriptSegment[]
  audio?: { blobKey: string; mimeType: string; sizeBytes: number; fileName: string } | null
}

/**
 * Records a call with its transcript and scores it at once with the local engine (the seed and
 * tests use this; live calls are scored by the job instead).
 */
export async function createScoredEvaluation(db: Db, input: NewEvaluation) {
  const template = await getTemplateVersion(db, input.templateId)
  if (!template) throw new Error(`Unknown template version ${input.templateId}`)
  const scored = await scoreCall(toEngineTemplate(template), input.segments, null)
  const sentiment = recordingSentiment(input.segments)
  return db.transaction(async (tx) => {
    const [recording] = await tx
      .insert(recordings)
      .values({
        blobKey: input.audio?.blobKey ?? null,
        mimeType: input.audio?.mimeType ?? null,
        sizeBytes: input.audio?.sizeBytes ?? null,
        fileName: input.audio?.fileName ?? null,
        durationS: Math.round(callDuration(input.segments)),
        status: 'completed',
        segments: input.segments,
        customerSentiment: sentiment.customer,
        agentSentiment: sentiment.agent,
      })
      .returning({ id: recordings.id })
    const [evaluation] = await tx
      .insert(callEvaluations)
      .values({
        recordingId: recording.id,
        agentId: input.agentId,
        supervisorId: input.supervisorId,
        campaignId: input.campaignId,
        serviceId: input.serviceId,
        evaluationTypeId: input.evaluationTypeId,
        templateId: input.templateId,
        callTime: input.callTime,
        customerName: input.customerName ?? '',
        purpose: input.purpose ?? '',
        status: 'ai_evaluated',
        createdAt: input.callTime,
      })
      .returning({ id: callEvaluations.id })
    await storeScore(tx, evaluation.id, scored)
    await tx.insert(evaluationStatusHistory).values({
      evaluationId: evaluation.id,
      toStatus: 'ai_evaluated',
      comment: 'Scored by the AI',
      createdAt: input.callTime,
    })
    const [row] = await tx.select().from(callEvaluations).where(eq(callEvaluations.id, evaluation.id))
    return { ...row, recordingId: recording.id, score: scored.result }
  })
}
