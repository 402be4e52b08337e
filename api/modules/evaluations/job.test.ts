import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client'
import { callEvaluations, evaluationQuestionScores, recordings, users } from '#api/db/schema'
import { registerScoring, requestScoring, runScoringJob } from '#api/modules/evaluations/job'
import { type Queue, startQueue } from '#api/jobs/queue'
import { createTestDatabase, until } from '#api/test-utils'
import { goodCall, makeEvaluation, seedEvaluationBasics, unverifiedCall, type EvaluationBasics } from './fixtures'
import { latestVersionId } from '../templates/store'

const silent = { info() {}, error() {} }
let database: Database
let queue: Queue
let basics: EvaluationBasics
let agentId: number
let versionId: number

beforeAll(async () => {
  database = await createTestDatabase()
  queue = await startQueue(database, { workers: 1, log: silent })
  const [author, agent] = await database.db
    .insert(users)
    .values([
      { email: 'qa@test.local', passwordHash: 'x', role: 'qa_supervisor' },
      { email: 'agent@test.local', passwordHash: 'x', role: 'agent' },
    ])
    .returning()
  agentId = agent.id
  basics = await seedEvaluationBasics(database.db, author.id)
  versionId = (await latestVersionId(database.db, basics.template.template_internal_id))!
  await registerScoring(queue, database.db, null)
})
afterAll(async () => {
  await queue.stop()
  await database.close()
})

const evaluation = async (id: number) =>
  (await database.db.select().from(callEvaluations).where(eq(callEvaluations.id, id)))[0]

describe('the scoring job', () => {
  it('re-scores through the queue: in queue, then completed with the new transcript', async () => {
    const created = await makeEvaluation(database.db, basics, {
      agentId,
      templateVersionId: versionId,
      segments: goodCall,
    })
    expect(created.aiScore).toBe(100)
    // the transcript was corrected: the verification is not in it after all
    await database.db
      .update(recordings)
      .set({ segments: unverifiedCall, customerSentiment: null, agentSentiment: null })
      .where(eq(recordings.id, created.recordingId))
    expect(await requestScoring(queue, database.db, created.id)).toBe(true)
    expect((await evaluation(created.id)).scoringStatus).toBe('in_queue')
    const done = await until(async () => {
      const row = await evaluation(created.id)
      return row.scoringStatus === 'completed' && row
    })
    expect(done).toMatchObject({ aiScore: 0, aiAutoFail: true, engine: 'local', scoringError: null })
    // the new transcript's sentiment goes with it, for the dashboards
    const [recording] = await database.db.select().from(recordings).where(eq(recordings.id, created.recordingId))
    expect(recording.customerSentiment).not.toBeNull()
    expect(recording.agentSentiment).not.toBeNull()
  })

  it("keeps the auditor's values when the AI's side is re-scored", async () => {
    const created = await makeEvaluation(database.db, basics, { agentId, templateVersionId: versionId })
    await database.db
      .update(evaluationQuestionScores)
      .set({ auditorValue: 'n/a' })
      .where(eq(evaluationQuestionScores.evaluationId, created.id))
    await runScoringJob(database.db, null, { evaluation_id: created.id })
    const rows = await database.db
      .select()
      .from(evaluationQuestionScores)
      .where(eq(evaluationQuestionScores.evaluationId, created.id))
    expect(rows).toHaveLength(3)
    expect(rows.every((r) => r.auditorValue === 'n/a' && r.aiValue === 'yes')).toBe(true)
  })

  it('fails with the reason when there is no transcript to score, without retrying', async () => {
    const created = await makeEvaluation(database.db, basics, { agentId, templateVersionId: versionId })
    await database.db.update(recordings).set({ segments: [] }).where(eq(recordings.id, created.recordingId))
    const result = await runScoringJob(database.db, null, { evaluation_id: created.id })
    expect(result).toEqual({ failed: 'The recording has no transcript yet' })
    expect(await evaluation(created.id)).toMatchObject({
      scoringStatus: 'failed',
      scoringError: 'The recording has no transcript yet',
    })
  })

  it('without a queue, asks the caller to score inline', async () => {
    expect(await requestScoring(undefined, database.db, 1)).toBe(false)
  })
})
