import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoringCalibrationQuery } from '#contract/agent-scoring'
import { HttpError } from '../../../lib/http-error'
import { setupScoringWorld, type ScoringWorld } from '../test-data'
import { calibration } from './calibration'

let w: ScoringWorld
beforeAll(async () => {
  w = await setupScoringWorld()
})
afterAll(() => w.t.close())

const calibrate = (query: Record<string, unknown>) =>
  calibration(w.t.db, { id: w.as.auditor.id, role: 'auditor' }, scoringCalibrationQuery.parse(query))

const none = { wrong_verdict: 0, evidence_not_in_conversation: 0, criterion_unclear: 0, not_scorable: 0 }

describe('calibration/: the AI against the supervisors, criterion by criterion', () => {
  it('gives each criterion its agreement, κ, confusion matrix and reasons, the lowest agreement first', async () => {
    const result = await calibrate({ template_internal_id: w.q.A.internalId })
    expect(result.template).toEqual({ internal_id: w.q.A.internalId, name: 'Test inbound' })
    expect(result.labels).toEqual(['yes', 'no', 'n/a'])
    expect(result.overall).toEqual({ decisions: 4, criteria: 12, agreed: 8, agreement_pct: 66.7, kappa: 0.576 })
    expect(result.criteria).toEqual([
      {
        // AI yes ×4, standing yes yes no no: p_o 0.5, p_e 1 × 0.5 = 0.5, κ 0
        category: 'Verification',
        question: 'Did the agent verify the date of birth?',
        decisions: 4,
        agreed: 2,
        agreement_pct: 50,
        kappa: 0,
        confusion: [
          [2, 2, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        reasons: { ...none, criterion_unclear: 2 },
      },
      {
        // AI yes yes no yes, standing yes no no yes: p_o 0.75, p_e 3/4·2/4 + 1/4·2/4 = 0.5, κ 0.5
        category: 'Opening',
        question: 'Did the agent thank the caller for calling?',
        decisions: 4,
        agreed: 3,
        agreement_pct: 75,
        kappa: 0.5,
        confusion: [
          [2, 1, 0],
          [0, 1, 0],
          [0, 0, 0],
        ],
        reasons: { ...none, wrong_verdict: 1 },
      },
      {
        // a correction that keeps the AI's answer (a wrong quote) is not agreement, though κ sees the same label
        category: 'Opening',
        question: 'Did the agent give their name?',
        decisions: 4,
        agreed: 3,
        agreement_pct: 75,
        kappa: 1,
        confusion: [
          [1, 0, 0],
          [0, 2, 0],
          [0, 0, 1],
        ],
        reasons: { ...none, evidence_not_in_conversation: 1 },
      },
    ])
  })

  it('counts only the decisions the filters keep', async () => {
    const late = await calibrate({ template_internal_id: w.q.A.internalId, date_from: '2026-01-22' })
    expect(late.overall).toMatchObject({ decisions: 2, criteria: 6, agreed: 3 })
    const email = await calibrate({ template_internal_id: w.q.A.internalId, channel: 'email' })
    expect(email.overall).toEqual({ decisions: 0, criteria: 0, agreed: 0, agreement_pct: null, kappa: null })
    expect(email.criteria.map((c) => c.decisions)).toEqual([0, 0, 0])
  })

  it("lists a template's criteria before any decision, without figures", async () => {
    const result = await calibrate({ template_internal_id: w.q.B.internalId })
    expect(result.criteria.map((c) => [c.question, c.decisions, c.agreement_pct, c.kappa])).toEqual([
      ['Did the agent thank the caller for calling?', 0, null, null],
      ['Did the agent give their name?', 0, null, null],
      ['Did the agent verify the date of birth?', 0, null, null],
    ])
  })

  it('is a 404 for a template that does not exist', async () => {
    const error = await calibrate({ template_internal_id: '00000000-0000-4000-8000-000000000000' }).catch((e) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).statusCode).toBe(404)
  })
})
