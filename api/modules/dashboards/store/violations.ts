import { and, sql, type SQL } from 'drizzle-orm'
import type {
  AiAuditorAgreement,
  AiAuditorAgreementQuery,
  DashboardFilters,
  FailedCategoryCount,
  TopTenViolations,
  TopViolationsByCategoriesQuery,
  TopViolationsByCategories,
} from '#contract/dashboards'
import {
  evaluationCategoryScores as cs,
  evaluationQuestionScores as qs,
  templateCategories as tc,
  templateQuestions as tq,
  templates,
} from '../../../db/schema'
import { type Conn } from '../../../db/sql'
import { agreementPct } from '../../../lib/agreement'
import { evaluationConditions, standingAnswer, standingCategoryScore } from '../../evaluations/store/queries'
import { ce, inScope, int, pctOf, rowsOf } from './sql'

/**
 * Answers per question of the filtered calls: how many stand at yes and at no (n/a never counts).
 * One pass over the answers grouped by question id; the names are joined to the few groups after.
 */
const perQuestion = (db: Conn, filter: DashboardFilters) => sql`
  select question_id, ${int(sql`coalesce(sum(n) filter (where answer = 'yes'), 0)`)} as yes,
    ${int(sql`coalesce(sum(n) filter (where answer = 'no'), 0)`)} as no
  from (
    select ${qs.questionId} as question_id, ${standingAnswer} as answer, count(*) as n
    from ${qs} where ${inScope(db, filter, qs.evaluationId)}
    group by 1, 2
  ) counted group by question_id`

/** Failed and answered per question row, with its category and template. */
const questionFailures = (db: Conn, filter: DashboardFilters) => sql`
  select ${tq.id} as question_id, ${tq.questionText} as question_text, ${tc.name} as category,
    ${templates.internalId} as internal_id,
    case when ${tq.expectedAnswer} = 'yes' then pq.no else pq.yes end as failed,
    pq.yes + pq.no as answered
  from (${perQuestion(db, filter)}) pq
  join ${tq} on ${tq.id} = pq.question_id
  join ${tc} on ${tc.id} = ${tq.categoryId}
  join ${templates} on ${templates.id} = ${tc.templateId}`

/** The latest name of a template internal id (column `internal_id` of the row in scope). */
const latestTemplateName = (internalId: SQL) => sql`(select l.name from ${templates} l
  where l.internal_id = ${internalId} order by l.version desc limit 1)`

// ---------------------------------------------------------------- failed_category_count

/** Per category name: calls where it scored below 100, of the calls where it was scored. */
export async function failedCategoryCount(db: Conn, filter: DashboardFilters): Promise<FailedCategoryCount> {
  const rows = await rowsOf<FailedCategoryCount['results'][number]>(
    db,
    sql`with per_category as (
      select ${cs.categoryId} as category_id,
        ${int(sql`count(*) filter (where ${standingCategoryScore} < 100)`)} as failed,
        ${int(sql`count(${standingCategoryScore})`)} as scored
      from ${cs} where ${inScope(db, filter, cs.evaluationId)}
      group by ${cs.categoryId}
    )
    select ${tc.name} as category, sum(p.failed)::int as failed, sum(p.scored)::int as scored,
      ${pctOf(sql`sum(p.failed)`, sql`sum(p.scored)`)} as failed_pct
    from per_category p join ${tc} on ${tc.id} = p.category_id
    group by ${tc.name} having sum(p.scored) > 0
    order by 2 desc, 1`,
  )
  return { results: rows }
}

// ---------------------------------------------------------------- top_violations_by_categories

/** Categories with the most failed questions; calls_with_failure from the category results. */
export async function topViolationsByCategories(
  db: Conn,
  filter: TopViolationsByCategoriesQuery,
): Promise<TopViolationsByCategories> {
  const rows = await rowsOf<TopViolationsByCategories['results'][number]>(
    db,
    sql`with q as (${questionFailures(db, filter)}),
    by_name as (
      select category, sum(failed)::int as failed_questions, sum(answered)::int as answered_questions
      from q group by category having sum(failed) > 0
    ),
    calls as (
      select ${tc.name} as category, sum(p.failed)::int as calls_with_failure from (
        select ${cs.categoryId} as category_id, count(*) as failed from ${cs}
        where ${inScope(db, filter, cs.evaluationId)} and ${standingCategoryScore} < 100
        group by ${cs.categoryId}
      ) p join ${tc} on ${tc.id} = p.category_id group by ${tc.name}
    )
    select b.category, b.failed_questions, b.answered_questions,
      ${pctOf(sql`b.failed_questions`, sql`b.answered_questions`)} as failed_pct,
      coalesce(c.calls_with_failure, 0)::int as calls_with_failure
    from by_name b left join calls c on c.category = b.category
    order by b.failed_questions desc, b.category
    limit ${filter.limit}`,
  )
  return { results: rows }
}

// ---------------------------------------------------------------- top_ten_violations

type ViolationRow = {
  question_text: string
  category: string
  internal_id: string
  template_name: string
  failed: number
  answered: number
  failed_pct: number | null
}

