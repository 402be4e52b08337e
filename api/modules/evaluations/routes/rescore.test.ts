import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluationSummary } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { callEvaluations, recordings } from '#api/db/schema'
import { makeEvaluation, type EvaluationBasics } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import { SCORE_EVALUATION } from '#api/modules/evaluations/job'
import type { Queue } from '#api/jobs/queue'
import type { TestApp } from '#api/test-utils'

type World = { t: TestApp; as: Record<Who, Person>; basics: EvaluationBasics; versionId: number }
let inline: World
let queued: World
const sent: { name: string; data: object; options?: object }[] = []

/** Only what the API sends through: the job lands in `sent`. */
const fakeQueue = {
  workers: 0,
  async send(name: string, data: object, options?: object) {
    sent.push({ name, data, options })
    return 'job-1'
  },
  async register() {},
  async schedule() {},
  async ping() {
    return true
  },
  async stop() {},
} as unknown as Queue

const rescore = (w: World, id: number, who: Who) =>
  w.t.app.inject({ method: 'POST', url: paths.rescore, payload: { call_evaluation_id: id }, headers: w.as[who].auth })
const newEvaluation = async (w: World) =>
  (await makeEvaluation(w.t.db, w.basics, { agentId: w.as.agent.id, templateVersionId: w.versionId })).id

beforeAll(async () => {
  inline = await setupEvaluationWorld()
  queued = await setupEvaluationWorld({ queue: fakeQueue })
})
afterAll(async () => {
  await inline.t.close()
  await queued.t.close()
})

describe('POST rescore/', () => {
  it('without a queue scores at once, keeping what the auditor set', async () => {
    const id = await newEvaluation(inline)
    await inline.t.db
      .update(callEvaluations)
      .set({ aiScore: null, scoringStatus: 'failed', scoringError: 'x', auditorScore: 55 })
      .where(eq(callEvaluations.id, id))
    const res = await rescore(inline, id, 'auditor')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('The call was scored again')
    const summary = evaluationSummary.parse(res.json().data)
    expect(summary).toMatchObject({ id, ai_score: 100, scoring_status: 'completed', auditor_score: 55 })
  })

  it('with a queue sends the job and answers at once with the call in the queue', async () => {
    const id = await newEvaluation(queued)
    const res = await rescore(queued, id, 'supervisor')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe('The call is queued for scoring')
    expect(evaluationSummary.parse(res.json().data)).toMatchObject({ id, scoring_status: 'in_queue', ai_score: 100 })
    expect(sent).toEqual([
      { name: SCORE_EVALUATION, data: { evaluation_id: id }, options: { singletonKey: `evaluation-${id}` } },
    ])
  })

  it('only reviewers rescore; a call without a transcript is 422; unknown is 404', async () => {
    const id = await newEvaluation(queued)
    sent.length = 0
    for (const who of ['agent', 'visitor'] as const) expect((await rescore(queued, id, who)).statusCode).toBe(403)
    const [row] = await queued.t.db.select().from(callEvaluations).where(eq(callEvaluations.id, id))
    await queued.t.db
      .update(recordings)
      .set({ segments: [], status: 'started' })
      .where(eq(recordings.id, row.recordingId!))
    const res = await rescore(queued, id, 'admin')
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe('The recording has no transcript yet, so there is nothing to score.')
    expect(sent).toEqual([])
    expect((await rescore(queued, 99999, 'admin')).statusCode).toBe(404)
    const bad = await queued.t.app.inject({
      method: 'POST',
      url: paths.rescore,
      payload: { call_evaluation_id: 'x' },
      headers: queued.as.admin.auth,
    })
    expect(bad.statusCode).toBe(400)
  })
})
