import { describe, expect, it } from 'vitest'
import type { AnswerValue } from '#contract/evaluations'
import { auditorScores } from './review'

const row = (categoryScoreId: number, questionId: number, expected: 'yes' | 'no', extra: object = {}) => ({
  categoryScoreId,
  categoryId: categoryScoreId * 10,
  categoryName: `C${categoryScoreId}`,
  categoryWeight: 1,
  autoFailed: false,
  questionId,
  questionWeight: 1,
  expected,
  ...extra,
})

describe('auditorScores', () => {
  it("passes 'no' where 'no' is expected and 'yes' where 'yes' is; n/a is left out", () => {
    const rows = [row(1, 1, 'no'), row(1, 2, 'yes'), row(1, 3, 'yes', { questionWeight: 2 })]
    const score = (values: AnswerValue[]) => auditorScores(rows, (i) => values[i])
    expect(score(['no', 'yes', 'yes']).call).toEqual({ score: 100, auto_fail: false })
    expect(score(['yes', 'yes', 'yes']).call.score).toBe(75)
    expect(score(['yes', 'no', 'yes']).call.score).toBe(50)
    expect(score(['n/a', 'n/a', 'no']).call.score).toBe(0)
    expect(score(['n/a', 'n/a', 'n/a']).call).toEqual({ score: null, auto_fail: false })
  })

  it('weights categories and fails the call on a failed auto-fail question', () => {
    const rows = [row(1, 1, 'yes'), row(1, 2, 'yes'), row(2, 3, 'no', { autoFailed: true, categoryWeight: 3 })]
    const ok = auditorScores(rows, (i) => (['yes', 'no', 'no'] as const)[i])
    expect(ok.categories.map((c) => [c.categoryScoreId, c.score, c.failed])).toEqual([
      [1, 50, false],
      [2, 100, false],
    ])
    expect(ok.call).toEqual({ score: 87.5, auto_fail: false })
    const failed = auditorScores(rows, (i) => (['yes', 'yes', 'yes'] as const)[i])
    expect(failed.categories[1]).toMatchObject({ score: 0, failed: true })
    expect(failed.call).toEqual({ score: 0, auto_fail: true })
  })
})
