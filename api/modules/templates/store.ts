import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { likePattern } from '../../lib/like'
import type { Template, TemplateInput, TemplateSummary } from '#contract/templates'
import type { Db } from '../../db/client'
import { callEvaluations, templateCategories, templateQuestions, templates, users } from '../../db/schema'
import type { Tx } from '../../db/sql'

const questionCount = sql<number>`(select count(*) from ${templateQuestions} q
  join ${templateCategories} c on c.id = q.category_id where c.template_id = ${templates.id})`.mapWith(Number)
const categoryCount = sql<number>`(select count(*) from ${templateCategories} c
  where c.template_id = ${templates.id})`.mapWith(Number)

const summaryColumns = {
  id: templates.id,
  template_internal_id: templates.internalId,
  version: templates.version,
  name: templates.name,
  description: templates.description,
  status: templates.status,
  category_count: categoryCount,
  question_count: questionCount,
  updated_by: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  updated_at: templates.createdAt,
}

function toSummary({
  id: _id,
  updated_at,
  ...row
}: { id: number; updated_at: Date } & Omit<TemplateSummary, 'updated_at'>) {
  return { ...row, updated_at: updated_at.toISOString() }
}

export type TemplateFilter = { q?: string; status: 'active' | 'archived' | 'all'; limit: number; offset: number }

export async function listTemplates(db: Db, filter: TemplateFilter) {
  const conditions = [eq(templates.isLatest, true)]
  if (filter.status !== 'all') conditions.push(eq(templates.status, filter.status))
  if (filter.q) {
    const like = likePattern(filter.q)
    conditions.push(or(ilike(templates.name, like), ilike(templates.description, like))!)
  }
  const where = and(...conditions)
  const [rows, [{ count }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(templates)
      .leftJoin(users, eq(users.id, templates.createdBy))
      .where(where)
      .orderBy(desc(templates.createdAt), desc(templates.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(templates)
      .where(where),
  ])
  return { rows: rows.map(toSummary), count }
}

/** The latest version of a template, with its categories and questions in order. */
export async function getTemplate(db: Db | Tx, internalId: string): Promise<Template | null> {
  return loadTemplate(db, and(eq(templates.internalId, internalId), eq(templates.isLatest, true))!)
}

/** One stored version by its row id: the version an evaluation was scored with. */
export async function getTemplateVersion(db: Db | Tx, versionId: number): Promise<Template | null> {
  return loadTemplate(db, eq(templates.id, versionId))
}

async function loadTemplate(db: Db | Tx, where: SQL): Promise<Template | null> {
  const [head] = await db
    .select(summaryColumns)
    .from(templates)
    .leftJoin(users, eq(users.id, templates.createdBy))
    .where(where)
  if (!head) return null
  const categories = await db
    .select()
    .from(templateCategories)
    .where(eq(templateCategories.templateId, head.id))
    .orderBy(asc(templateCategories.position))
  const questions = categories.length
    ? await db
        .select()
        .from(templateQuestions)
        .where(
          inArray(
            templateQuestions.categoryId,
            categories.map((c) => c.id),
          ),
        )
        .orderBy(asc(templateQuestions.position))
    : []
  return {
    ...toSummary(head),
    categories: categories.map((c) => ({
      internal_id: c.id,
      name: c.name,
      weight: c.weight,
      auto_failed: c.autoFailed,
      questions: questions
        .filter((q) => q.categoryId === c.id)
        .map((q) => ({
          internal_id: q.id,
          question_text: q.questionText,
          weight: q.weight,
          expected_answer: q.expectedAnswer,
          evidence_phrases: q.evidencePhrases,
          speaker: q.speaker,
          within_first_s: q.withinFirstS,
          within_last_s: q.withinLastS,
          within_first_messages: q.withinFirstMessages,
          within_last_messages: q.withinLastMessages,
          applies_when_phrases: q.appliesWhenPhrases,
          applies_when_speaker: q.appliesWhenSpeaker,
        })),
    })),
  }
}

/** Writes a template version with its categories and questions; the caller holds the transaction. */
async function insertVersion(tx: Tx, input: TemplateInput, internalId: string, version: number, userId: number) {
  const [row] = await tx
    .insert(templates)
    .values({ internalId, version, name: input.name, description: input.description, createdBy: userId })
    .returning({ id: templates.id })
  const categories = await tx
    .insert(templateCategories)
    .values(
      input.categories.map((c, position) => ({
        templateId: row.id,
        position,
        name: c.name,
        weight: c.weight,
        autoFailed: c.auto_failed,
      })),
    )
    .returning({ id: templateCategories.id, position: templateCategories.position })
  const idAt = new Map(categories.map((c) => [c.position, c.id]))
  await tx.insert(templateQuestions).values(
    input.categories.flatMap((c, categoryPosition) =>
      c.questions.map((q, position) => ({
        categoryId: idAt.get(categoryPosition)!,
        position,
        questionText: q.question_text,
        weight: q.weight,
        expectedAnswer: q.expected_answer,
        evidencePhrases: q.evidence_phrases,
        speaker: q.speaker,
        withinFirstS: q.within_first_s,
        withinLastS: q.within_last_s,
        withinFirstMessages: q.within_first_messages,
        withinLastMessages: q.within_last_messages,
        appliesWhenPhrases: q.applies_when_phrases,
        appliesWhenSpeaker: q.applies_when_speaker,
      })),
    ),
  )
}

export async function createTemplate(db: Db, input: TemplateInput, userId: number) {
  const internalId = randomUUID()
  return db.transaction(async (tx) => {
    await insertVersion(tx, input, internalId, 1, userId)
    return (await getTemplate(tx, internalId))!
  })
}

/** A new version; the previous one stays for the evaluations scored with it. Null when unknown. */
export async function updateTemplate(db: Db, internalId: string, input: TemplateInput, userId: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: templates.id, version: templates.version })
      .from(templates)
      .where(and(eq(templates.internalId, internalId), eq(templates.isLatest, true)))
      .for('update')
    if (!current) return null
    await tx.update(templates).set({ isLatest: false }).where(eq(templates.id, current.id))
    await insertVersion(tx, input, internalId, current.version + 1, userId)
    return (await getTemplate(tx, internalId))!
  })
}

/**
 * Removes every version of a template, or archives them all when any call was scored with one of
 * them (the evaluations keep their template). False when there was no such template.
 */
export async function deleteTemplate(db: Db, internalId: string): Promise<'deleted' | 'archived' | false> {
  return db.transaction(async (tx) => {
    const versions = tx.select({ id: templates.id }).from(templates).where(eq(templates.internalId, internalId))
    const [used] = await tx
      .select({ id: callEvaluations.id })
      .from(callEvaluations)
      .where(inArray(callEvaluations.templateId, versions))
      .limit(1)
    if (used) {
      const archived = await tx
        .update(templates)
        .set({ status: 'archived' })
        .where(eq(templates.internalId, internalId))
        .returning({ id: templates.id })
      return archived.length > 0 && 'archived'
    }
    const removed = await tx
      .delete(templates)
      .where(eq(templates.internalId, internalId))
      .returning({ id: templates.id })
    return removed.length > 0 && 'deleted'
  })
}

/** The row id of a template's latest version: what a new evaluation is scored with. */
export async function latestVersionId(db: Db | Tx, internalId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.internalId, internalId), eq(templates.isLatest, true)))
  return row?.id ?? null
}
