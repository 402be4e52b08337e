import { randomBytes } from 'node:crypto'
import { CsvError, parse } from 'csv-parse/sync'
import { eq, inArray, and, sql } from 'drizzle-orm'
import { roleLabel, roles, type Role } from '#contract/accounts'
import {
  createUserBody,
  userUploadColumns,
  userUploadRequiredColumns,
  USER_UPLOAD_MAX_ROWS,
  type UserUploadReport,
  userMessages,
} from '#contract/users'
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
  staffProfiles,
  users,
} from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { uniqueViolation } from '../errors'
import { takenKeys, type CreateUser } from './accounts'

type Column = (typeof userUploadColumns)[number]
type Errors = Partial<Record<Column | 'row', string[]>>
type Row = {
  row: number
  email: string | null
  role?: Role | null
  errors: Errors
  user?: Omit<CreateUser, 'password'>
  supervisorEmail?: string
}

export const NOT_CSV = 'Upload a CSV file (comma-separated text)'

/** Magic numbers of the files people upload by mistake instead of a CSV export. */
const binarySignatures = [
  [0x50, 0x4b, 0x03, 0x04], // zip: xlsx, docx, ods
  [0xd0, 0xcf, 0x11, 0xe0], // legacy Office: xls
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
]

/** The bytes as text, or 415: binary files and text that is not UTF-8 are not CSV. */
export function csvText(bytes: Buffer): string {
  if (binarySignatures.some((sig) => sig.every((b, i) => bytes[i] === b)) || bytes.includes(0)) {
    throw new HttpError(415, NOT_CSV)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new HttpError(415, 'The file is not UTF-8 text: save it as "CSV UTF-8"')
  }
}

// A spreadsheet runs a cell starting with =, +, -, @ as a formula (OWASP CSV injection). A signed
// number or phone number (+44 20 7946 0958, -12) is the one harmless case of + and -.
const FORMULA_START = /^[=+\-@]/
const SIGNED_NUMBER = /^[+-][\d\s().-]*$/

function formulaProblem(value: string) {
  if (!FORMULA_START.test(value) || SIGNED_NUMBER.test(value)) return null
  return `Starts with "${value[0]}", which a spreadsheet would run as a formula (formula injection): the row was not imported`
}

const columnOfField: Record<string, Column> = {
  department_id: 'department',
  location_id: 'location',
  supervisor_id: 'supervisor_email',
  campaign_id: 'campaign',
  entity_id: 'entity',
  company_group_id: 'company_group',
  pay_group_id: 'pay_group',
  job_code_id: 'job_code',
}

/** Stands in for an id resolved later (the supervisor) or not at all (an unknown name), so the form rules run. */
const PENDING_ID = 2_147_483_647

const normalise = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

function roleOf(value: string): Role | null {
  const k = normalise(value)
  return roles.find((r) => r === k || normalise(roleLabel[r]) === k) ?? null
}

type Named = { id: number; isActive: boolean }

/** Every lookup a row may name, by lower-case name and (for coded ones) code. */
async function loadLookups(db: Db) {
  const byName = (rows: { id: number; name: string }[]) =>
    new Map(rows.map((r) => [key(r.name), { id: r.id, isActive: true }]))
  const byCodeOrName = (rows: { id: number; code: string; name: string; isActive: boolean }[]) => {
    const map = new Map<string, Named>()
    for (const r of rows) map.set(key(r.name), r)
    for (const r of rows) map.set(key(r.code), r)
    return map
  }
  const [dep, loc, camp, ent, grp, pay, job] = await Promise.all([
    db.select({ id: departments.id, name: departments.name }).from(departments),
    db.select({ id: locations.id, name: locations.name }).from(locations),
    db
      .select({ id: campaigns.id, code: campaigns.code, name: campaigns.name, isActive: campaigns.isActive })
      .from(campaigns),
    db.select().from(entities),
    db.select().from(companyGroups),
    db.select().from(payGroups),
    db.select().from(jobCodes),
  ])
  return {
    department: { label: 'department', map: byName(dep) },
    location: { label: 'location', map: byName(loc) },
    campaign: { label: 'campaign', map: byCodeOrName(camp) },
    entity: { label: 'entity', map: byCodeOrName(ent) },
    company_group: { label: 'company group', map: byCodeOrName(grp) },
    pay_group: { label: 'pay group', map: byCodeOrName(pay) },
    job_code: { label: 'job code', map: byCodeOrName(job) },
  } as const
}

/** The header: known column names (case and spaces ignored), each once, the required ones present. */
function readHeader(header: string[]) {
  if (header.length === 1 && header[0].includes(';')) {
    throw new HttpError(400, 'Separate the columns with commas, not semicolons (save the file as "CSV UTF-8")', {
      file: ['The columns are separated by semicolons'],
    })
  }
  const names = header.map(normalise)
  const known = new Set<string>(userUploadColumns)
  const unknown = header.filter((_, i) => names[i] && !known.has(names[i]))
  const repeated = names.filter((n, i) => n && names.indexOf(n) !== i)
  const missing = userUploadRequiredColumns.filter((c) => !names.includes(c))
  const problems: string[] = []
  if (missing.length) problems.push(`Missing columns: ${missing.join(', ')}`)
  if (unknown.length) problems.push(`Unknown columns: ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ')}`)
  if (repeated.length) problems.push(`Repeated columns: ${[...new Set(repeated)].join(', ')}`)
  if (problems.length) {
    throw new HttpError(400, `${problems.join('. ')}. The columns are: ${userUploadColumns.join(', ')}`, {
      file: problems,
    })
  }
  return names as (Column | '')[]
}

