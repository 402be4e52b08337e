import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { roles } from '#contract/accounts'

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt)],
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
