import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, setupTestApp, type TestApp } from '#api/test-utils'
import { evaluationQuestionScores } from '../../../db/schema'
import { latestVersionId } from '../../templates/store'
import { goodCall, makeEvaluation, seedEvaluationBasics, unverifiedCall, type EvaluationBasics } from '../fixtures'

let t: TestApp
let basics: EvaluationBasics
let agentId: number
let versionId: number

beforeAll(async () => {
  t = await setupTestApp()
  const supervisor = await createUser(t, { role: 'qa_supervisor' })
  agentId = (await createUser(t, { role: 'agent' })).id
  basics = await seedEvaluationBasics(t.db, supervisor.id)
  versionId = (await latestVersionId(t.db, basics.template.template_internal_id))!
})
afterAll(() => t.close())

describe('a recorded call scored on creation', () => {
  it('stores the AI score and every question with its evidence', async () => {
    const evaluation = await makeEvaluation(t.db, basics, { agentId, templateVersionId: versionId, segments: goodCall })
    expect(evaluation.aiScore).toBe(100)
    expect(evaluation.aiAutoFail).toBe(false)
    expect(evaluation.scoringStatus).toBe('completed')
    const rows = await t.db
      .select()
      .from(evaluationQuestionScores)
      .where(eq(evaluationQuestionScores.evaluationId, evaluation.id))
    expect(rows).toHaveLength(3)
    const verify = rows.find((r) => r.evaluationKeyWord?.toLowerCase().includes('verify'))
    expect(verify?.aiValue).toBe('yes')
    // the time of the words inside the agent's 8.6–12.4 s line
    expect(verify?.startSeconds).toBeGreaterThan(8.6)
    expect(verify?.startSeconds).toBeLessThan(12.4)
  })

  it('scores 0 with auto-fail when the verification is missing', async () => {
    const evaluation = await makeEvaluation(t.db, basics, {
      agentId,
      templateVersionId: versionId,
      segments: unverifiedCall,
    })
    expect(evaluation.aiScore).toBe(0)
    expect(evaluation.aiAutoFail).toBe(true)
  })
})
