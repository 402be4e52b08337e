import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualReview, type ManualReview } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { callEvaluations, evaluationCategoryScores, evaluationStatusHistory } from '#api/db/schema'
import { hhmmss } from '#api/engines/scoring/text'
import { makeEvaluation, unverifiedCall, type EvaluationBasics } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import type { TestApp } from '#api/test-utils'

let t: TestApp
let as: Record<Who, Person>
let basics: EvaluationBasics
let versionId: number

const newEvaluation = async (segments?: typeof unverifiedCall) =>
  (
    await makeEvaluation(t.db, basics, {
      agentId: as.agent.id,
      templateVersionId: versionId,
      ...(segments && { segments }),
    })
  ).id
const read = async (id: number, who: Who = 'auditor') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${paths.manualReview}?call_evaluation_id=${id}`,
    headers: as[who].auth,
  })
  return res
}
const review = async (id: number): Promise<ManualReview> => {
  const res = await read(id)
  expect(res.statusCode, res.body).toBe(200)
  return manualReview.parse(res.json().data)
}
const save = (id: number, rows: { internal_id: number; value: string }[], who: Who = 'auditor') =>
  t.app.inject({
    method: 'PUT',
    url: paths.manualReview,
    payload: { call_evaluation_id: id, rows },
    headers: as[who].auth,
  })
/** The row id of the question whose text contains `words`. */
const rowOf = (r: ManualReview, words: string) =>
  r.categories.flatMap((c) => c.questions).find((q) => q.template_category_question.question_text.includes(words))!
    .internal_id

beforeAll(async () => {
  ;({ t, as, basics, versionId } = await setupEvaluationWorld())
})
afterAll(() => t.close())

describe('GET manual_review/', () => {
  it('returns the rows grouped by category in template order, in the SPEC §3 shape', async () => {
    const id = await newEvaluation()
    const r = await review(id)
    expect(r).toMatchObject({
      call_evaluation_id: id,
      ai_score: 100,
      auditor_score: null,
      auto_fail: false,
      reviewed_by: null,
    })
    expect(
      r.categories.map((c) => [c.template_category.name, c.template_category.auto_failed, c.questions.length]),
    ).toEqual([
      ['Opening', false, 2],
      ['Verification', true, 1],
    ])
    expect(r.categories[0]).toMatchObject({
      ai_score: 100,
      auditor_score: null,
      ai_failed: false,
      auditor_failed: null,
    })
    const [thanks, name] = r.categories[0].questions
    expect(thanks.template_category_question.question_text).toBe('Did the agent thank the caller for calling?')
    expect(name.template_category_question.question_text).toBe('Did the agent give their name?')
    const verify = r.categories[1].questions[0]
    expect(verify).toMatchObject({
      value: 'yes',
      template_category: { name: 'Verification', auto_failed: true },
      category_evaluation_score: { value: 100 },
      category_question_evaluation_scores: { value: 'yes' },
      expected_answer: 'yes',
      updated_by: null,
      updated_at: null,
    })
    expect(verify.category_question_evaluation_scores.evaluation_key_word?.toLowerCase()).toContain('verify')
    expect(verify.start_seconds).toBeGreaterThan(8.6)
    expect(verify.category_question_evaluation_scores.start_time).toBe(hhmmss(verify.start_seconds!))
    expect(verify.category_question_evaluation_scores.start_time).toMatch(/^00:00:(0[89]|1[0-2])$/)
    expect(verify.justification).not.toBe('')
  })

  it('lets an agent read their own review only; unknown is 404, malformed 400', async () => {
    const id = await newEvaluation()
    expect((await read(id, 'agent')).statusCode).toBe(200)
    expect((await read(id, 'visitor')).statusCode).toBe(200)
    expect((await read(id, 'agent2')).statusCode).toBe(403)
    expect((await read(99999)).statusCode).toBe(404)
    expect((await read(Number.NaN)).statusCode).toBe(400)
  })

  it('has no categories before the call is scored', async () => {
    const id = await newEvaluation()
    await t.db.delete(evaluationCategoryScores).where(eq(evaluationCategoryScores.evaluationId, id))
    expect((await review(id)).categories).toEqual([])
    const res = await save(id, [{ internal_id: 1, value: 'yes' }])
    expect(res.statusCode).toBe(409)
  })
})

describe('PUT manual_review/', () => {
  it("flipping the verification to no fails the auto-fail category: the auditor's score is 0", async () => {
    const id = await newEvaluation()
    const before = await review(id)
    const res = await save(id, [{ internal_id: rowOf(before, 'verify'), value: 'no' }])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('Manual review saved successfully')
    const r = manualReview.parse(res.json().data)
    expect(r).toMatchObject({ ai_score: 100, auditor_score: 0, auto_fail: true, reviewed_by: 'Auditor Person' })
    expect(r.reviewed_at).toMatch(/^\d{4}-/)
    expect(r.categories[0]).toMatchObject({ ai_score: 100, auditor_score: 100, auditor_failed: false })
    expect(r.categories[1]).toMatchObject({ ai_score: 100, ai_failed: false, auditor_score: 0, auditor_failed: true })
    const verify = r.categories[1].questions[0]
    // the row shows the auditor's value; the AI's answer stays beside it
    expect(verify).toMatchObject({
      value: 'no',
      category_question_evaluation_scores: { value: 'yes' },
      category_evaluation_score: { value: 0 },
      updated_by: 'Auditor Person',
    })
    expect(r.categories[0].questions[0].updated_by).toBeNull()

    const [row] = await t.db.select().from(callEvaluations).where(eq(callEvaluations.id, id))
    expect(row).toMatchObject({ status: 'reviewed', auditorScore: 0, auditorAutoFail: true, reviewedBy: as.auditor.id })
    const history = await t.db
      .select()
      .from(evaluationStatusHistory)
      .where(eq(evaluationStatusHistory.evaluationId, id))
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      [null, 'ai_evaluated', null],
      ['ai_evaluated', 'reviewed', as.auditor.id],
    ])
    // the list now shows the auditor's result
    const list = await t.app.inject({
      method: 'GET',
      url: `${paths.evaluationList}?q=${id}`,
      headers: as.auditor.auth,
    })
    expect(list.json().data.results[0]).toMatchObject({ id, ai_score: 100, auditor_score: 0, auto_fail: true })
  })

  it('weights the answers as the engine does; n/a is left out; later saves build on earlier ones', async () => {
    const id = await newEvaluation()
    const r0 = await review(id)
    const name = rowOf(r0, 'name')
    const thanks = rowOf(r0, 'thank')
    // opening 1 of 2 (50) weight 1, verification 100 weight 2: (50 + 200) / 3
    let r = manualReview.parse((await save(id, [{ internal_id: name, value: 'no' }])).json().data)
    expect(r.auditor_score).toBe(83.3)
    expect(r.auto_fail).toBe(false)
    expect(r.categories[0].auditor_score).toBe(50)
    // the name question set aside: the opening is 1 of 1; the earlier save still stands for the rest
    r = manualReview.parse((await save(id, [{ internal_id: name, value: 'n/a' }], 'supervisor')).json().data)
    expect(r.categories[0].auditor_score).toBe(100)
    expect(r.auditor_score).toBe(100)
    expect(r.reviewed_by).toBe('Supervisor Person')
    // nothing applies in the opening: the category has no score and the call rests on the verification
    r = manualReview.parse((await save(id, [{ internal_id: thanks, value: 'n/a' }])).json().data)
    expect(r.categories[0].auditor_score).toBeNull()
    expect(r.categories[0].questions[0].category_evaluation_score.value).toBeNull()
    expect(r.auditor_score).toBe(100)
  })

  it("an auditor can lift the AI's auto-fail", async () => {
    const id = await newEvaluation(unverifiedCall)
    const r0 = await review(id)
    expect(r0).toMatchObject({ ai_score: 0, auto_fail: true })
    const r = manualReview.parse((await save(id, [{ internal_id: rowOf(r0, 'verify'), value: 'yes' }])).json().data)
    expect(r).toMatchObject({ ai_score: 0, auditor_score: 100, auto_fail: false })
  })

  it('refuses rows of another evaluation with 400 and changes nothing', async () => {
    const id = await newEvaluation()
    const other = await newEvaluation()
    const foreign = rowOf(await review(other), 'verify')
    const mine = rowOf(await review(id), 'verify')
    const res = await save(id, [
      { internal_id: mine, value: 'no' },
      { internal_id: foreign, value: 'no' },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.rows).toEqual([`Row ${foreign} is not part of this evaluation`])
    expect(await review(id)).toMatchObject({ auditor_score: null, auto_fail: false })
    expect((await save(id, [])).statusCode).toBe(400)
    expect((await save(id, [{ internal_id: mine, value: 'maybe' }])).statusCode).toBe(400)
    expect((await save(99999, [{ internal_id: mine, value: 'no' }])).statusCode).toBe(404)
  })

  it('only reviewers save, and not while another reviewer holds the call', async () => {
    const id = await newEvaluation()
    const row = rowOf(await review(id), 'verify')
    for (const who of ['agent', 'visitor'] as const) {
      const res = await save(id, [{ internal_id: row, value: 'no' }], who)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('You do not have permission to perform this action.')
    }
    const held = await t.app.inject({
      method: 'PUT',
      url: paths.accessStartEndTime,
      payload: { action: 'start', call_evaluation_id: id },
      headers: as.auditor2.auth,
    })
    expect(held.statusCode).toBe(200)
    const res = await save(id, [{ internal_id: row, value: 'no' }])
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('Auditor2 Person is reviewing this call')
    expect((await save(id, [{ internal_id: row, value: 'no' }], 'auditor2')).statusCode).toBe(200)
  })

  it('keeps a disputed call disputed when it is reviewed again', async () => {
    const id = await newEvaluation()
    await t.db.update(callEvaluations).set({ status: 'disputed' }).where(eq(callEvaluations.id, id))
    const row = rowOf(await review(id), 'verify')
    expect((await save(id, [{ internal_id: row, value: 'no' }])).statusCode).toBe(200)
    const [after] = await t.db.select().from(callEvaluations).where(eq(callEvaluations.id, id))
    expect(after.status).toBe('disputed')
    expect(after.auditorScore).toBe(0)
  })
})
