import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, setupTestApp, type TestApp } from '#api/test-utils'
import { evaluationListQuery } from '#contract/evaluations'
import {
  callEvaluations,
  evaluationQuestionScores,
  scoringItems,
  scoringResults,
  templateCategories,
  templateQuestions,
} from '../../../db/schema'
import { getEvaluationDetail, listEvaluations } from '../../evaluations/store/queries'
import { HttpError } from '../../../lib/http-error'
import { seedEvaluationBasics, type EvaluationBasics } from '../../evaluations/fixtures'
import { latestVersionId } from '../../templates/store'
import { decideItem } from './decide'
import { claimItem, createItem, itemEvents, markScored, markUnscored, type Scored } from './items'

let t: TestApp
let basics: EvaluationBasics
let versionId: number
let questionIds: number[]
let agentId: number
let supervisorId: number
let adminId: number

beforeAll(async () => {
  t = await setupTestApp()
  supervisorId = (await createUser(t, { role: 'qa_supervisor' })).id
  adminId = (await createUser(t, { role: 'admin' })).id
  agentId = (await createUser(t, { role: 'agent' })).id
  basics = await seedEvaluationBasics(t.db, supervisorId)
  versionId = (await latestVersionId(t.db, basics.template.template_internal_id))!
  const categories = await t.db
    .select({ id: templateCategories.id })
    .from(templateCategories)
    .where(eq(templateCategories.templateId, versionId))
  const questions = await t.db
    .select({ id: templateQuestions.id })
    .from(templateQuestions)
    .where(
      inArray(
        templateQuestions.categoryId,
        categories.map((c) => c.id),
      ),
    )
    .orderBy(asc(templateQuestions.id))
  questionIds = questions.map((q) => q.id)
})
afterAll(() => t.close())

const chat = [
  { speaker: 'agent' as const, text: 'Thanks for messaging Acme Bank, my name is Priya.' },
  { speaker: 'customer' as const, text: 'My card was declined this morning.' },
]

function newChat() {
  return createItem(t.db, {
    channel: 'chat',
    title: 'Pasted chat',
    agentId,
    campaignId: basics.campaign.id,
    templateId: versionId,
    turns: chat,
    createdBy: supervisorId,
  })
}

function scored(confidences: number[]): Scored {
  return {
    engine: 'local',
    model: null,
    score: 100,
    autoFail: false,
    results: questionIds.map((questionId, i) => ({
      questionId,
      value: 'yes',
      rationale: 'Said in the first message.',
      evidence: [{ quote: 'my name is Priya', speaker: 'agent', turn: 0, start_s: null }],
      check: 'verified',
      confidence: confidences[i] ?? 0.9,
    })),
  }
}

async function reviewedChat() {
  const item = await newChat()
  return markScored(t.db, item.id, scored([0.95, 0.4, 0.9])).then((v) => ({ id: item.id, ...v }))
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : error
  }
}