/** The ten questions failed most often (a question counts over all versions of its template). */
export async function topTenViolations(db: Conn, filter: DashboardFilters): Promise<TopTenViolations> {
  const rows = await rowsOf<ViolationRow>(
    db,
    sql`with q as (${questionFailures(db, filter)}),
    grouped as (
      select internal_id, category, question_text, sum(failed)::int as failed, sum(answered)::int as answered
      from q group by internal_id, category, question_text having sum(failed) > 0
    )
    select g.internal_id::text as internal_id, g.category, g.question_text, g.failed, g.answered,
      ${pctOf(sql`g.failed`, sql`g.answered`)} as failed_pct,
      ${latestTemplateName(sql`g.internal_id`)} as template_name
    from grouped g
    order by g.failed desc, g.answered, g.question_text, g.category
    limit 10`,
  )
  return {
    results: rows.map((r, i) => ({
      rank: i + 1,
      question_text: r.question_text,
      category: r.category,
      template: { internal_id: r.internal_id, name: r.template_name },
      failed: r.failed,
      answered: r.answered,
      failed_pct: r.failed_pct,
    })),
  }
}

// ---------------------------------------------------------------- ai_auditor_agreement

type AgreementFigures = { answers: number; agreed: number; reviewed_calls: number }
const withPct = <T extends AgreementFigures>(r: T) => ({
  ...r,
  agreement_pct: agreementPct(r.agreed, r.answers),
})
type QuestionAgreement = AgreementFigures & {
  category: string
  question_text: string
  internal_id: string
  template_name: string
}

/**
 * Over the reviewed calls: how often the answer that stands is the AI's (the auditor kept it or
 * left it alone), overall, per category name and per question (least agreement first).
 *
 * Every scored call has one answer per question of its template version, and only a saved review
 * sets auditor values (and reviewed_at). So a question's answers are its version's reviewed calls,
 * counted on call_evaluations, and only the answers the auditor changed need reading: one pass
 * over the answers with a cheap filter, instead of joining every answer to its call.
 */
export async function aiAuditorAgreement(db: Conn, filter: AiAuditorAgreementQuery): Promise<AiAuditorAgreement> {
  const reviewed = sql`${ce.reviewedAt} is not null`
  const [result] = await rowsOf<{
    answers: number
    agreed: number
    reviewed_calls: number
    by_category: (AgreementFigures & { category: string })[] | null
    by_question: QuestionAgreement[] | null
  }>(
    db,
    sql`with reviewed_versions as materialized (
      select ${ce.templateId} as template_id, count(*) as calls
      from ${ce} where ${and(...evaluationConditions(db, filter), reviewed)}
      group by ${ce.templateId}
    ), changed as (
      select ${qs.questionId} as question_id, count(*) as n from ${qs}
      where ${qs.auditorValue} is not null and ${qs.auditorValue} <> ${qs.aiValue}
        and ${inScope(db, filter, qs.evaluationId, reviewed)}
      group by ${qs.questionId}
    ), named as materialized (
      select ${tc.name} as category, ${tq.questionText} as question_text, ${templates.internalId} as internal_id,
        rv.calls as answers, rv.calls - coalesce(c.n, 0) as agreed
      from reviewed_versions rv
      join ${templates} on ${templates.id} = rv.template_id
      join ${tc} on ${tc.templateId} = rv.template_id
      join ${tq} on ${tq.categoryId} = ${tc.id}
      left join changed c on c.question_id = ${tq.id}
    ), by_category as (
      select ${tc.name} as category, sum(rv.calls)::int as reviewed_calls,
        (select sum(n.answers) from named n where n.category = ${tc.name})::int as answers,
        (select sum(n.agreed) from named n where n.category = ${tc.name})::int as agreed
      from reviewed_versions rv join ${tc} on ${tc.templateId} = rv.template_id
      group by ${tc.name}
    ), by_question as (
      select g.internal_id::text as internal_id, g.category, g.question_text, g.answers, g.agreed,
        g.answers as reviewed_calls, ${latestTemplateName(sql`g.internal_id`)} as template_name
      from (
        select internal_id, category, question_text, sum(answers)::int as answers, sum(agreed)::int as agreed
        from named group by internal_id, category, question_text
      ) g
      order by g.agreed::float8 / g.answers, g.answers desc, g.question_text, g.category
      limit ${filter.limit}
    )
    select coalesce((select sum(answers) from named), 0)::int as answers,
      coalesce((select sum(agreed) from named), 0)::int as agreed,
      coalesce((select sum(calls) from reviewed_versions), 0)::int as reviewed_calls,
      (select json_agg(b order by b.category) from by_category b where b.answers > 0) as by_category,
      (select json_agg(q order by q.agreed::float8 / q.answers, q.answers desc, q.question_text, q.category)
        from by_question q) as by_question`,
  )
  return {
    ...withPct(result),
    by_category: (result.by_category ?? []).map(withPct),
    by_question: (result.by_question ?? []).map(({ internal_id, template_name, ...r }) => ({
      ...withPct(r),
      template: { internal_id, name: template_name },
    })),
  }
}
