import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ManagedUser, StaffPickQuery, UserFilters } from '#contract/users'
import type { Db } from '../../../db/client'
import {
  campaigns,
  companyGroups,
  departments,
  entities,
  jobCodes,
  locations,
  payGroups,
  staffProfiles,
  users,
} from '../../../db/schema'
import { fullName } from '../../../db/sql'
import { offsetOf, pageOf } from '../../../lib/paging'
import { likePattern } from '../../../lib/like'
import { directoryRule, type Actor } from '../../../auth/access'

const supervisor = alias(users, 'supervisor')

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  phone: users.phone,
  employeeCode: staffProfiles.employeeCode,
  hiredOn: staffProfiles.hiredOn,
  departmentId: departments.id,
  departmentName: departments.name,
  locationId: locations.id,
  locationName: locations.name,
  supervisorId: supervisor.id,
  supervisorName: fullName(supervisor),
  supervisorEmail: supervisor.email,
  campaignId: campaigns.id,
  campaignCode: campaigns.code,
  campaignName: campaigns.name,
  entityId: entities.id,
  entityCode: entities.code,
  entityName: entities.name,
  companyGroupId: companyGroups.id,
  companyGroupCode: companyGroups.code,
  companyGroupName: companyGroups.name,
  payGroupId: payGroups.id,
  payGroupCode: payGroups.code,
  payGroupName: payGroups.name,
  jobCodeId: jobCodes.id,
  jobCodeCode: jobCodes.code,
  jobCodeName: jobCodes.name,
}

function selectUsers(db: Db) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .leftJoin(departments, eq(departments.id, staffProfiles.departmentId))
    .leftJoin(locations, eq(locations.id, staffProfiles.locationId))
    .leftJoin(supervisor, eq(supervisor.id, staffProfiles.supervisorId))
    .leftJoin(campaigns, eq(campaigns.id, staffProfiles.campaignId))
    .leftJoin(entities, eq(entities.id, staffProfiles.entityId))
    .leftJoin(companyGroups, eq(companyGroups.id, staffProfiles.companyGroupId))
    .leftJoin(payGroups, eq(payGroups.id, staffProfiles.payGroupId))
    .leftJoin(jobCodes, eq(jobCodes.id, staffProfiles.jobCodeId))
}

export type UserRecord = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number]

const dateOnly = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null
const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' })
const coded = (id: number | null, code: string | null, name: string | null) =>
  id === null ? null : { id, code: code ?? '', name: name ?? '' }

export function toManagedUser(r: UserRecord): ManagedUser {
  return {
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    full_name: `${r.firstName} ${r.lastName}`.trim(),
    role: r.role,
    is_active: r.isActive,
    last_login: r.lastLogin?.toISOString() ?? null,
    phone: r.phone,
    employee_code: r.employeeCode,
    department: ref(r.departmentId, r.departmentName),
    location: ref(r.locationId, r.locationName),
    supervisor: ref(r.supervisorId, r.supervisorName),
    campaign: ref(r.campaignId, r.campaignName),
    entity: coded(r.entityId, r.entityCode, r.entityName),
    company_group: coded(r.companyGroupId, r.companyGroupCode, r.companyGroupName),
    pay_group: coded(r.payGroupId, r.payGroupCode, r.payGroupName),
    job_code: coded(r.jobCodeId, r.jobCodeCode, r.jobCodeName),
    hired_on: dateOnly(r.hiredOn),
    date_joined: r.createdAt.toISOString(),
  }
}

export async function getManagedUser(db: Db, id: number) {
  const [row] = await selectUsers(db).where(eq(users.id, id))
  return row ? toManagedUser(row) : null
}

const nameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`
const orderings: Record<UserFilters['ordering'], SQL[]> = {
  name: [asc(nameKey), asc(users.id)],
  '-name': [desc(nameKey), desc(users.id)],
  email: [asc(sql`lower(${users.email})`), asc(users.id)],
  '-email': [desc(sql`lower(${users.email})`), desc(users.id)],
  role: [asc(users.role), asc(nameKey), asc(users.id)],
  date_joined: [asc(users.createdAt), asc(users.id)],
  '-date_joined': [desc(users.createdAt), desc(users.id)],
}

function whereOf(f: Omit<UserFilters, 'ordering'>) {
  const conditions: SQL[] = []
  if (f.search) {
    const like = likePattern(f.search)
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like))!)
  }
  if (f.role) conditions.push(eq(users.role, f.role))
  if (f.department_id) conditions.push(eq(staffProfiles.departmentId, f.department_id))
  if (f.location_id) conditions.push(eq(staffProfiles.locationId, f.location_id))
  if (f.is_active !== undefined) conditions.push(eq(users.isActive, f.is_active))
  return conditions.length ? and(...conditions) : undefined
}

/** A page of users with the filters of `users/{query}`. */
export async function listUsers(db: Db, q: UserFilters & { page: number; page_size: number }) {
  const where = whereOf(q)
  const [rows, [{ n }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(...orderings[q.ordering])
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db.select({ n: count() }).from(users).leftJoin(staffProfiles, eq(staffProfiles.userId, users.id)).where(where),
  ])
  return pageOf(rows.map(toManagedUser), n, q.page, q.page_size)
}

/** Every user the filters match, for the export (a user table is thousands of rows, not millions). */
export function allUsers(db: Db, f: UserFilters) {
  return selectUsers(db)
    .where(whereOf(f))
    .orderBy(...orderings[f.ordering])
}

/** Active people of one role, by name, for pickers. */
export async function staffPicks(
  db: Db,
  role: 'agent' | 'qa_supervisor',
  { q, limit }: StaffPickQuery & { limit: number },
  viewer: Actor,
) {
  // contact details, and searching by them, only for those the directory rule lets see them
  const details = directoryRule.seesContactDetails(viewer)
  const conditions = [eq(users.role, role), eq(users.isActive, true)]
  if (q) {
    const like = likePattern(q)
    const byName = ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like)
    conditions.push(details ? or(byName, ilike(users.email, like), ilike(staffProfiles.employeeCode, like))! : byName)
  }
  const rows = await db
    .select({
      id: users.id,
      name: fullName(users),
      email: details ? users.email : sql<null>`null`,
      employee_code: details ? staffProfiles.employeeCode : sql<null>`null`,
      department_id: staffProfiles.departmentId,
      location_id: staffProfiles.locationId,
      supervisor_id: staffProfiles.supervisorId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(nameKey), asc(users.id))
    .limit(limit)
  return { count: rows[0]?.total ?? 0, results: rows.map(({ total: _total, ...pick }) => pick) }
}