describe('scoring items: states, decisions and the audit trail', () => {
  it('a new item is pending; scoring stores each criterion and moves it to ai_reviewed', async () => {
    const item = await newChat()
    expect(item).toMatchObject({ bucket: 'pending', version: 1 })
    const after = await markScored(t.db, item.id, scored([0.95, 0.4, 0.9]))
    expect(after).toEqual({ bucket: 'ai_reviewed', version: 2 })
    const [row] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(row).toMatchObject({ jobStatus: 'completed', engine: 'local', aiScore: 100 })
    // the item's confidence is its weakest criterion's: low sorts first as "needs a human"
    expect(row!.confidence).toBeCloseTo(0.4)
    const results = await t.db.select().from(scoringResults).where(eq(scoringResults.itemId, item.id))
    expect(results).toHaveLength(questionIds.length)
    expect((await itemEvents(t.db, item.id)).map((e) => [e.event, e.from, e.to])).toEqual([
      ['created', null, 'pending'],
      ['scored', 'pending', 'ai_reviewed'],
    ])
  })

  it('a failed job leaves the item pending with its reason, and a retry can still score it', async () => {
    const item = await newChat()
    await markUnscored(t.db, item.id, { failed: 'The LLM did not answer' })
    const [row] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(row).toMatchObject({ bucket: 'pending', jobStatus: 'failed', failureReason: 'The LLM did not answer' })
    expect(await markScored(t.db, item.id, scored([]))).toMatchObject({ bucket: 'ai_reviewed' })
  })

  it('a not-scorable item says why and stays pending', async () => {
    const item = await newChat()
    await markUnscored(t.db, item.id, { notScorable: 'too_few_words' })
    const [row] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(row).toMatchObject({ bucket: 'pending', notScorableReason: 'too_few_words' })
  })

  it('a pending item cannot be decided (409)', async () => {
    const item = await newChat()
    expect(
      await statusOf(decideItem(t.db, { itemId: item.id, actorId: supervisorId, decision: 'accept', corrections: [] })),
    ).toBe(409)
  })

  it('a rejection names its corrections; they are kept per criterion and in the audit trail', async () => {
    const item = await reviewedChat()
    expect(
      await statusOf(decideItem(t.db, { itemId: item.id, actorId: supervisorId, decision: 'reject', corrections: [] })),
    ).toBe(400)
    expect(
      await statusOf(
        decideItem(t.db, {
          itemId: item.id,
          actorId: supervisorId,
          decision: 'reject',
          corrections: [{ questionId: 999_999, value: 'no', reasonCode: 'wrong_verdict', comment: '' }],
        }),
      ),
    ).toBe(400)
    const disputed = questionIds[1]!
    const after = await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'reject',
      corrections: [
        { questionId: disputed, value: 'no', reasonCode: 'evidence_not_in_conversation', comment: 'Not said' },
      ],
    })
    expect(after).toEqual({ bucket: 'ai_rejected', version: 3 })
    const [result] = await t.db
      .select()
      .from(scoringResults)
      .where(and(eq(scoringResults.questionId, disputed), eq(scoringResults.itemId, item.id)))
    expect(result).toMatchObject({
      aiValue: 'yes',
      correctedValue: 'no',
      reasonCode: 'evidence_not_in_conversation',
      comment: 'Not said',
    })
    const last = (await itemEvents(t.db, item.id)).at(-1)!
    expect(last).toMatchObject({ event: 'rejected', from: 'ai_reviewed', to: 'ai_rejected', actorId: supervisorId })
    expect(last.detail).toEqual({
      corrections: [
        { question_id: disputed, value: 'no', reason_code: 'evidence_not_in_conversation', comment: 'Not said' },
      ],
    })
  })

  it('of two supervisors deciding at once, one wins and the other gets a 409', async () => {
    const item = await reviewedChat()
    const outcomes = await Promise.all([
      statusOf(
        decideItem(t.db, {
          itemId: item.id,
          actorId: supervisorId,
          decision: 'accept',
          corrections: [],
          version: item.version,
        }),
      ),
      statusOf(
        decideItem(t.db, {
          itemId: item.id,
          actorId: adminId,
          decision: 'reject',
          corrections: [{ questionId: questionIds[0]!, value: 'no', reasonCode: 'wrong_verdict', comment: '' }],
          version: item.version,
        }),
      ),
    ])
    expect(outcomes.sort()).toEqual([409, 'ok'])
    const decisions = (await itemEvents(t.db, item.id)).filter((e) => e.event === 'accepted' || e.event === 'rejected')
    expect(decisions).toHaveLength(1)
  })

  it('without a version, a decision on a decided item is a 409; with the version seen it changes the decision', async () => {
    const item = await reviewedChat()
    const accepted = await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'accept',
      corrections: [],
    })
    const reject = {
      itemId: item.id,
      actorId: adminId,
      decision: 'reject' as const,
      corrections: [
        { questionId: questionIds[0]!, value: 'n/a' as const, reasonCode: 'criterion_unclear' as const, comment: '' },
      ],
    }
    expect(await statusOf(decideItem(t.db, reject))).toBe(409)
    expect(await statusOf(decideItem(t.db, { ...reject, version: accepted.version - 1 }))).toBe(409)
    expect(await decideItem(t.db, { ...reject, version: accepted.version })).toEqual({
      bucket: 'ai_rejected',
      version: accepted.version + 1,
    })
    const trail = (await itemEvents(t.db, item.id)).map((e) => `${e.event}:${e.actorId}`)
    expect(trail.slice(-2)).toEqual([`accepted:${supervisorId}`, `rejected:${adminId}`])
  })

  it('a claim shows who has the item, is refused to a second supervisor, and does not change its version', async () => {
    const item = await reviewedChat()
    expect(await claimItem(t.db, item.id, supervisorId)).toEqual({ bucket: 'ai_reviewed', version: item.version })
    expect(await statusOf(claimItem(t.db, item.id, adminId))).toBe(409)
    const [row] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(row!.claimedBy).toBe(supervisorId)
    // deciding releases the claim
    await decideItem(t.db, { itemId: item.id, actorId: supervisorId, decision: 'accept', corrections: [] })
    const [decided] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(decided).toMatchObject({ claimedBy: null, decidedBy: supervisorId, bucket: 'ai_accepted' })
  })

  it('an unknown item is a 404', async () => {
    expect(await statusOf(claimItem(t.db, 999_999, supervisorId))).toBe(404)
    expect(
      await statusOf(decideItem(t.db, { itemId: 999_999, actorId: supervisorId, decision: 'accept', corrections: [] })),
    ).toBe(404)
  })
})

