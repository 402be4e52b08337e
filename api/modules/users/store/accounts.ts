import { randomInt } from 'node:crypto'
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type createUserBody, type editUserBody, userMessages } from '#contract/users'
import { hashPassword } from '../../../auth/password'
import type { Db } from '../../../db/client'
import {
  campaigns,
  companyGroups,
  departments,
  entities,
  jobCodes,
  locations,
  payGroups,
  refreshTokens,
  staffProfiles,
  users,
} from '../../../db/schema'
import { notFound } from '../../../lib/http-error'
import { FormError, uniqueViolation } from '../errors'
import { getManagedUser } from './lists'
import type { Tx } from '../../../db/sql'

export type CreateUser = z.infer<typeof createUserBody>
export type EditUser = z.infer<typeof editUserBody>
type Fields = Omit<CreateUser, 'password'>
type Errors = Record<string, string[]>

const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message)

/** Errors of uniqueness only (409); any other error makes the whole answer a 400. */
const conflictFields = new Set(['email', 'employee_code'])

function fail(fallback: string, errors: Errors): never {
  const nonField = errors.email?.includes(userMessages.duplicateEmail) ? [userMessages.duplicateEmail] : []
  const onlyConflicts = Object.entries(errors).every(
    ([field, messages]) =>
      conflictFields.has(field) &&
      messages.every((m) => m === userMessages.duplicateEmail || m === userMessages.duplicateEmployeeCode),
  )
  throw new FormError(onlyConflicts ? 409 : 400, fallback, errors, nonField)
}

