import { and, asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  AnswerValue,
  EvaluationStatus,
  ManualReview,
  ManualReviewBody,
  ManualReviewCategory,
} from '#contract/evaluations'
import type { Db } from '../../../db/client'
import {
  callEvaluations,
  evaluationCategoryScores,
  evaluationQuestionScores,
  evaluationStatusHistory,
  templateCategories,
  templateQuestions,
  users,
} from '../../../db/schema'
import {
  callScore,
  categoryScore,
  type CategoryScore,
  type QuestionScore,
  type TemplateQuestion,
} from '../../../engines/scoring/score'
import { hhmmss } from '../../../engines/scoring/text'
import { HttpError, notFound } from '../../../lib/http-error'
import { type Actor } from '../../../auth/access'
import { assertCanView, assertNotLocked, EVALUATION_NOT_FOUND } from './access'
import { fullName, type Conn, type Tx } from '../../../db/sql'

const updater = alias(users, 'updater')
const reviewer = alias(users, 'reviewer')

/** Every question score of an evaluation with its question and category, in template order. */
async function reviewRows(db: Conn, evaluationId: number) {
  return db
    .select({
      id: evaluationQuestionScores.id,
      aiValue: evaluationQuestionScores.aiValue,
      auditorValue: evaluationQuestionScores.auditorValue,
      keyWord: evaluationQuestionScores.evaluationKeyWord,
      startSeconds: evaluationQuestionScores.startSeconds,
      justification: evaluationQuestionScores.justification,
      updatedBy: fullName(updater),
      updatedById: updater.id,
      updatedAt: evaluationQuestionScores.updatedAt,
      questionId: templateQuestions.id,
      questionText: templateQuestions.questionText,
      expected: templateQuestions.expectedAnswer,
      questionWeight: templateQuestions.weight,
      categoryScoreId: evaluationCategoryScores.id,
      categoryId: templateCategories.id,
      categoryName: templateCategories.name,
      categoryWeight: templateCategories.weight,
      autoFailed: templateCategories.autoFailed,
      categoryAiScore: evaluationCategoryScores.aiScore,
      categoryAiFailed: evaluationCategoryScores.aiFailed,
      categoryAuditorScore: evaluationCategoryScores.auditorScore,
      categoryAuditorFailed: evaluationCategoryScores.auditorFailed,
    })
    .from(evaluationQuestionScores)
    .innerJoin(templateQuestions, eq(templateQuestions.id, evaluationQuestionScores.questionId))
    .innerJoin(evaluationCategoryScores, eq(evaluationCategoryScores.id, evaluationQuestionScores.categoryScoreId))
    .innerJoin(templateCategories, eq(templateCategories.id, evaluationCategoryScores.categoryId))
    .leftJoin(updater, eq(updater.id, evaluationQuestionScores.updatedBy))
    .where(eq(evaluationQuestionScores.evaluationId, evaluationId))
    .orderBy(asc(templateCategories.position), asc(templateQuestions.position), asc(evaluationQuestionScores.id))
}

type ReviewRow = Awaited<ReturnType<typeof reviewRows>>[number]

/** Consecutive rows of one category, in the order the rows came (template order). */
function byCategory<T extends { categoryScoreId: number }>(rows: T[]) {
  const groups: T[][] = []
  for (const row of rows) {
    const last = groups.at(-1)
    if (last && last[0].categoryScoreId === row.categoryScoreId) last.push(row)
    else groups.push([row])
  }
  return groups
}

