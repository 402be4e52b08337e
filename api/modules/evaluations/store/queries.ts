import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { likePattern } from '../../../lib/like'
import { alias, type AnyPgColumn, type PgColumn } from 'drizzle-orm/pg-core'
import type { EvaluationDetail, EvaluationListQuery, EvaluationSummary } from '#contract/evaluations'
import {
  callEvaluations,
  campaigns,
  evaluationCategoryScores,
  evaluationQuestionScores,
  evaluationTypes,
  recordings,
  scoringItems,
  services,
  staffProfiles,
  templateCategories,
  templateQuestions,
  templates,
  users,
} from '../../../db/schema'
import { offsetOf, pageOf } from '../../../lib/paging'
import { DAY_MS, fullName, utcDay, type Conn } from '../../../db/sql'
import { threadOf } from './thread'

/** What the list filters and shows: the reviewer's score once there is one, else the AI's. */
export const effectiveScore = sql<number | null>`coalesce(${callEvaluations.auditorScore}, ${callEvaluations.aiScore})`
export const effectiveAutoFail = sql<boolean>`coalesce(${callEvaluations.auditorAutoFail}, ${callEvaluations.aiAutoFail})`

/** A category's result in a call: the auditor's once the call is reviewed, else the AI's. */
export const standingCategoryScore = sql`case when ${evaluationCategoryScores.auditorFailed} is not null
  then ${evaluationCategoryScores.auditorScore} else ${evaluationCategoryScores.aiScore} end`

/** A question's answer that stands: the auditor's where they gave one, else the AI's. */
export const standingAnswer = sql`coalesce(${evaluationQuestionScores.auditorValue}, ${evaluationQuestionScores.aiValue})`

/** The standing answer is against the question's expected answer (N/A never fails). */
export const answerFailed = sql`case when ${templateQuestions.expectedAnswer} = 'yes'
  then ${standingAnswer} = 'no' else ${standingAnswer} = 'yes' end`

/*
 * Names come from scalar subqueries rather than joins: the planner then has two or three relations
 * to order instead of eight (planning an eight-way join costs more than running this query on
 * PGlite), and PostgreSQL evaluates them only for the rows of the page, after the sort and limit.
 */
