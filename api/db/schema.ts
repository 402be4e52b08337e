import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { roles } from '#contract/accounts'
import { summaryTypeCodes } from '#contract/summarization'
import { documentTypes } from '#contract/ocr'
import { channels, evidenceChecks, rejectReasons, scoringBuckets, scoringEvents } from '#contract/agent-scoring'
import {
  appointmentStatuses,
  callTaskKinds,
  callTaskStatuses,
  encounterStatuses,
  genders,
  waitlistStatuses,
} from '#contract/reshub'
import { allergyCriticalities, medicationStatuses, problemStatuses, recordAccessKinds } from '#contract/emr'

export const roleEnum = pgEnum('user_role', roles)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    role: roleEnum('role').notNull().default('visitor'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    phone: varchar('phone', { length: 30 }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    family: uuid('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_expires_idx').on(t.expiresAt)],
)

/** Failed login attempts per email, for the per-account limit (shared by every API process). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    /** Where the attempt came from (the client's address as the API sees it); null for rows from before 0008. */
    source: varchar('source', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_email_source_idx').on(t.email, t.source, t.createdAt),
  ],
)

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    link: varchar('link', { length: 500 }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
)

export const lookupKind = pgEnum('lookup_kind', ['domain', 'language'])

export const lookups = pgTable(
  'lookups',
  {
    id: serial('id').primaryKey(),
    kind: lookupKind('kind').notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('lookups_kind_code_unique').on(t.kind, t.code)],
)

/** Small key/value facts the process records, e.g. when housekeeping last ran. */
export const systemState = pgTable('system_state', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const speakerEnum = pgEnum('speaker_choice', ['agent', 'customer', 'any'])
export const answerEnum = pgEnum('expected_answer', ['yes', 'no'])
export const templateStatusEnum = pgEnum('template_status', ['active', 'archived'])

/**
 * One row per version of a QA template. Editing makes a new version with the same internal id;
 * evaluations keep pointing at the version they were scored with.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    internalId: uuid('internal_id').notNull(),
    version: integer('version').notNull(),
    isLatest: boolean('is_latest').notNull().default(true),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    status: templateStatusEnum('status').notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('templates_internal_version_unique').on(t.internalId, t.version),
    index('templates_latest_idx').on(t.isLatest, t.status),
  ],
)

export const templateCategories = pgTable(
  'template_categories',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    weight: integer('weight').notNull().default(1),
    autoFailed: boolean('auto_failed').notNull().default(false),
  },
  (t) => [index('template_categories_template_idx').on(t.templateId, t.position)],
)

export const templateQuestions = pgTable(
  'template_questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => templateCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionText: varchar('question_text', { length: 500 }).notNull(),
    weight: integer('weight').notNull().default(1),
    expectedAnswer: answerEnum('expected_answer').notNull().default('yes'),
    evidencePhrases: jsonb('evidence_phrases').$type<string[]>().notNull(),
    speaker: speakerEnum('speaker').notNull().default('agent'),
    withinFirstS: integer('within_first_s'),
    withinLastS: integer('within_last_s'),
    withinFirstMessages: integer('within_first_messages'),
    withinLastMessages: integer('within_last_messages'),
    appliesWhenPhrases: jsonb('applies_when_phrases').$type<string[]>().notNull().default([]),
    appliesWhenSpeaker: speakerEnum('applies_when_speaker').notNull().default('customer'),
  },
  (t) => [index('template_questions_category_idx').on(t.categoryId, t.position)],
)

/** A client programme the contact centre runs (e.g. a bank's inbound line). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    client: varchar('client', { length: 150 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The template its interactions are scored against unless one is chosen (its latest version). */
    defaultTemplateInternalId: uuid('default_template_internal_id'),
  },
  (t) => [uniqueIndex('campaigns_code_unique').on(t.code)],
)

/** A line of business inside a campaign (e.g. card services). */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
  },
  (t) => [uniqueIndex('services_campaign_name_unique').on(t.campaignId, t.name)],
)

/** Why a call was evaluated: the AI's routine pass, a manual audit, a calibration, a dispute. */
export const evaluationTypes = pgTable(
  'evaluation_types',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('evaluation_types_code_unique').on(t.code)],
)