/** manual_review (GET): the rows grouped by category, with the AI's and the auditor's scores. */
export async function manualReviewOf(db: Conn, user: Actor, evaluationId: number): Promise<ManualReview> {
  const [head] = await db
    .select({
      agentId: callEvaluations.agentId,
      aiScore: callEvaluations.aiScore,
      auditorScore: callEvaluations.auditorScore,
      aiAutoFail: callEvaluations.aiAutoFail,
      auditorAutoFail: callEvaluations.auditorAutoFail,
      reviewedBy: fullName(reviewer),
      reviewerId: reviewer.id,
      reviewedAt: callEvaluations.reviewedAt,
    })
    .from(callEvaluations)
    .leftJoin(reviewer, eq(reviewer.id, callEvaluations.reviewedBy))
    .where(eq(callEvaluations.id, evaluationId))
  if (!head) throw notFound(EVALUATION_NOT_FOUND)
  assertCanView(user, head.agentId)
  const rows = await reviewRows(db, evaluationId)
  const categories = byCategory(rows).map((group): ManualReviewCategory => {
    const c = group[0]
    const template_category = { internal_id: c.categoryId, name: c.categoryName, auto_failed: c.autoFailed }
    // the auditor's category score once a review computed one (it may be null: nothing applied)
    const reviewed = c.categoryAuditorFailed !== null
    const shown = reviewed ? c.categoryAuditorScore : c.categoryAiScore
    return {
      template_category,
      ai_score: c.categoryAiScore,
      auditor_score: c.categoryAuditorScore,
      ai_failed: c.categoryAiFailed,
      auditor_failed: c.categoryAuditorFailed,
      questions: group.map((r) => ({
        internal_id: r.id,
        value: r.auditorValue ?? r.aiValue,
        template_category,
        category_evaluation_score: { value: shown },
        template_category_question: { question_text: r.questionText },
        category_question_evaluation_scores: {
          value: r.aiValue,
          evaluation_key_word: r.keyWord,
          start_time: r.startSeconds === null ? null : hhmmss(r.startSeconds),
        },
        start_seconds: r.startSeconds,
        justification: r.justification,
        expected_answer: r.expected,
        updated_by: r.updatedById === null ? null : r.updatedBy,
        updated_at: r.updatedAt?.toISOString() ?? null,
      })),
    }
  })
  return {
    call_evaluation_id: evaluationId,
    ai_score: head.aiScore,
    auditor_score: head.auditorScore,
    auto_fail: head.auditorAutoFail ?? head.aiAutoFail,
    reviewed_by: head.reviewerId === null ? null : head.reviewedBy,
    reviewed_at: head.reviewedAt?.toISOString() ?? null,
    categories,
  }
}

/**
 * The auditor's scores from the rows' current values, with the engine's own rules: yes passes when
 * yes is expected, no when no is, n/a is left out; a failed question in an auto-fail category fails the call.
 */
type ScoredRow = Pick<
  ReviewRow,
  | 'categoryScoreId'
  | 'categoryId'
  | 'categoryName'
  | 'categoryWeight'
  | 'autoFailed'
  | 'questionId'
  | 'questionWeight'
  | 'expected'
>

export function auditorScores(rows: ScoredRow[], valueOf: (index: number) => AnswerValue) {
  const groups = byCategory(rows.map((row, index) => ({ ...row, index })))
  const categories = groups.map((group): CategoryScore & { categoryScoreId: number } => {
    const questions: TemplateQuestion[] = group.map((r) => ({
      id: r.questionId,
      text: '',
      weight: r.questionWeight,
      expected: r.expected,
      phrases: [],
      speaker: 'any',
    }))
    const answers: QuestionScore[] = group.map((r) => {
      const value = valueOf(r.index)
      return {
        question_id: r.questionId,
        value,
        passed: value === 'n/a' ? null : value === r.expected,
        evaluation_key_word: null,
        start_time: null,
        start_seconds: null,
        justification: '',
      }
    })
    const c = group[0]
    return {
      categoryScoreId: c.categoryScoreId,
      category_id: c.categoryId,
      name: c.categoryName,
      auto_failed: c.autoFailed,
      score: categoryScore(questions, answers),
      failed: c.autoFailed && answers.some((a) => a.passed === false),
      questions: answers,
    }
  })
  const call = callScore(
    categories,
    groups.map((g) => g[0].categoryWeight),
  )
  return { categories, call }
}

/**
 * manual_review (PUT): saves the auditor's values, recomputes the auditor's category and call
 * scores, marks the call reviewed. Refused while another reviewer holds the call.
 */