function parseCsv(text: string) {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    if (error instanceof CsvError) throw new HttpError(400, `The file is not valid CSV: ${error.message}`)
    throw error
  }
}

function checkRow(
  record: string[],
  line: number,
  columns: (Column | '')[],
  lookups: Awaited<ReturnType<typeof loadLookups>>,
): Row {
  const cells: Partial<Record<Column, string>> = {}
  const errors: Errors = {}
  const add = (column: Column, message: string) => (errors[column] ??= []).push(message)
  const row: Row = { row: line, email: null, errors }
  const extra = record.slice(columns.length).filter((c) => c.trim() !== '')
  record.forEach((raw, i) => {
    const column = columns[i]
    if (!column) return
    const value = raw.trim()
    if (value) cells[column] = value
    const problem = value && formulaProblem(value)
    if (problem) add(column, problem)
  })
  row.email = cells.email ?? null
  row.role = cells.role ? roleOf(cells.role) : null
  if (extra.length) {
    ;(errors.row ??= []).push(`The row has ${record.length} cells; the header has ${columns.length}`)
    return row
  }
  if (Object.keys(errors).length) return row

  const role = row.role ?? null
  if (cells.role && !role) add('role', `Unknown role "${cells.role}": use one of ${roles.join(', ')}`)
  const idOf = (column: keyof typeof lookups) => {
    const value = cells[column]
    if (!value) return undefined
    const { label, map } = lookups[column]
    const found = map.get(key(value))
    if (!found) add(column, `Unknown ${label} "${value}"`)
    else if (!found.isActive) add(column, `The ${label} "${value}" is no longer in use`)
    return found?.isActive ? found.id : PENDING_ID
  }
  // An empty cell is an empty string, not a missing key: a missing key stops zod before the rules of
  // the role (contract/users.ts), and the row would report its problems in two rounds.
  const candidate = {
    email: cells.email ?? '',
    first_name: cells.first_name ?? '',
    last_name: cells.last_name ?? '',
    role: role ?? 'visitor',
    employee_code: cells.employee_code,
    phone: cells.phone,
    department_id: idOf('department'),
    location_id: idOf('location'),
    supervisor_id: cells.supervisor_email ? PENDING_ID : undefined,
    campaign_id: idOf('campaign'),
    entity_id: idOf('entity'),
    company_group_id: idOf('company_group'),
    pay_group_id: idOf('pay_group'),
    job_code_id: idOf('job_code'),
    hired_on: cells.hired_on,
  }
  const parsed = createUserBody.safeParse(candidate)
  if (!parsed.success) {
    const mine = new Set(Object.keys(errors))
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'email')
      const column = (columnOfField[field] ?? field) as Column
      // the first problem of a column says enough (an empty email is not also "not a valid email")
      if (!mine.has(column)) add(column, issue.message)
      mine.add(column)
    }
  }
  if (Object.keys(errors).length || !parsed.success) return row
  const { password: _password, ...user } = parsed.data
  return { ...row, user, supervisorEmail: cells.supervisor_email?.toLowerCase() }
}

const INSERT_CHUNK = 2000

/**
 * Creates the users of a CSV file: every valid row in one transaction, every other row reported
 * with its reasons. Rows are checked against the database and against each other (a repeated email
 * or employee code is rejected on its later rows).
 */