const userName = (id: AnyPgColumn) =>
  sql<string | null>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
    from ${users} u where u.id = ${id})`
const nameIn = (table: typeof campaigns | typeof services | typeof evaluationTypes, id: AnyPgColumn) =>
  sql<string | null>`(select n.name from ${table} n where n.id = ${id})`
const templateOf = sql<{ internal_id: string; version: number; name: string }>`(select
  json_build_object('internal_id', t.internal_id, 'version', t.version, 'name', t.name)
  from ${templates} t where t.id = ${callEvaluations.templateId})`

const summaryColumns = {
  id: callEvaluations.id,
  channel: callEvaluations.channel,
  callTime: callEvaluations.callTime,
  durationS: recordings.durationS,
  customerName: callEvaluations.customerName,
  purpose: callEvaluations.purpose,
  agentId: callEvaluations.agentId,
  agentName: userName(callEvaluations.agentId),
  supervisorId: callEvaluations.supervisorId,
  supervisorName: userName(callEvaluations.supervisorId),
  campaignId: callEvaluations.campaignId,
  campaignName: nameIn(campaigns, callEvaluations.campaignId),
  serviceId: callEvaluations.serviceId,
  serviceName: nameIn(services, callEvaluations.serviceId),
  typeId: callEvaluations.evaluationTypeId,
  typeName: nameIn(evaluationTypes, callEvaluations.evaluationTypeId),
  template: templateOf,
  status: callEvaluations.status,
  scoringStatus: callEvaluations.scoringStatus,
  aiScore: callEvaluations.aiScore,
  auditorScore: callEvaluations.auditorScore,
  autoFail: effectiveAutoFail,
  hasAudio: sql<boolean>`${recordings.blobKey} is not null`,
}

/** A row of the summary columns; a chat or e-mail has no recording, so its duration is null (left join). */
type SummaryRow = Omit<SummaryColumnsRow, 'durationS'> & { durationS: number | null }
type SummaryColumnsRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K] extends SQL<infer T>
    ? T
    : (typeof summaryColumns)[K] extends PgColumn<infer C>
      ? C['notNull'] extends true
        ? C['data']
        : C['data'] | null
      : never
}

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' })

function toSummary(r: SummaryRow): EvaluationSummary {
  return {
    id: r.id,
    channel: r.channel,
    call_time: r.callTime.toISOString(),
    duration_s: r.durationS,
    customer_name: r.customerName,
    purpose: r.purpose,
    agent: { id: r.agentId, name: r.agentName ?? '' },
    supervisor: ref(r.supervisorId, r.supervisorName),
    campaign: { id: r.campaignId, name: r.campaignName ?? '' },
    service: ref(r.serviceId, r.serviceName),
    evaluation_type: ref(r.typeId, r.typeName),
    template: r.template,
    status: r.status,
    scoring_status: r.scoringStatus,
    ai_score: r.aiScore,
    auditor_score: r.auditorScore,
    auto_fail: Boolean(r.autoFail),
    has_audio: Boolean(r.hasAudio),
  }
}

const INT_MAX = 2_147_483_647

/**
 * The free-text search: the call's own text columns, or an agent, campaign or service whose name
 * matches (each looked up once in its small table, then matched by id), or the evaluation's id.
 */
function textSearch(db: Conn, q: string) {
  const like = likePattern(q)
  const matches: SQL[] = [
    ilike(callEvaluations.customerName, like),
    ilike(callEvaluations.purpose, like),
    inArray(
      callEvaluations.agentId,
      db
        .select({ id: users.id })
        .from(users)
        .where(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)),
    ),
    inArray(
      callEvaluations.campaignId,
      db.select({ id: campaigns.id }).from(campaigns).where(ilike(campaigns.name, like)),
    ),
    inArray(callEvaluations.serviceId, db.select({ id: services.id }).from(services).where(ilike(services.name, like))),
  ]
  if (/^\d{1,10}$/.test(q) && Number(q) > 0 && Number(q) <= INT_MAX) matches.push(eq(callEvaluations.id, Number(q)))
  return or(...matches)!
}

/**
 * Every filter an evaluation can be picked by: the list's (contract/evaluations.ts) and the
 * dashboards' (contract/dashboards.ts). Absent fields mean "any".
 */
export type EvaluationFilter = Partial<
  Pick<
    EvaluationListQuery,
    | 'date_from'
    | 'date_to'
    | 'campaign_id'
    | 'service_id'
    | 'agent_id'
    | 'supervisor_id'
    | 'status'
    | 'score_min'
    | 'score_max'
    | 'auto_fail'
    | 'q'
    | 'failed_category'
    | 'failed_question'
  >
> & {
  /** The agent's department and location, from their staff profile. */
  department_id?: number
  location_id?: number
  /** Any version of the template. */
  template_internal_id?: string
}

/**
 * The WHERE of a filter. It reads only call_evaluations (the department, location and template
 * filters are id lists from their small tables), so counts and aggregates need no join for it.
 */
export function evaluationConditions(db: Conn, filter: EvaluationFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.date_from) conditions.push(gte(callEvaluations.callTime, new Date(utcDay('date_from', filter.date_from))))
  if (filter.date_to) {
    // the whole last day, in UTC
    conditions.push(lt(callEvaluations.callTime, new Date(utcDay('date_to', filter.date_to) + DAY_MS)))
  }
  if (filter.campaign_id !== undefined) conditions.push(eq(callEvaluations.campaignId, filter.campaign_id))
  if (filter.service_id !== undefined) conditions.push(eq(callEvaluations.serviceId, filter.service_id))
  if (filter.agent_id !== undefined) conditions.push(eq(callEvaluations.agentId, filter.agent_id))
  if (filter.supervisor_id !== undefined) conditions.push(eq(callEvaluations.supervisorId, filter.supervisor_id))
  if (filter.department_id !== undefined) {
    conditions.push(
      inArray(
        callEvaluations.agentId,
        db
          .select({ id: staffProfiles.userId })
          .from(staffProfiles)
          .where(eq(staffProfiles.departmentId, filter.department_id)),
      ),
    )
  }
  if (filter.location_id !== undefined) {
    conditions.push(
      inArray(
        callEvaluations.agentId,
        db
          .select({ id: staffProfiles.userId })
          .from(staffProfiles)
          .where(eq(staffProfiles.locationId, filter.location_id)),
      ),
    )
  }
  if (filter.template_internal_id !== undefined) {
    conditions.push(
      inArray(
        callEvaluations.templateId,
        db.select({ id: templates.id }).from(templates).where(eq(templates.internalId, filter.template_internal_id)),
      ),
    )
  }
  if (filter.failed_category !== undefined && filter.failed_question === undefined) {
    conditions.push(
      inArray(
        callEvaluations.id,
        db
          .select({ id: evaluationCategoryScores.evaluationId })
          .from(evaluationCategoryScores)
          .where(
            and(
              inArray(
                evaluationCategoryScores.categoryId,
                db
                  .select({ id: templateCategories.id })
                  .from(templateCategories)
                  .where(eq(templateCategories.name, filter.failed_category)),
              ),
              sql`${standingCategoryScore} < 100`,
            ),
          ),
      ),
    )
  }
  if (filter.failed_question !== undefined) {
    // the question's rows (every template version, optionally of one category name), then their failed answers
    const questions = db
      .select({ id: templateQuestions.id })
      .from(templateQuestions)
      .innerJoin(templateCategories, eq(templateCategories.id, templateQuestions.categoryId))
      .where(
        and(
          eq(templateQuestions.questionText, filter.failed_question),
          filter.failed_category === undefined ? undefined : eq(templateCategories.name, filter.failed_category),
        ),
      )
    conditions.push(
      inArray(
        callEvaluations.id,
        db
          .select({ id: evaluationQuestionScores.evaluationId })
          .from(evaluationQuestionScores)
          .innerJoin(templateQuestions, eq(templateQuestions.id, evaluationQuestionScores.questionId))
          .where(and(inArray(evaluationQuestionScores.questionId, questions), answerFailed)),
      ),
    )
  }
  if (filter.status) conditions.push(eq(callEvaluations.status, filter.status))
  if (filter.score_min !== undefined) conditions.push(gte(effectiveScore, filter.score_min))
  if (filter.score_max !== undefined) conditions.push(lte(effectiveScore, filter.score_max))
  if (filter.auto_fail) conditions.push(sql`${effectiveAutoFail} = true`)
  if (filter.q) conditions.push(textSearch(db, filter.q))
  return conditions
}

/** The WHERE of the list: it reads only call_evaluations, so the count needs no join. */
function listConditions(db: Conn, filter: EvaluationFilter) {
  const conditions = evaluationConditions(db, filter)
  return conditions.length ? and(...conditions) : undefined
}

const agent = alias(users, 'agent')

/**
 * The ORDER BY of an ordering, ties broken by id. Scores may be null (not scored, not reviewed):
 * those go last either way. The NOT NULL columns keep plain asc/desc so an index can serve them.
 */
function orderOf(ordering: EvaluationListQuery['ordering']): SQL[] {
  const direction = ordering.startsWith('-') ? 'desc' : 'asc'
  const tie = direction === 'asc' ? asc(callEvaluations.id) : desc(callEvaluations.id)
  const plain = (column: SQL | PgColumn) => [direction === 'asc' ? asc(column) : desc(column), tie]
  const nullable = (column: PgColumn) => [sql`${column} ${sql.raw(direction)} nulls last`, tie]
  switch (ordering.replace(/^-/, '')) {
    case 'ai_score':
      return nullable(callEvaluations.aiScore)
    case 'auditor_score':
      return nullable(callEvaluations.auditorScore)
    case 'agent':
      return plain(fullName(agent))
    case 'duration':
      return plain(recordings.durationS)
    default:
      return plain(callEvaluations.callTime)
  }
}

/** A page of evaluations: one query for the page and one count, both on call_evaluations' indexes. */
export async function listEvaluations(db: Conn, filter: EvaluationListQuery) {
  const where = listConditions(db, filter)
  const { page, page_size: pageSize } = filter
  const query = db
    .select(summaryColumns)
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .$dynamic()
  // sorting by name needs every row's name: a join, not a subquery per row
  if (filter.ordering.endsWith('agent')) query.innerJoin(agent, eq(agent.id, callEvaluations.agentId))
  const [rows, [{ count }]] = await Promise.all([
    query
      .where(where)
      .orderBy(...orderOf(filter.ordering))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(callEvaluations)
      .where(where),
  ])
  return pageOf((rows as SummaryRow[]).map(toSummary), count, page, pageSize)
}

/**
 * The ids of the whole list in its order, at most `limit` of them (the CSV export reads the list
 * this way: ids first, then the rows in batches, so no page is skipped or repeated).
 */
export async function orderedEvaluationIds(db: Conn, filter: EvaluationListQuery, limit: number) {
  const query = db.select({ id: callEvaluations.id }).from(callEvaluations).$dynamic()
  if (filter.ordering.replace(/^-/, '') === 'duration') {
    query.leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
  }
  if (filter.ordering.endsWith('agent')) query.innerJoin(agent, eq(agent.id, callEvaluations.agentId))
  const rows = await query
    .where(listConditions(db, filter))
    .orderBy(...orderOf(filter.ordering))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The summaries of these evaluations, in the order of `ids` (unknown ids are left out). */
export async function summariesOf(db: Conn, ids: number[]): Promise<EvaluationSummary[]> {
  if (!ids.length) return []
  const rows = (await db
    .select(summaryColumns)
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .where(inArray(callEvaluations.id, ids))) as SummaryRow[]
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toSummary(row)] : []
  })
}

/** One evaluation with its recording's transcript or its thread; null when there is none with that id. */
export async function getEvaluationDetail(db: Conn, id: number): Promise<EvaluationDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      engine: callEvaluations.engine,
      scoringError: callEvaluations.scoringError,
      scoredAt: callEvaluations.scoredAt,
      reviewerId: callEvaluations.reviewedBy,
      reviewerName: userName(callEvaluations.reviewedBy),
      reviewedAt: callEvaluations.reviewedAt,
      recordingId: recordings.id,
      recordingStatus: recordings.status,
      segments: recordings.segments,
      scoringItemId: scoringItems.id,
      turns: scoringItems.turns,
    })
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .leftJoin(scoringItems, eq(scoringItems.evaluationId, callEvaluations.id))
    .where(eq(callEvaluations.id, id))
  if (!row) return null
  const summary = toSummary(row)
  return {
    ...summary,
    engine: row.engine,
    scoring_error: row.scoringError,
    scored_at: row.scoredAt?.toISOString() ?? null,
    reviewed_by: ref(row.reviewerId, row.reviewerName),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    recording:
      row.recordingId === null
        ? null
        : {
            recording_id: row.recordingId,
            status: row.recordingStatus ?? 'pending',
            duration_s: summary.duration_s ?? 0,
            has_audio: summary.has_audio,
            segments: row.segments ?? [],
          },
    thread: row.channel === 'call' || !row.turns ? null : threadOf(row.turns),
    scoring_item_id: row.scoringItemId,
  }
}

/** One evaluation's summary (the answer of rescore). */
export async function getEvaluationSummary(db: Conn, id: number): Promise<EvaluationSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(callEvaluations)
    .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
    .where(eq(callEvaluations.id, id))
  return row ? toSummary(row) : null
}
