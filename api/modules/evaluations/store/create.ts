import { eq } from 'drizzle-orm'
import type { Channel } from '#contract/agent-scoring'
import type { AnswerValue, TranscriptSegment } from '#contract/evaluations'
import type { Db } from '../../../db/client'
import { callEvaluations, evaluationStatusHistory, recordings } from '../../../db/schema'
import type { Tx } from '../../../db/sql'
import { scoreCall } from '../../../engines/scoring/llm-judge'
import { assemble, callDuration } from '../../../engines/scoring/score'
import { hhmmss } from '../../../engines/scoring/text'
import { getTemplateVersion } from '../../templates/store'
import { toEngineTemplate } from '../../templates/to-engine'
import { recordingSentiment } from '../../../engines/text/sentiment'
import { recordReview } from './review'
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
 * A call's recording as transcribed: its words, its length, each side's sentiment and, when it has
 * one, its audio (the seed's calls and scoring items, and tests; uploads go through the speech job).
 */
export function transcribedCall(segments: TranscriptSegment[], audio?: NewEvaluation['audio']) {
  const sentiment = recordingSentiment(segments)
  return {
    blobKey: audio?.blobKey ?? null,
    mimeType: audio?.mimeType ?? null,
    sizeBytes: audio?.sizeBytes ?? null,
    fileName: audio?.fileName ?? null,
    durationS: Math.round(callDuration(segments)),
    status: 'completed' as const,
    segments,
    customerSentiment: sentiment.customer,
    agentSentiment: sentiment.agent,
  }
}

/**
 * Records a call with its transcript and scores it at once with the local engine (the seed and
 * tests use this; live calls are scored by the job instead).
 */
export async function createScoredEvaluation(db: Db, input: NewEvaluation) {
  const template = await getTemplateVersion(db, input.templateId)
  if (!template) throw new Error(`Unknown template version ${input.templateId}`)
  const scored = await scoreCall(toEngineTemplate(template), input.segments, null)
  const recordingValues = transcribedCall(input.segments, input.audio)
  return db.transaction(async (tx) => {
    const [recording] = await tx.insert(recordings).values(recordingValues).returning({ id: recordings.id })
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

/** An interaction a supervisor accepted in AI agent scoring (docs/decisions/015). */
export type AcceptedInteraction = {
  channel: Channel
  /** A call's recording; none for a chat or an e-mail (their thread stays on the scoring item). */
  recordingId: number | null
  agentId: number
  campaignId: number
  templateId: number
  receivedAt: Date
  purpose: string
  engine: 'local' | 'llm'
  /** The AI's answer per question, with its evidence. */
  answers: Map<number, { value: AnswerValue; quote: string | null; startSeconds: number | null; rationale: string }>
  /** The supervisor's corrected answers: the review's values where they differ from the AI's. */
  corrections: Map<number, AnswerValue>
  reviewerId: number
  /** Why it was reviewed, for the status history. */
  note: string
}

/**
 * An evaluation from an accepted scoring item: the AI's answers as the AI's side, the supervisor's
 * decision (the AI's answers with their corrections) as the review, so the evaluation list, the
 * dashboards and the agent's acknowledge / dispute flow take it from there. Returns its id.
 */
export async function createAcceptedEvaluation(tx: Tx, input: AcceptedInteraction): Promise<number> {
  const template = await getTemplateVersion(tx, input.templateId)
  if (!template) throw new Error(`Unknown template version ${input.templateId}`)
  const result = assemble(toEngineTemplate(template), (q) => {
    const answer = input.answers.get(q.id)
    const value = answer?.value ?? 'n/a'
    return {
      question_id: q.id,
      value,
      passed: value === 'n/a' ? null : value === q.expected,
      evaluation_key_word: answer?.quote ?? null,
      start_time: answer?.startSeconds == null ? null : hhmmss(answer.startSeconds),
      start_seconds: answer?.startSeconds ?? null,
      justification: answer?.rationale ?? '',
    }
  })
  const [evaluation] = await tx
    .insert(callEvaluations)
    .values({
      channel: input.channel,
      recordingId: input.recordingId,
      agentId: input.agentId,
      supervisorId: input.reviewerId,
      campaignId: input.campaignId,
      templateId: input.templateId,
      callTime: input.receivedAt,
      purpose: input.purpose.slice(0, 200),
      status: 'ai_evaluated',
    })
    .returning({ id: callEvaluations.id })
  await storeScore(tx, evaluation.id, { result, engine: input.engine, fallback_reason: null })
  await tx
    .insert(evaluationStatusHistory)
    .values({ evaluationId: evaluation.id, toStatus: 'ai_evaluated', comment: 'Scored by the AI' })
  await recordReview(
    tx,
    { id: evaluation.id, status: 'ai_evaluated', reviewerId: input.reviewerId, comment: input.note },
    (questionId) => input.corrections.get(questionId) ?? input.answers.get(questionId)?.value,
  )
  return evaluation.id
}

/** Removes an evaluation an item's new decision withdrew (its scores and history go with it). */
export async function withdrawEvaluation(tx: Tx, evaluationId: number) {
  await tx.delete(callEvaluations).where(eq(callEvaluations.id, evaluationId))
}
