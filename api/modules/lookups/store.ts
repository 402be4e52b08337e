import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  campaigns,
  companyGroups,
  departments,
  entities,
  evaluationTypes,
  jobCodes,
  locations,
  lookups,
  payGroups,
  services,
  staffProfiles,
  users,
} from '../../db/schema'
import { fullName } from '../../db/sql'
import { likePattern } from '../../lib/like'

/** Every department (team), by name. */
export function listDepartments(db: Db) {
  return db.select().from(departments).orderBy(asc(departments.name))
}

/** The first `limit` sites by name, and how many sites there are in all. */
export async function listLocations(db: Db, limit: number) {
  const [results, [{ n }]] = await Promise.all([
    db.select().from(locations).orderBy(asc(locations.name), asc(locations.id)).limit(limit),
    db.select({ n: count() }).from(locations),
  ])
  return { count: n, results }
}

const orgCodeTables = { entities, companyGroups, payGroups, jobCodes }
/** The code tables of the organisation: legal entities, company groups, pay groups and job codes. */
export type OrgCodeKind = keyof typeof orgCodeTables

/** The codes of one kind still in use, by name. */
export function listOrgCodes(db: Db, kind: OrgCodeKind) {
  const table = orgCodeTables[kind]
  return db
    .select({ id: table.id, code: table.code, name: table.name, is_active: table.isActive })
    .from(table)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.name), asc(table.id))
}

/** The business domains or languages, in their set order, then by name. */
export function listLookups(db: Db, kind: 'domain' | 'language') {
  return db
    .select({ id: lookups.id, code: lookups.code, name: lookups.name })
    .from(lookups)
    .where(eq(lookups.kind, kind))
    .orderBy(asc(lookups.sortOrder), asc(lookups.name))
}

/** Every campaign, by name. */
export function listCampaigns(db: Db) {
  return db
    .select({
      id: campaigns.id,
      code: campaigns.code,
      name: campaigns.name,
      client: campaigns.client,
      is_active: campaigns.isActive,
    })
    .from(campaigns)
    .orderBy(asc(campaigns.name))
}

/** The services by name: all of them, or one campaign's. */
export function listServices(db: Db, campaignId?: number) {
  return db
    .select({ id: services.id, campaign_id: services.campaignId, name: services.name })
    .from(services)
    .where(campaignId === undefined ? undefined : eq(services.campaignId, campaignId))
    .orderBy(asc(services.name))
}

/** The evaluation types, in their set order, then by name. */
export function listEvaluationTypes(db: Db) {
  return db
    .select({ id: evaluationTypes.id, code: evaluationTypes.code, name: evaluationTypes.name })
    .from(evaluationTypes)
    .orderBy(asc(evaluationTypes.sortOrder), asc(evaluationTypes.name))
}

export type ProjectListFilter = { limit: number; q?: string; role?: 'agent' | 'qa_supervisor' }

/**
 * Active agents and QA supervisors (or those of one role) by name, the first `limit` of them,
 * and how many match in all; `q` searches name, email and employee code.
 */
export async function listProjectPeople(db: Db, { limit, q, role }: ProjectListFilter) {
  const conditions = [eq(users.isActive, true), inArray(users.role, role ? [role] : ['agent', 'qa_supervisor'])]
  if (q) {
    const like = likePattern(q)
    conditions.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.email, like),
        ilike(staffProfiles.employeeCode, like),
      )!,
    )
  }
  const rows = await db
    .select({
      id: users.id,
      name: fullName(users),
      role: users.role,
      employee_code: staffProfiles.employeeCode,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(fullName(users)), asc(users.id))
    .limit(limit)
  return { count: rows[0]?.total ?? 0, results: rows.map(({ total: _total, ...user }) => user) }
}