export async function saveManualReview(db: Db, user: Actor, body: ManualReviewBody): Promise<ManualReview> {
  await db.transaction(async (tx) => {
    const [head] = await tx
      .select({ id: callEvaluations.id, status: callEvaluations.status })
      .from(callEvaluations)
      .where(eq(callEvaluations.id, body.call_evaluation_id))
      .for('update')
    if (!head) throw notFound(EVALUATION_NOT_FOUND)
    await assertNotLocked(tx, head.id, user.id)
    const rows = await reviewRows(tx, head.id)
    if (!rows.length) throw new HttpError(409, 'This call has no AI answers to review yet.')
    const known = new Set(rows.map((r) => r.id))
    const unknown = [...new Set(body.rows.map((r) => r.internal_id).filter((id) => !known.has(id)))]
    if (unknown.length) {
      throw new HttpError(400, 'Some rows are not part of this evaluation', {
        rows: unknown.map((id) => `Row ${id} is not part of this evaluation`),
      })
    }
    const submitted = new Map(body.rows.map((r) => [r.internal_id, r.value]))
    await applyReview(tx, { ...head, reviewerId: user.id, comment: 'Manual review saved' }, rows, (row) =>
      submitted.get(row.id),
    )
  })
  return manualReviewOf(db, user, body.call_evaluation_id)
}

/**
 * A reviewer's answers on an evaluation (whoever gives them: the manual review, or a supervisor
 * accepting an AI agent scoring item): `valueOf` names the questions they answered; the others keep
 * their earlier review, else the AI's answer stands. Recomputes the reviewer's scores and moves an
 * unreviewed evaluation to reviewed.
 */
export async function recordReview(
  tx: Tx,
  head: { id: number; status: EvaluationStatus; reviewerId: number; comment: string },
  valueOf: (questionId: number) => AnswerValue | undefined,
) {
  const rows = await reviewRows(tx, head.id)
  await applyReview(tx, head, rows, (row) => valueOf(row.questionId))
}

async function applyReview(
  tx: Tx,
  head: { id: number; status: EvaluationStatus; reviewerId: number; comment: string },
  rows: ReviewRow[],
  valueOf: (row: ReviewRow) => AnswerValue | undefined,
) {
  const now = new Date()
  const given = rows.flatMap((row) => {
    const value = valueOf(row)
    return value === undefined ? [] : [{ id: row.id, value }]
  })
  for (const value of ['yes', 'no', 'n/a'] as const) {
    const ids = given.filter((g) => g.value === value).map((g) => g.id)
    if (!ids.length) continue
    await tx
      .update(evaluationQuestionScores)
      .set({ auditorValue: value, updatedBy: head.reviewerId, updatedAt: now })
      .where(and(eq(evaluationQuestionScores.evaluationId, head.id), inArray(evaluationQuestionScores.id, ids)))
  }
  const { categories, call } = auditorScores(rows, (i) => valueOf(rows[i]) ?? rows[i].auditorValue ?? rows[i].aiValue)
  for (const c of categories) {
    await tx
      .update(evaluationCategoryScores)
      .set({ auditorScore: c.score, auditorFailed: c.failed })
      .where(eq(evaluationCategoryScores.id, c.categoryScoreId))
  }
  const moves = head.status === 'ai_evaluated' || head.status === 'under_review'
  await tx
    .update(callEvaluations)
    .set({
      auditorScore: call.score,
      auditorAutoFail: call.auto_fail,
      reviewedBy: head.reviewerId,
      reviewedAt: now,
      updatedAt: now,
      ...(moves && { status: 'reviewed' as const }),
    })
    .where(eq(callEvaluations.id, head.id))
  if (moves) {
    await tx.insert(evaluationStatusHistory).values({
      evaluationId: head.id,
      fromStatus: head.status,
      toStatus: 'reviewed',
      changedBy: head.reviewerId,
      comment: head.comment,
      createdAt: now,
    })
  }
}