/** A temporary password: 14 characters with upper, lower, digit and symbol (no look-alikes). */
export function temporaryPassword() {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!#$%*?@']
  const all = sets.join('')
  const chars = sets.map((s) => s[randomInt(s.length)])
  while (chars.length < 14) chars.push(all[randomInt(all.length)])
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

type Current = {
  departmentId: number | null
  locationId: number | null
  campaignId: number | null
  entityId: number | null
  companyGroupId: number | null
  payGroupId: number | null
  jobCodeId: number | null
  supervisorId: number | null
} | null

/**
 * The ids the form refers to exist; codes no longer in use may be kept on a record that has them
 * but not given anew; the supervisor is an active QA supervisor (not the user themself).
 */
async function checkReferences(db: Db, f: Fields, errors: Errors, selfId: number | null, current: Current) {
  const exists = async (
    table: typeof departments | typeof locations | typeof campaigns,
    id: number | null | undefined,
  ) => (id ? (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0 : true)
  const [dep, loc, camp] = await Promise.all([
    exists(departments, f.department_id),
    exists(locations, f.location_id),
    exists(campaigns, f.campaign_id),
  ])
  if (!dep) add(errors, 'department_id', 'Unknown department')
  if (!loc) add(errors, 'location_id', 'Unknown location')
  if (!camp) add(errors, 'campaign_id', 'Unknown campaign')

  const codes = [
    ['entity_id', entities, 'entity', current?.entityId],
    ['company_group_id', companyGroups, 'company group', current?.companyGroupId],
    ['pay_group_id', payGroups, 'pay group', current?.payGroupId],
    ['job_code_id', jobCodes, 'job code', current?.jobCodeId],
  ] as const
  await Promise.all(
    codes.map(async ([field, table, label, kept]) => {
      const id = f[field]
      if (!id) return
      const [row] = await db.select({ isActive: table.isActive }).from(table).where(eq(table.id, id))
      if (!row) add(errors, field, `Unknown ${label}`)
      else if (!row.isActive && id !== kept) add(errors, field, `This ${label} is no longer in use`)
    }),
  )

  if (f.supervisor_id) {
    if (f.supervisor_id === selfId) add(errors, 'supervisor_id', 'A user cannot be their own supervisor')
    else {
      const [sup] = await db
        .select({ role: users.role, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, f.supervisor_id))
      const keptInactive = sup?.role === 'qa_supervisor' && f.supervisor_id === current?.supervisorId
      if (!sup || sup.role !== 'qa_supervisor' || (!sup.isActive && !keptInactive)) {
        add(errors, 'supervisor_id', 'Choose an active QA supervisor')
      }
    }
  }
}

async function checkUnique(db: Db, f: Fields, errors: Errors, selfId: number | null) {
  const [emailTaken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${f.email}`, selfId ? ne(users.id, selfId) : undefined))
  if (emailTaken) add(errors, 'email', userMessages.duplicateEmail)
  if (f.employee_code) {
    const [codeTaken] = await db
      .select({ id: staffProfiles.userId })
      .from(staffProfiles)
      .where(
        and(eq(staffProfiles.employeeCode, f.employee_code), selfId ? ne(staffProfiles.userId, selfId) : undefined),
      )
    if (codeTaken) add(errors, 'employee_code', userMessages.duplicateEmployeeCode)
  }
}

const hiredOn = (d: string | null | undefined) => (d ? new Date(`${d}T00:00:00Z`) : null)

function profileOf(userId: number, f: Fields) {
  return {
    userId,
    employeeCode: f.employee_code!,
    departmentId: f.department_id ?? null,
    locationId: f.location_id ?? null,
    supervisorId: f.supervisor_id ?? null,
    campaignId: f.campaign_id ?? null,
    entityId: f.entity_id ?? null,
    companyGroupId: f.company_group_id ?? null,
    payGroupId: f.pay_group_id ?? null,
    jobCodeId: f.job_code_id ?? null,
    hiredOn: hiredOn(f.hired_on),
  }
}

/** A unique index lost a race with another request: the same answer as the pre-check gives. */
function raceError(error: unknown, fallback: string): never {
  const constraint = uniqueViolation(error)
  if (constraint === null) throw error
  const errors: Errors = {}
  if (constraint.includes('employee_code')) add(errors, 'employee_code', userMessages.duplicateEmployeeCode)
  else add(errors, 'email', userMessages.duplicateEmail)
  fail(fallback, errors)
}

/** Ends every session of a user at once (the access token dies with its refresh family). */
export function revokeSessions(tx: Db | Tx, userId: number) {
  return tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}

export async function createUser(db: Db, body: CreateUser) {
  const { password, ...f } = body
  const errors: Errors = {}
  await checkReferences(db, f, errors, null, null)
  await checkUnique(db, f, errors, null)
  if (Object.keys(errors).length) fail(userMessages.createFailed, errors)

  const temporary = password ? null : temporaryPassword()
  const passwordHash = await hashPassword(password ?? temporary!)
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: f.email,
          firstName: f.first_name,
          lastName: f.last_name,
          role: f.role,
          phone: f.phone ?? null,
          passwordHash,
        })
        .returning({ id: users.id })
      if (f.employee_code) await tx.insert(staffProfiles).values(profileOf(row.id, f))
      return row.id
    })
    .catch((error) => raceError(error, userMessages.createFailed))
  return { user: (await getManagedUser(db, id))!, temporary_password: temporary }
}

export async function editUser(db: Db, callerId: number, body: EditUser) {
  const { id, password, is_active: isActive, ...f } = body
  const [existing] = await db
    .select({ role: users.role, isActive: users.isActive, profile: staffProfiles })
    .from(users)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, users.id))
    .where(eq(users.id, id))
  if (!existing) throw notFound(userMessages.notFound)
  if (id === callerId && isActive === false)
    throw new FormError(409, userMessages.selfDeactivate, {}, [userMessages.selfDeactivate])
  if (id === callerId && f.role !== 'admin')
    throw new FormError(409, userMessages.selfDemote, {}, [userMessages.selfDemote])

  const errors: Errors = {}
  await checkReferences(db, f, errors, id, existing.profile)
  await checkUnique(db, f, errors, id)
  if (existing.role === 'qa_supervisor' && f.role !== 'qa_supervisor') {
    const [{ n }] = await db
      .select({ n: count() })
      .from(staffProfiles)
      .innerJoin(users, eq(users.id, staffProfiles.userId))
      .where(and(eq(staffProfiles.supervisorId, id), eq(users.isActive, true)))
    if (n > 0) {
      add(
        errors,
        'role',
        `${n} active agent${n === 1 ? ' reports' : 's report'} to this QA supervisor: assign them to another first`,
      )
    }
  }
  if (Object.keys(errors).length) fail(userMessages.updateFailed, errors)

  const passwordHash = password ? await hashPassword(password) : undefined
  await db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          email: f.email,
          firstName: f.first_name,
          lastName: f.last_name,
          role: f.role,
          phone: f.phone ?? null,
          ...(isActive !== undefined && { isActive }),
          ...(passwordHash && { passwordHash }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
      if (f.employee_code) {
        const { userId: _userId, ...profile } = profileOf(id, f)
        await tx
          .insert(staffProfiles)
          .values(profileOf(id, f))
          .onConflictDoUpdate({ target: staffProfiles.userId, set: profile })
      } else {
        await tx.delete(staffProfiles).where(eq(staffProfiles.userId, id))
      }
      if (isActive === false || passwordHash) await revokeSessions(tx, id)
    })
    .catch((error) => raceError(error, userMessages.updateFailed))
  return (await getManagedUser(db, id))!
}

/** Deactivates a user and ends their sessions at once; an admin cannot deactivate themself. */
export async function deactivateUser(db: Db, callerId: number, id: number) {
  if (id === callerId) throw new FormError(409, userMessages.selfDeactivate, {}, [userMessages.selfDeactivate])
  const found = await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id })
    if (rows.length) await revokeSessions(tx, id)
    return rows.length > 0
  })
  if (!found) throw notFound(userMessages.notFound)
  return (await getManagedUser(db, id))!
}

/** Emails (lower-case) and employee codes among `emails`/`codes` that already belong to someone. */
export async function takenKeys(db: Db | Tx, emails: string[], codes: string[]) {
  const taken = { emails: new Set<string>(), codes: new Set<string>() }
  for (let i = 0; i < emails.length; i += KEY_CHUNK) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails.slice(i, i + KEY_CHUNK)))
    for (const r of rows) taken.emails.add(r.email)
  }
  for (let i = 0; i < codes.length; i += KEY_CHUNK) {
    const rows = await db
      .select({ code: staffProfiles.employeeCode })
      .from(staffProfiles)
      .where(inArray(staffProfiles.employeeCode, codes.slice(i, i + KEY_CHUNK)))
    for (const r of rows) taken.codes.add(r.code)
  }
  return taken
}

const KEY_CHUNK = 5000
