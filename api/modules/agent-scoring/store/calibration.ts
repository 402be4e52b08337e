import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import {
  rejectReasons,
  type RejectReason,
  type ScoringCalibration,
  type ScoringCalibrationCriterion,
  type ScoringCalibrationQuery,
} from '#contract/agent-scoring'
import { scoringItems, scoringResults, templateCategories, templateQuestions, templates } from '../../../db/schema'
import type { Conn } from '../../../db/sql'
import type { Actor } from '../../../auth/access'
import {
  agreementPct,
  ANSWER_LABELS,
  confusionTotal,
  emptyConfusion,
  roundedKappa,
  tally,
  type AnswerLabel,
  type Confusion,
} from '../../../lib/agreement'
import { notFound } from '../../../lib/http-error'
import { decided, scoringConditions } from './filters'

/*
 * How far the supervisors agree with the AI, criterion by criterion, over the decided items'
 * results (docs/decisions/015). A criterion is a question of a template in all its versions: its
 * category's name and its text, as the dashboards' AI–auditor agreement groups them. A result is
 * agreed when the supervisor gave no correction; κ compares the AI's answer with the one that stands.
 */

/** A criterion: the template, its category's name and its text. */
export type CriterionKey = { internalId: string; category: string; question: string }

/** Decided results counted by criterion, AI answer, correction and reason: one row per kind, not per item. */
export function criterionTallies(db: Conn, where: SQL[]) {
  return db
    .select({
      internalId: templates.internalId,
      category: templateCategories.name,
      question: templateQuestions.questionText,
      aiValue: scoringResults.aiValue,
      correctedValue: scoringResults.correctedValue,
      reasonCode: scoringResults.reasonCode,
      n: count(),
    })
    .from(scoringResults)
    .innerJoin(scoringItems, eq(scoringItems.id, scoringResults.itemId))
    .innerJoin(templateQuestions, eq(templateQuestions.id, scoringResults.questionId))
    .innerJoin(templateCategories, eq(templateCategories.id, templateQuestions.categoryId))
    .innerJoin(templates, eq(templates.id, templateCategories.templateId))
    .where(and(decided, ...where))
    .groupBy(
      templates.internalId,
      templateCategories.name,
      templateQuestions.questionText,
      scoringResults.aiValue,
      scoringResults.correctedValue,
      scoringResults.reasonCode,
    )
}
type Tally = Awaited<ReturnType<typeof criterionTallies>>[number]

/** What a set of results adds up to: their confusion matrix (AI rows, supervisor columns), the agreed and the reasons. */
export type Agreement = { confusion: Confusion; agreed: number; reasons: Record<RejectReason, number> }

const emptyAgreement = (): Agreement => ({
  confusion: emptyConfusion(),
  agreed: 0,
  reasons: Object.fromEntries(rejectReasons.map((r) => [r, 0])) as Record<RejectReason, number>,
})

function add(to: Agreement, t: Tally) {
  tally(to.confusion, t.aiValue as AnswerLabel, (t.correctedValue ?? t.aiValue) as AnswerLabel, t.n)
  if (t.correctedValue === null) to.agreed += t.n
  if (t.reasonCode) to.reasons[t.reasonCode] += t.n
}

/** All the tallies together. */
export function agreementOf(tallies: Tally[]): Agreement {
  const all = emptyAgreement()
  for (const t of tallies) add(all, t)
  return all
}

const keyOf = (c: CriterionKey) => JSON.stringify([c.internalId, c.category, c.question])

/** The tallies per criterion. */
export function agreementByCriterion(tallies: Tally[]) {
  const by = new Map<string, CriterionKey & Agreement>()
  for (const t of tallies) {
    const key = keyOf(t)
    let entry = by.get(key)
    if (!entry) {
      entry = { internalId: t.internalId, category: t.category, question: t.question, ...emptyAgreement() }
      by.set(key, entry)
    }
    add(entry, t)
  }
  return by
}

/** The figures an answer shows of an agreement: its size, agreed, percentage and κ. */
export function figuresOf(a: Agreement) {
  const answers = confusionTotal(a.confusion)
  return { agreed: a.agreed, agreement_pct: agreementPct(a.agreed, answers), kappa: roundedKappa(a.confusion) }
}

/** Decided items under these conditions. */
export async function decisionsCount(db: Conn, where: SQL[]) {
  const [row] = await db
    .select({ n: count() })
    .from(scoringItems)
    .where(and(decided, ...where))
  return row?.n ?? 0
}

/**
 * GET calibration/: every question of the template's versions, lowest agreement first (those never
 * decided last), as the list of rubric fixes to make. 404 for a template that does not exist.
 */
export async function calibration(db: Conn, actor: Actor, query: ScoringCalibrationQuery): Promise<ScoringCalibration> {
  const internalId = query.template_internal_id
  const [template] = await db
    .select({ name: templates.name })
    .from(templates)
    .where(and(eq(templates.internalId, internalId), eq(templates.isLatest, true)))
  if (!template) throw notFound('Template not found')
  const questions = await db
    .selectDistinct({
      category: templateCategories.name,
      question: templateQuestions.questionText,
      version: templates.version,
      categoryPosition: templateCategories.position,
      position: templateQuestions.position,
    })
    .from(templates)
    .innerJoin(templateCategories, eq(templateCategories.templateId, templates.id))
    .innerJoin(templateQuestions, eq(templateQuestions.categoryId, templateCategories.id))
    .where(eq(templates.internalId, internalId))
    // the latest version's order first; questions only older versions had after them
    .orderBy(sql`${templates.version} desc`, asc(templateCategories.position), asc(templateQuestions.position))
  const where = scoringConditions(db, actor, query)
  const [tallies, decisions] = await Promise.all([criterionTallies(db, where), decisionsCount(db, where)])
  const byCriterion = agreementByCriterion(tallies)
  const criteria = new Map<string, ScoringCalibrationCriterion>()
  for (const q of questions) {
    const key = keyOf({ internalId, ...q })
    if (criteria.has(key)) continue
    const a = byCriterion.get(key) ?? emptyAgreement()
    criteria.set(key, {
      category: q.category,
      question: q.question,
      decisions: confusionTotal(a.confusion),
      ...figuresOf(a),
      confusion: a.confusion,
      reasons: a.reasons,
    })
  }
  const overall = agreementOf(tallies)
  // never decided: after every percentage
  const rank = (c: ScoringCalibrationCriterion) => c.agreement_pct ?? 101
  return {
    template: { internal_id: internalId, name: template.name },
    labels: [...ANSWER_LABELS],
    overall: { decisions, criteria: confusionTotal(overall.confusion), ...figuresOf(overall) },
    // stable: among equals, the template's own order
    criteria: [...criteria.values()].sort((a, b) => rank(a) - rank(b) || b.decisions - a.decisions),
  }
}