export async function importUsers(db: Db, bytes: Buffer): Promise<UserUploadReport> {
  const records = parseCsv(csvText(bytes))
  if (records.length === 0) throw new HttpError(400, 'The file is empty: it needs a header row and one row per user')
  const columns = readHeader(records[0].record)
  const body = records.slice(1)
  if (body.length === 0) throw new HttpError(400, 'The file has a header but no users')
  if (body.length > USER_UPLOAD_MAX_ROWS) {
    throw new HttpError(
      413,
      `The file has ${body.length.toLocaleString('en')} rows; the limit is ${USER_UPLOAD_MAX_ROWS.toLocaleString('en')}`,
    )
  }

  const lookups = await loadLookups(db)
  const rows = body.map(({ record, info }) => checkRow(record, info.lines, columns, lookups))
  const valid = () => rows.filter((r) => r.user && Object.keys(r.errors).length === 0)

  // repeated within the file: the first row keeps the email or code
  const firstOf = { email: new Map<string, number>(), employee_code: new Map<string, number>() }
  for (const r of rows) {
    const email = r.user?.email ?? r.email?.toLowerCase()
    const code = r.user?.employee_code
    for (const [column, value] of [
      ['email', email],
      ['employee_code', code],
    ] as const) {
      if (!value) continue
      const first = firstOf[column].get(value)
      if (first === undefined) {
        firstOf[column].set(value, r.row)
      } else {
        ;(r.errors[column] ??= []).push(`Repeated in the file: the same as row ${first}`)
        delete r.user
      }
    }
  }

  // already taken in the database
  const candidates = valid()
  const taken = await takenKeys(
    db,
    candidates.map((r) => r.user!.email),
    candidates.flatMap((r) => r.user!.employee_code ?? []),
  )
  for (const r of candidates) {
    if (taken.emails.has(r.user!.email)) (r.errors.email ??= []).push(userMessages.duplicateEmail)
    if (r.user!.employee_code && taken.codes.has(r.user!.employee_code)) {
      ;(r.errors.employee_code ??= []).push(userMessages.duplicateEmployeeCode)
    }
  }

  // supervisors: an active QA supervisor in the database, or a valid QA supervisor row of the file
  const supervisorEmails = [...new Set(valid().flatMap((r) => r.supervisorEmail ?? []))]
  const known = new Map<string, number>()
  for (let i = 0; i < supervisorEmails.length; i += 5000) {
    const found = await db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.email})`, supervisorEmails.slice(i, i + 5000)),
          eq(users.role, 'qa_supervisor'),
          eq(users.isActive, true),
        ),
      )
    for (const s of found) known.set(s.email, s.id)
  }
  const inFile = new Map(
    valid()
      .filter((r) => r.user!.role === 'qa_supervisor')
      .map((r) => [r.user!.email, r]),
  )
  const rowOfEmail = new Map(rows.filter((r) => r.role === 'qa_supervisor').map((r) => [r.email?.toLowerCase(), r.row]))
  for (const r of valid()) {
    if (!r.supervisorEmail || known.has(r.supervisorEmail) || inFile.has(r.supervisorEmail)) continue
    const row = rowOfEmail.get(r.supervisorEmail)
    r.errors.supervisor_email = [
      row
        ? `The supervisor's row ${row} was not imported`
        : `No active QA supervisor has the email ${r.supervisorEmail}`,
    ]
  }

  const accepted = valid()
  const acceptedSet = new Set(accepted)
  const created = accepted.length ? await insertRows(db, accepted, known) : new Map<string, number>()
  const report: UserUploadReport = {
    total_rows: rows.length,
    created_count: accepted.length,
    rejected_count: rows.length - accepted.length,
    created: accepted.map((r) => ({ row: r.row, id: created.get(r.user!.email)!, email: r.user!.email })),
    rejected: rows
      .filter((r) => !acceptedSet.has(r))
      .map((r) => {
        const errors = Object.fromEntries(Object.entries(r.errors).filter(([, m]) => m?.length)) as Record<
          string,
          string[]
        >
        const reason = Object.entries(errors)
          .map(([column, messages]) => `${column}: ${messages.join(' ')}`)
          .join('; ')
        return { row: r.row, email: r.email, reason, errors }
      }),
  }
  return report
}

/** One transaction: the users, then their staff records (a supervisor may be a user of the same file). */
async function insertRows(db: Db, rows: Row[], supervisors: Map<string, number>) {
  // nobody knows this password: an uploaded user signs in once an admin sets theirs
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
  try {
    return await db.transaction(async (tx) => {
      const ids = new Map<string, number>()
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const inserted = await tx
          .insert(users)
          .values(
            rows.slice(i, i + INSERT_CHUNK).map(({ user }) => ({
              email: user!.email,
              firstName: user!.first_name,
              lastName: user!.last_name,
              role: user!.role,
              phone: user!.phone ?? null,
              passwordHash,
            })),
          )
          .returning({ id: users.id, email: users.email })
        for (const u of inserted) ids.set(u.email, u.id)
      }
      const profiles = rows
        .filter((r) => r.user!.employee_code)
        .map(({ user, supervisorEmail }) => ({
          userId: ids.get(user!.email)!,
          employeeCode: user!.employee_code!,
          departmentId: user!.department_id ?? null,
          locationId: user!.location_id ?? null,
          supervisorId: supervisorEmail ? (supervisors.get(supervisorEmail) ?? ids.get(supervisorEmail)!) : null,
          campaignId: user!.campaign_id ?? null,
          entityId: user!.entity_id ?? null,
          companyGroupId: user!.company_group_id ?? null,
          payGroupId: user!.pay_group_id ?? null,
          jobCodeId: user!.job_code_id ?? null,
          hiredOn: user!.hired_on ? new Date(`${user!.hired_on}T00:00:00Z`) : null,
        }))
      for (let i = 0; i < profiles.length; i += INSERT_CHUNK) {
        await tx.insert(staffProfiles).values(profiles.slice(i, i + INSERT_CHUNK))
      }
      return ids
    })
  } catch (error) {
    if (uniqueViolation(error) === null) throw error
    throw new HttpError(
      409,
      'Some of these users were added by someone else while the file was imported, so nothing was created: upload the file again',
    )
  }
}