describe('an accepted item becomes an evaluation', () => {
  async function evaluationOf(itemId: number) {
    const [row] = await t.db
      .select({ evaluationId: scoringItems.evaluationId })
      .from(scoringItems)
      .where(eq(scoringItems.id, itemId))
    return row!.evaluationId
  }

  it('with the AI answers and the corrections as the review, its thread where a call has a recording', async () => {
    const item = await reviewedChat()
    const corrected = questionIds[1]!
    await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'accept',
      corrections: [{ questionId: corrected, value: 'no', reasonCode: 'wrong_verdict', comment: 'Never asked' }],
    })
    const evaluationId = await evaluationOf(item.id)
    expect(evaluationId).not.toBeNull()
    const detail = (await getEvaluationDetail(t.db, evaluationId!))!
    expect(detail).toMatchObject({
      channel: 'chat',
      agent: { id: agentId },
      campaign: { id: basics.campaign.id },
      status: 'reviewed',
      reviewed_by: { id: supervisorId },
      ai_score: 100,
      duration_s: null,
      has_audio: false,
      recording: null,
      scoring_item_id: item.id,
    })
    expect(detail.thread?.map((m) => m.text)).toEqual(chat.map((m) => m.text))
    // the supervisor's "no" lowers the reviewed score below the AI's
    expect(detail.auditor_score).toBeLessThan(100)
    const answers = await t.db
      .select({
        questionId: evaluationQuestionScores.questionId,
        ai: evaluationQuestionScores.aiValue,
        auditor: evaluationQuestionScores.auditorValue,
      })
      .from(evaluationQuestionScores)
      .where(eq(evaluationQuestionScores.evaluationId, evaluationId!))
    expect(answers.find((a) => a.questionId === corrected)).toMatchObject({ ai: 'yes', auditor: 'no' })
    expect(answers.filter((a) => a.questionId !== corrected).every((a) => a.auditor === 'yes')).toBe(true)
    // it is in the evaluation list with the calls
    const list = await listEvaluations(t.db, evaluationListQuery.parse({ agent_id: agentId }))
    expect(list.results.find((e) => e.id === evaluationId)).toMatchObject({ channel: 'chat', duration_s: null })
    const last = (await itemEvents(t.db, item.id)).at(-1)!
    expect(last.detail).toMatchObject({ evaluation_id: evaluationId, previous_evaluation_id: null })
  })

  it('a rejection withdraws it; accepting again makes a new one', async () => {
    const item = await reviewedChat()
    const accepted = await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'accept',
      corrections: [],
    })
    const evaluationId = (await evaluationOf(item.id))!
    expect((await getEvaluationDetail(t.db, evaluationId))!.auditor_score).toBe(100)
    const rejected = await decideItem(t.db, {
      itemId: item.id,
      actorId: adminId,
      decision: 'reject',
      corrections: [{ questionId: questionIds[0]!, value: 'no', reasonCode: 'wrong_verdict', comment: '' }],
      version: accepted.version,
    })
    expect(await evaluationOf(item.id)).toBeNull()
    expect(await getEvaluationDetail(t.db, evaluationId)).toBeNull()
    expect((await itemEvents(t.db, item.id)).at(-1)!.detail).toMatchObject({
      evaluation_id: null,
      previous_evaluation_id: evaluationId,
    })
    await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'accept',
      corrections: [{ questionId: questionIds[0]!, value: 'no', reasonCode: 'wrong_verdict', comment: '' }],
      version: rejected.version,
    })
    const again = (await evaluationOf(item.id))!
    expect(again).not.toBe(evaluationId)
    expect((await getEvaluationDetail(t.db, again))!.auditor_score).toBeLessThan(100)
  })

  it('is not withdrawn once its agent has acknowledged it (409), and the item stays accepted', async () => {
    const item = await reviewedChat()
    const accepted = await decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'accept',
      corrections: [],
    })
    const evaluationId = (await evaluationOf(item.id))!
    await t.db.update(callEvaluations).set({ status: 'acknowledged' }).where(eq(callEvaluations.id, evaluationId))
    const reject = decideItem(t.db, {
      itemId: item.id,
      actorId: supervisorId,
      decision: 'reject',
      corrections: [{ questionId: questionIds[0]!, value: 'no', reasonCode: 'wrong_verdict', comment: '' }],
      version: accepted.version,
    })
    expect(await statusOf(reject)).toBe(409)
    const [row] = await t.db.select().from(scoringItems).where(eq(scoringItems.id, item.id))
    expect(row).toMatchObject({ bucket: 'ai_accepted', evaluationId })
  })
})