/** Where people work: the teams of the contact centre. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
  },
  (t) => [uniqueIndex('departments_name_unique').on(t.name)],
)

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    city: varchar('city', { length: 120 }).notNull().default(''),
    country: varchar('country', { length: 120 }).notNull().default(''),
  },
  (t) => [uniqueIndex('locations_name_unique').on(t.name)],
)

/** An HR/WFM code table: a code people write in files, a name, and whether it is still offered. */
const orgCodeColumns = () => ({
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 30 }).notNull(),
  name: varchar('name', { length: 150 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
})

/** The legal entities of the BPO that employ its people (payroll and contracts are per entity). */
export const entities = pgTable('entities', orgCodeColumns(), (t) => [uniqueIndex('entities_code_unique').on(t.code)])

/** Company groups: how HR groups the staff for reporting (e.g. operations, support functions). */
export const companyGroups = pgTable('company_groups', orgCodeColumns(), (t) => [
  uniqueIndex('company_groups_code_unique').on(t.code),
])

/** Pay groups: the payroll calendar and pay rules a person is paid under. */
export const payGroups = pgTable('pay_groups', orgCodeColumns(), (t) => [
  uniqueIndex('pay_groups_code_unique').on(t.code),
])

/** Job codes: the position in the job architecture (e.g. customer service associate II). */
export const jobCodes = pgTable('job_codes', orgCodeColumns(), (t) => [uniqueIndex('job_codes_code_unique').on(t.code)])

/** The contact-centre side of a user: agents and QA supervisors belong to a team and a site. */
export const staffProfiles = pgTable(
  'staff_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    employeeCode: varchar('employee_code', { length: 30 }).notNull(),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** An agent's QA supervisor. */
    supervisorId: integer('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    hiredOn: timestamp('hired_on', { withTimezone: true }),
    entityId: integer('entity_id').references(() => entities.id, { onDelete: 'set null' }),
    companyGroupId: integer('company_group_id').references(() => companyGroups.id, { onDelete: 'set null' }),
    payGroupId: integer('pay_group_id').references(() => payGroups.id, { onDelete: 'set null' }),
    jobCodeId: integer('job_code_id').references(() => jobCodes.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('staff_profiles_employee_code_unique').on(t.employeeCode),
    index('staff_profiles_supervisor_idx').on(t.supervisorId),
  ],
)

export const jobStatusEnum = pgEnum('job_status', ['pending', 'in_queue', 'started', 'completed', 'failed'])
export const transcriptSpeakerEnum = pgEnum('transcript_speaker', ['agent', 'customer'])

/**
 * A recorded call: the audio in the blob store (when there is one) and its transcript as
 * speaker-labelled segments with start and end times in seconds.
 */
export const recordingSourceEnum = pgEnum('recording_source', ['call', 'upload'])
type SegmentRow = { speaker: 'agent' | 'customer'; start: number; end: number; text: string }

export const recordings = pgTable(
  'recordings',
  {
    id: serial('id').primaryKey(),
    /** The key id a listener asks a signed audio URL for. */
    kid: uuid('kid').notNull().defaultRandom(),
    blobKey: varchar('blob_key', { length: 300 }),
    mimeType: varchar('mime_type', { length: 100 }),
    sizeBytes: integer('size_bytes'),
    fileName: varchar('file_name', { length: 255 }),
    durationS: integer('duration_s').notNull().default(0),
    language: varchar('language', { length: 10 }).notNull().default('en'),
    status: jobStatusEnum('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    segments: jsonb('segments')
      .$type<{ speaker: 'agent' | 'customer'; start: number; end: number; text: string }[]>()
      .notNull()
      .default([]),
    /** Each speaker's mean utterance sentiment (-1…1) from the text engine, for the dashboards' SQL. */
    customerSentiment: real('customer_sentiment'),
    agentSentiment: real('agent_sentiment'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- speech recognition uploads (source 'upload'); call evaluation recordings leave these empty
    /** Where the recording came from: a scored call, or a user's upload to the speech demo. */
    source: recordingSourceEnum('source').notNull().default('call'),
    domain: varchar('domain', { length: 40 }),
    /** The engine's transcript (redacted) once someone edited `segments`. */
    originalSegments: jsonb('original_segments').$type<SegmentRow[]>(),
    /** The engine's words before redaction: admins and QA supervisors only. */
    unredactedSegments: jsonb('unredacted_segments').$type<SegmentRow[]>(),
    redactionCount: integer('redaction_count').notNull().default(0),
    summary: text('summary').notNull().default(''),
    originalSummary: text('original_summary'),
    engine: varchar('engine', { length: 40 }),
    summaryEngine: varchar('summary_engine', { length: 20 }),
    channels: integer('channels'),
    /** The pg-boss job transcribing it, to cancel on delete. */
    jobId: varchar('job_id', { length: 64 }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    transcriptEditedAt: timestamp('transcript_edited_at', { withTimezone: true }),
    summaryEditedAt: timestamp('summary_edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recordings_kid_unique').on(t.kid),
    index('recordings_uploads_idx')
      .on(t.uploadedBy, t.createdAt)
      .where(sql`${t.source} = 'upload'`),
  ],
)

export const summaryTypeEnum = pgEnum('summary_type', summaryTypeCodes)

/** A summarization request: pasted text or an uploaded document's text, summarised by a job. */
export const summaries = pgTable(
  'summaries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    summaryType: summaryTypeEnum('summary_type').notNull(),
    /** "Pasted text" or the uploaded file's name. */
    sourceName: varchar('source_name', { length: 255 }).notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull().default(0),
    status: jobStatusEnum('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    summary: text('summary').notNull().default(''),
    engine: varchar('engine', { length: 20 }),
    jobId: varchar('job_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('summaries_user_created_idx').on(t.userId, t.createdAt)],
)

export const evaluationStatuses = ['ai_evaluated', 'under_review', 'reviewed', 'acknowledged', 'disputed'] as const
export const evaluationStatusEnum = pgEnum('evaluation_status', evaluationStatuses)
export const answerValueEnum = pgEnum('answer_value', ['yes', 'no', 'n/a'])
export const scoringEngineEnum = pgEnum('scoring_engine', ['local', 'llm'])
/** Where an interaction happened: a call, a chat or an e-mail (evaluations and agent scoring). */
export const channelEnum = pgEnum('interaction_channel', channels)

/** One call scored against one template version: the AI's result and, once reviewed, the auditor's. */
export const callEvaluations = pgTable(
  'call_evaluations',
  {
    id: serial('id').primaryKey(),
    /** A chat or e-mail evaluation (from agent scoring) has no recording: its thread is the scoring item's. */
    channel: channelEnum('channel').notNull().default('call'),
    recordingId: integer('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    supervisorId: integer('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    evaluationTypeId: integer('evaluation_type_id').references(() => evaluationTypes.id, { onDelete: 'set null' }),
    /** The template version the call was scored with (a later edit makes a new version). */
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    callTime: timestamp('call_time', { withTimezone: true }).notNull(),
    customerName: varchar('customer_name', { length: 150 }).notNull().default(''),
    purpose: varchar('purpose', { length: 200 }).notNull().default(''),
    status: evaluationStatusEnum('status').notNull().default('ai_evaluated'),
    scoringStatus: jobStatusEnum('scoring_status').notNull().default('pending'),
    scoringError: text('scoring_error'),
    engine: scoringEngineEnum('engine'),
    aiScore: real('ai_score'),
    aiAutoFail: boolean('ai_auto_fail').notNull().default(false),
    auditorScore: real('auditor_score'),
    auditorAutoFail: boolean('auditor_auto_fail'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_evaluations_call_time_idx').on(t.callTime),
    index('call_evaluations_agent_idx').on(t.agentId, t.callTime),
    index('call_evaluations_supervisor_idx').on(t.supervisorId, t.callTime),
    index('call_evaluations_campaign_idx').on(t.campaignId, t.callTime),
    index('call_evaluations_status_idx').on(t.status, t.callTime),
    index('call_evaluations_template_idx').on(t.templateId),
  ],
)

/** A category's result in one evaluation (scores are 0–100, null when no question applied). */
export const evaluationCategoryScores = pgTable(
  'evaluation_category_scores',
  {
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => callEvaluations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => templateCategories.id, { onDelete: 'restrict' }),
    aiScore: real('ai_score'),
    aiFailed: boolean('ai_failed').notNull().default(false),
    auditorScore: real('auditor_score'),
    auditorFailed: boolean('auditor_failed'),
  },
  (t) => [uniqueIndex('evaluation_category_scores_unique').on(t.evaluationId, t.categoryId)],
)

/**
 * A question's answer in one evaluation: the AI's value with its evidence, and the auditor's value
 * once a manual review sets one. These are the rows of the manual review (SPEC §3).
 */
export const evaluationQuestionScores = pgTable(
  'evaluation_question_scores',
  {
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => callEvaluations.id, { onDelete: 'cascade' }),
    categoryScoreId: integer('category_score_id')
      .notNull()
      .references(() => evaluationCategoryScores.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => templateQuestions.id, { onDelete: 'restrict' }),
    aiValue: answerValueEnum('ai_value').notNull(),
    evaluationKeyWord: text('evaluation_key_word'),
    startSeconds: real('start_seconds'),
    justification: text('justification').notNull().default(''),
    auditorValue: answerValueEnum('auditor_value'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('evaluation_question_scores_unique').on(t.evaluationId, t.questionId),
    index('evaluation_question_scores_category_idx').on(t.categoryScoreId),
  ],
)

/** Time an auditor spent with a call open for review. */
export const reviewSessions = pgTable(
  'review_sessions',
  {
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => callEvaluations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last sign of life from the reviewer's page; a session without one for a while is stale. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('review_sessions_evaluation_idx').on(t.evaluationId, t.endedAt)],
)

export const evaluationStatusHistory = pgTable(
  'evaluation_status_history',
  {
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => callEvaluations.id, { onDelete: 'cascade' }),
    fromStatus: evaluationStatusEnum('from_status'),
    toStatus: evaluationStatusEnum('to_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evaluation_status_history_evaluation_idx').on(t.evaluationId, t.createdAt)],
)

// ---------------------------------------------------------------- AI agent scoring (docs/decisions/015)

export const scoringBucketEnum = pgEnum('scoring_bucket', scoringBuckets)
export const rejectReasonEnum = pgEnum('scoring_reject_reason', rejectReasons)
export const evidenceCheckEnum = pgEnum('evidence_check', evidenceChecks)
export const scoringEventEnum = pgEnum('scoring_event', scoringEvents)

/** A turn of a chat or e-mail thread, or of a call's transcript once it is read. */
export type ScoringTurnRow = { speaker: 'agent' | 'customer'; text: string; start?: number; end?: number }
/** A quote backing a criterion's answer: its turn, and for calls its start second. */
export type ScoringEvidenceRow = { quote: string; speaker: 'agent' | 'customer'; turn: number; start_s: number | null }

/** An interaction to score (a call, a chat or an e-mail) and where it is in review. */
export const scoringItems = pgTable(
  'scoring_items',
  {
    id: serial('id').primaryKey(),
    channel: channelEnum('channel').notNull(),
    bucket: scoringBucketEnum('bucket').notNull().default('pending'),
    /** Bumped on every change of state; a decision names the version its author saw. */
    version: integer('version').notNull().default(1),
    title: varchar('title', { length: 200 }).notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** The template version it is scored against. */
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'restrict' }),
    /** Calls: the uploaded audio, transcribed by the speech module. */
    recordingId: integer('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    /** Chats and e-mails as pasted or uploaded (redacted); calls once transcribed. */
    turns: jsonb('turns').$type<ScoringTurnRow[]>().notNull().default([]),
    jobStatus: jobStatusEnum('job_status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    notScorableReason: varchar('not_scorable_reason', { length: 40 }),
    engine: scoringEngineEnum('engine'),
    model: varchar('model', { length: 100 }),
    aiScore: real('ai_score'),
    aiAutoFail: boolean('ai_auto_fail').notNull().default(false),
    /** The lowest confidence among its criteria: low sorts first ("needs a human"). */
    confidence: real('confidence'),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The evaluation an accepted item became. */
    evaluationId: integer('evaluation_id').references(() => callEvaluations.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scoring_items_bucket_idx').on(t.bucket, t.createdAt),
    index('scoring_items_agent_idx').on(t.agentId, t.createdAt),
    index('scoring_items_campaign_idx').on(t.campaignId, t.createdAt),
    index('scoring_items_template_idx').on(t.templateId),
    // an evaluation's thread is read through the item it came from
    uniqueIndex('scoring_items_evaluation_idx').on(t.evaluationId),
  ],
)

/** One criterion's result on an item: the AI's answer and, after a rejection, the supervisor's. */
export const scoringResults = pgTable(
  'scoring_results',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => scoringItems.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => templateQuestions.id, { onDelete: 'restrict' }),
    aiValue: answerValueEnum('ai_value').notNull(),
    rationale: text('rationale').notNull().default(''),
    evidence: jsonb('evidence').$type<ScoringEvidenceRow[]>().notNull().default([]),
    evidenceCheck: evidenceCheckEnum('evidence_check').notNull().default('unverified'),
    confidence: real('confidence').notNull(),
    correctedValue: answerValueEnum('corrected_value'),
    reasonCode: rejectReasonEnum('reason_code'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [uniqueIndex('scoring_results_unique').on(t.itemId, t.questionId)],
)

/** The audit trail: every change of an item, who made it, from and to which bucket, and why. */
export const scoringItemEvents = pgTable(
  'scoring_item_events',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => scoringItems.id, { onDelete: 'cascade' }),
    event: scoringEventEnum('event').notNull(),
    fromBucket: scoringBucketEnum('from_bucket'),
    toBucket: scoringBucketEnum('to_bucket').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scoring_item_events_item_idx').on(t.itemId, t.createdAt)],
)

// ---------------------------------------------------------------- document OCR

export const documentTypeEnum = pgEnum('document_type', documentTypes)

/** A page as read, without its image bytes: the image is a PNG in the blob store under `imageKey`. */
export type DocumentPageRow = {
  page: number
  width: number
  height: number
  text: string
  words: { text: string; confidence: number; box: { x0: number; y0: number; x1: number; y1: number } }[]
  source: 'ocr' | 'text_layer'
  rotation: number
  imageKey: string | null
}
export type ExtractedFieldRow = {
  name: string
  label: string
  value: string
  confidence: number
  valid: boolean
  reason: string | null
}

/** An uploaded document (image or PDF) and what the OCR job read from it. Owned by its uploader. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: documentTypeEnum('document_type').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: varchar('blob_key', { length: 300 }).notNull(),
    status: jobStatusEnum('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    pageCount: integer('page_count').notNull().default(0),
    /** The words' mean confidence, 0–100. */
    confidence: real('confidence'),
    text: text('text').notNull().default(''),
    pages: jsonb('pages').$type<DocumentPageRow[]>().notNull().default([]),
    fields: jsonb('fields').$type<ExtractedFieldRow[]>().notNull().default([]),
    engine: varchar('engine', { length: 40 }),
    jobId: varchar('job_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('documents_user_created_idx').on(t.userId, t.createdAt)],
)

// ---------------------------------------------------------------- facial recognition

type FaceBoxRow = { x: number; y: number; width: number; height: number }

/** A person enrolled for face verification by one user (people are the enroller's own; admins see all). */
export const facePeople = pgTable(
  'face_people',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    externalId: varchar('external_id', { length: 60 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_people_owner_idx').on(t.ownerId, t.createdAt)],
)

/** A reference photo (in the blob store) and the 128-d descriptor of its one face. */
export const facePhotos = pgTable(
  'face_photos',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => facePeople.id, { onDelete: 'cascade' }),
    blobKey: varchar('blob_key', { length: 300 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    face: jsonb('face').$type<FaceBoxRow>().notNull(),
    descriptor: jsonb('descriptor').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_photos_person_idx').on(t.personId)],
)

export const scanKindEnum = pgEnum('face_scan_kind', ['verify', 'identify'])
export const scanDecisionEnum = pgEnum('face_scan_decision', ['validated', 'invalidated'])

/** One verification or identification: the probe photo, its face, the decision and why. */
export const faceScans = pgTable(
  'face_scans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: scanKindEnum('kind').notNull(),
    decision: scanDecisionEnum('decision').notNull(),
    /** The claimed person (verify) or the best match (identify); scans go with their person. */
    personId: integer('person_id').references(() => facePeople.id, { onDelete: 'cascade' }),
    distance: real('distance'),
    threshold: real('threshold').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    liveness: jsonb('liveness').$type<{ score: number; live: boolean; reasons: string[] }>().notNull(),
    face: jsonb('face').$type<FaceBoxRow | null>(),
    landmarks: jsonb('landmarks').$type<{ x: number; y: number }[]>().notNull().default([]),
    blobKey: varchar('blob_key', { length: 300 }),
    mimeType: varchar('mime_type', { length: 100 }),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('face_scans_user_created_idx').on(t.userId, t.createdAt)],
)

/**
 * Job workers (ARCHITECTURE §9 "Jobs"): every consuming process writes a heartbeat here, and a
 * claim for each job it runs; a sweep hands back the jobs of workers whose heartbeat stopped.
 */
export const jobWorkers = pgTable('job_workers', {
  id: varchar('id', { length: 100 }).primaryKey(),
  host: varchar('host', { length: 255 }).notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})

/** No foreign key to job_workers: a claim whose worker row is gone counts as a dead worker's. */
export const jobClaims = pgTable(
  'job_claims',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: varchar('queue', { length: 100 }).notNull(),
    workerId: varchar('worker_id', { length: 100 }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_claims_worker_idx').on(t.workerId)],
)

/**
 * The LLM's answers, by a hash of the model and the whole request (for the scoring judge: the
 * transcript and the template version's questions), so the same question is asked once and answered
 * the same way every time (docs/decisions/015).
 */
export const llmCache = pgTable('llm_cache', {
  key: varchar('key', { length: 64 }).primaryKey(),
  model: varchar('model', { length: 100 }).notNull(),
  answer: jsonb('answer').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---------------------------------------------------------------- chatbot

/** A help-centre article of one campaign's knowledge base; the chatbot answers from its chunks. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The seed's key, so seeding twice does not add twice; null for articles written in the portal. */
    slug: varchar('slug', { length: 120 }),
    title: varchar('title', { length: 160 }).notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** Questions the article answers, in customers' words: indexed with it, so a question asked another way still finds it. */
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the re-index job last cut this version into chunks; behind `updated_at` while it waits. */
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('kb_articles_slug_unique').on(t.slug), index('kb_articles_campaign_idx').on(t.campaignId)],
)

/** A piece of an article as indexed: what a citation points to. */
export const kbChunks = pgTable(
  'kb_chunks',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('kb_chunks_article_idx').on(t.articleId, t.position)],
)

export const chatChannelEnum = pgEnum('chat_channel', ['chat_with_us', 'trelli_chat', 'trelli_talk'])
export const chatRoleEnum = pgEnum('chat_role', ['customer', 'bot', 'agent', 'system'])

/** One conversation with the chatbot, owned by the user who had it. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: chatChannelEnum('channel').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    callEvaluationId: integer('call_evaluation_id').references(() => callEvaluations.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_conversations_user_idx').on(t.userId, t.updatedAt),
    index('chat_conversations_updated_idx').on(t.updatedAt),
  ],
)

export type ChatCitationRow = { n: number; article_id: number; title: string; chunk_id: number; excerpt: string }
export type ChatSuggestionRow = { text: string; citations: ChatCitationRow[] }

/** A message of a conversation, as stored: masked (card and phone numbers, obscene words). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: chatRoleEnum('role').notNull(),
    text: text('text').notNull(),
    /** The customer's message had something masked (for the bot's polite reply to obscenity). */
    masked: boolean('masked').notNull().default(false),
    dontKnow: boolean('dont_know').notNull().default(false),
    citations: jsonb('citations').$type<ChatCitationRow[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<ChatSuggestionRow[]>().notNull().default([]),
    closestArticles: jsonb('closest_articles').$type<{ article_id: number; title: string }[]>().notNull().default([]),
    dataAnswer: jsonb('data_answer').$type<{ intent: string; figure: string; link: string } | null>(),
    /** A voice turn's audio (the question recorded, or the reply spoken), in the blob store. */
    audioBlobKey: varchar('audio_blob_key', { length: 300 }),
    timings: jsonb('timings').$type<Record<string, number>>(),
    engine: varchar('engine', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
)

export const feedbackRatingEnum = pgEnum('chat_feedback_rating', ['up', 'down'])

/** A user's thumbs up or down on one of the bot's answers. */
export const chatFeedback = pgTable('chat_feedback', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: 'cascade' }),
  rating: feedbackRatingEnum('rating').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const handoffStatusEnum = pgEnum('chat_handoff_status', ['queued', 'accepted', 'callback_requested', 'closed'])

/** A conversation handed to a person: the queue item supervisors work from. */
export const chatHandoffs = pgTable(
  'chat_handoffs',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    status: handoffStatusEnum('status').notNull(),
    reason: text('reason'),
    summary: text('summary').notNull(),
    callbackName: varchar('callback_name', { length: 120 }),
    callbackPhone: varchar('callback_phone', { length: 40 }),
    callbackTime: varchar('callback_time', { length: 120 }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_handoffs_conversation_unique').on(t.conversationId),
    index('chat_handoffs_status_idx').on(t.status, t.requestedAt),
  ],
)

/*
 * Reservation hub and EMR (docs/decisions/017): a clinic group's sites, practitioners, visit types,
 * availability and appointments, and its patients' records, FHIR R4 in shape. Named apart from the
 * contact centre's own `services` and `locations`. Times are UTC instants; each site carries its
 * IANA zone, and rules are in the site's wall-clock time. Free slots are computed, never stored.
 * Two exclusion constraints (btree_gist, in migration 0016's SQL) make a double booking impossible.
 */

/** A clinic site (FHIR Location) and the zone its day runs in. */
export const clinicSites = pgTable(
  'clinic_sites',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    address: varchar('address', { length: 300 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('clinic_sites_code_unique').on(t.code)],
)

/** A clinician who sees patients (FHIR Practitioner with its role's specialty). */
export const practitioners = pgTable(
  'practitioners',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    prefix: varchar('prefix', { length: 20 }).notNull().default(''),
    givenName: varchar('given_name', { length: 100 }).notNull(),
    familyName: varchar('family_name', { length: 100 }).notNull(),
    specialty: varchar('specialty', { length: 100 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('practitioners_code_unique').on(t.code)],
)

/** A kind of visit (FHIR HealthcareService): how long it lasts, the gap after it, how far ahead it must be booked. */
export const visitTypes = pgTable(
  'visit_types',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('visit_types_code_unique').on(t.code),
    check(
      'visit_types_duration_positive',
      sql`${t.durationMinutes} > 0 and ${t.bufferMinutes} >= 0 and ${t.minNoticeMinutes} >= 0`,
    ),
  ],
)

/** Which visit types a practitioner offers. */
export const practitionerVisitTypes = pgTable(
  'practitioner_visit_types',
  {
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('practitioner_visit_types_unique').on(t.practitionerId, t.visitTypeId)],
)

/** A practitioner's weekly hours at a site, in the site's wall-clock time (weekday 0 = Sunday). */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: serial('id').primaryKey(),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => clinicSites.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    index('availability_rules_practitioner_idx').on(t.practitionerId, t.siteId),
    check('availability_rules_weekday', sql`${t.weekday} between 0 and 6`),
    check('availability_rules_times', sql`${t.startTime} < ${t.endTime}`),
  ],
)

/** A change on one site-local date: a day or part of it off, or extra hours. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: serial('id').primaryKey(),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    /** Null: every site (a day of leave). */
    siteId: integer('site_id').references(() => clinicSites.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    available: boolean('available').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
  },
  (t) => [index('availability_exceptions_practitioner_idx').on(t.practitionerId, t.date)],
)

export const genderEnum = pgEnum('patient_gender', genders)

/** A patient (FHIR Patient): demographics the contact centre needs to find and reach them. */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    /** The clinic's medical record number (FHIR identifier). */
    mrn: varchar('mrn', { length: 20 }).notNull(),
    givenName: varchar('given_name', { length: 100 }).notNull(),
    familyName: varchar('family_name', { length: 100 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: genderEnum('gender').notNull(),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    /** BCP-47, e.g. en, es, pl. */
    preferredLanguage: varchar('preferred_language', { length: 20 }).notNull().default('en'),
    address: varchar('address', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patients_mrn_unique').on(t.mrn),
    index('patients_family_name_idx').on(sql`lower(${t.familyName})`),
    index('patients_birth_date_idx').on(t.birthDate),
  ],
)

export const appointmentStatusEnum = pgEnum('appointment_status', appointmentStatuses)

/**
 * An appointment (FHIR Appointment). `blockedUntil` is its end plus the visit type's buffer: the
 * range [start, blockedUntil) is what the exclusion constraint keeps from overlapping another for the
 * same practitioner, while the patient's constraint uses [start, end).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'restrict' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => clinicSites.id, { onDelete: 'restrict' }),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id, { onDelete: 'restrict' }),
    status: appointmentStatusEnum('status').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /** What the caller asked for or the agent noted when booking (not clinical). */
    bookingNote: varchar('booking_note', { length: 500 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 300 }),
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_start_idx').on(t.startAt),
    index('appointments_practitioner_idx').on(t.practitionerId, t.startAt),
    index('appointments_patient_idx').on(t.patientId, t.startAt),
    index('appointments_status_idx').on(t.status, t.startAt),
    check('appointments_times', sql`${t.startAt} < ${t.endAt} and ${t.endAt} <= ${t.blockedUntil}`),
  ],
)

/** The audit trail of an appointment: every booking, move and change of status, by whom and why. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 30 }).notNull(),
    fromStatus: appointmentStatusEnum('from_status'),
    toStatus: appointmentStatusEnum('to_status'),
    reason: varchar('reason', { length: 300 }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.at)],
)

export const encounterStatusEnum = pgEnum('encounter_status', encounterStatuses)

/** A visit as it happened (FHIR Encounter): "in room" is an encounter in progress. */
export const encounters = pgTable(
  'encounters',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id').references(() => practitioners.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => clinicSites.id, { onDelete: 'set null' }),
    status: encounterStatusEnum('status').notNull(),
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('encounters_appointment_unique').on(t.appointmentId),
    index('encounters_patient_idx').on(t.patientId, t.startedAt),
  ],
)

/** A clinician's note on a visit: the product's most sensitive text (clinicians and admins read it). */
export const clinicalNotes = pgTable(
  'clinical_notes',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    encounterId: integer('encounter_id').references(() => encounters.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => practitioners.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    text: text('text').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('clinical_notes_patient_idx').on(t.patientId, t.writtenAt)],
)

export const problemStatusEnum = pgEnum('problem_status', problemStatuses)

/** A problem on the patient's list (FHIR Condition). */
export const patientProblems = pgTable(
  'patient_problems',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    description: varchar('description', { length: 200 }).notNull(),
    clinicalStatus: problemStatusEnum('clinical_status').notNull(),
    onsetDate: date('onset_date', { mode: 'string' }),
  },
  (t) => [index('patient_problems_patient_idx').on(t.patientId)],
)

export const medicationStatusEnum = pgEnum('medication_status', medicationStatuses)

/** A medicine the patient takes or took (FHIR MedicationStatement). */
export const patientMedications = pgTable(
  'patient_medications',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    dosage: varchar('dosage', { length: 200 }).notNull().default(''),
    status: medicationStatusEnum('status').notNull(),
    startedOn: date('started_on', { mode: 'string' }),
  },
  (t) => [index('patient_medications_patient_idx').on(t.patientId)],
)

export const allergyCriticalityEnum = pgEnum('allergy_criticality', allergyCriticalities)

/** An allergy or intolerance (FHIR AllergyIntolerance). */
export const patientAllergies = pgTable(
  'patient_allergies',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    substance: varchar('substance', { length: 150 }).notNull(),
    reaction: varchar('reaction', { length: 200 }).notNull().default(''),
    criticality: allergyCriticalityEnum('criticality').notNull(),
  },
  (t) => [index('patient_allergies_patient_idx').on(t.patientId)],
)

export const waitlistStatusEnum = pgEnum('waitlist_status', waitlistStatuses)

/** A patient waiting for an earlier slot of a visit type (with a practitioner or site if they asked for one). */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    visitTypeId: integer('visit_type_id')
      .notNull()
      .references(() => visitTypes.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id').references(() => practitioners.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => clinicSites.id, { onDelete: 'set null' }),
    status: waitlistStatusEnum('status').notNull().default('waiting'),
    note: varchar('note', { length: 500 }).notNull().default(''),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_entries_queue_idx').on(t.visitTypeId, t.status, t.createdAt)],
)

export const callTaskKindEnum = pgEnum('call_task_kind', callTaskKinds)
export const callTaskStatusEnum = pgEnum('call_task_status', callTaskStatuses)

/** A call the contact centre owes a patient: confirm an appointment, or offer a freed slot. */
export const callTasks = pgTable(
  'call_tasks',
  {
    id: serial('id').primaryKey(),
    kind: callTaskKindEnum('kind').notNull(),
    status: callTaskStatusEnum('status').notNull().default('open'),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    waitlistEntryId: integer('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    /** A waitlist offer: the freed slot, as it was when it freed. */
    offer: jsonb('offer').$type<{ practitionerId: number; siteId: number; visitTypeId: number; start: string }>(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    outcome: varchar('outcome', { length: 300 }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_tasks_open_idx').on(t.status, t.dueAt),
    // the reminder job runs again and again: one confirmation call per appointment
    uniqueIndex('call_tasks_confirmation_unique')
      .on(t.appointmentId)
      .where(sql`${t.kind} = 'confirmation'`),
  ],
)

export const recordAccessKindEnum = pgEnum('record_access_kind', recordAccessKinds)

/** Every opening of a patient's record: who, when, which patient, what (admins read it). */
export const patientAccessLog = pgTable(
  'patient_access_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: recordAccessKindEnum('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_access_log_at_idx').on(t.at), index('patient_access_log_patient_idx').on(t.patientId, t.at)],
)
