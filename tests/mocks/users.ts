import { HttpResponse } from 'msw'
import type { ZodError } from 'zod'
import { endpoints } from '#contract/endpoints'
import {
  createUserBody,
  USER_UPLOAD_MAX_BYTES,
  userExportColumns,
  userMessages,
  userUploadRequiredColumns,
  type CreateUserBody,
  type ManagedUser,
  type UserFilters,
  type UserUploadReport,
} from '#contract/users'
import {
  companyGroups,
  departments,
  entities,
  jobCodes,
  locations,
  managedUserById,
  managedUsers,
  payGroups,
  staffPicksOf,
} from '#tests/fixtures/managed-users'
import { error } from './auth'
import { answer, mock } from './endpoint'

export const TEMPORARY_PASSWORD = 'Tmp-7hK2-pQ9x'

/** Field errors the way the API names them: `a.b`, `a.0.b`. */
function fieldErrors(zodError: ZodError) {
  const errors: Record<string, string[]> = {}
  for (const issue of zodError.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message)
  return errors
}

/** A rejected form as the API sends it: the first non-field error is also the message. */
function formError(status: number, fallback: string, errors: Record<string, string[]>, nonField: string[] = []) {
  return HttpResponse.json(
    {
      data: null,
      message: nonField[0] ?? fallback,
      errors,
      ...(nonField.length ? { non_field_errors: nonField } : {}),
    },
    { status },
  )
}

function matching(f: Omit<UserFilters, 'ordering'>) {
  const needle = f.search?.toLowerCase()
  return managedUsers
    .filter((u) => !needle || `${u.full_name} ${u.email}`.toLowerCase().includes(needle))
    .filter((u) => !f.role || u.role === f.role)
    .filter((u) => !f.department_id || u.department?.id === f.department_id)
    .filter((u) => !f.location_id || u.location?.id === f.location_id)
    .filter((u) => f.is_active === undefined || u.is_active === f.is_active)
}

const named = <T extends { id: number }>(list: T[], id: number | null | undefined) =>
  id == null ? undefined : list.find((x) => x.id === id)

/** The user a valid create or edit body describes (staff refs resolved from the lookups). */
function userFrom(body: CreateUserBody & { email: string }, id: number, base?: ManagedUser): ManagedUser {
  const pick = <T extends { id: number; name: string }>(list: T[], ref: number | null | undefined) => {
    const item = named(list, ref)
    return item ? { id: item.id, name: item.name } : null
  }
  const code = (list: typeof entities, ref: number | null | undefined) => {
    const item = named(list, ref)
    return item ? { id: item.id, code: item.code, name: item.name } : null
  }
  const supervisor = body.supervisor_id ? managedUserById(body.supervisor_id) : undefined
  return {
    id,
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name,
    full_name: `${body.first_name} ${body.last_name}`,
    role: body.role,
    is_active: base?.is_active ?? true,
    last_login: base?.last_login ?? null,
    phone: body.phone ?? null,
    employee_code: body.employee_code ?? null,
    department: pick(departments, body.department_id),
    location: pick(locations, body.location_id),
    supervisor: supervisor ? { id: supervisor.id, name: supervisor.full_name } : null,
    campaign: null,
    entity: code(entities, body.entity_id),
    company_group: code(companyGroups, body.company_group_id),
    pay_group: code(payGroups, body.pay_group_id),
    job_code: code(jobCodes, body.job_code_id),
    hired_on: body.hired_on ?? null,
    date_joined: base?.date_joined ?? new Date().toISOString(),
  }
}

const emailTaken = (email: string, except?: number) =>
  managedUsers.some((u) => u.email === email.toLowerCase() && u.id !== except)

const duplicateEmail = (fallback: string) =>
  formError(409, fallback, { email: [userMessages.duplicateEmail] }, [userMessages.duplicateEmail])

/** A CSV cell for the export (no quoting needed for the fixtures beyond commas). */
const cell = (value: unknown) => {
  const text = value == null ? '' : String(value)
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The upload's rows checked like the API would (minus the database): a report per row. */
function importCsv(text: string): UserUploadReport | Response {
  const [headerLine, ...lines] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
  const header = (headerLine ?? '').split(',').map((h) => h.trim())
  const missing = userUploadRequiredColumns.filter((c) => !header.includes(c))
  if (missing.length)
    return error(400, `The file is missing the columns: ${missing.join(', ')}`, {
      file: [`Missing columns: ${missing.join(', ')}`],
    })
  const report: UserUploadReport = {
    total_rows: lines.length,
    created_count: 0,
    rejected_count: 0,
    created: [],
    rejected: [],
  }
  const seen = new Set<string>()
  lines.forEach((line, i) => {
    const cells = line.split(',')
    const row = Object.fromEntries(header.map((h, j) => [h, cells[j]?.trim() ?? '']))
    const department = departments.find((d) => d.name === row.department)
    const location = locations.find((l) => l.name === row.location)
    const parsed = createUserBody.safeParse({
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      employee_code: row.employee_code || null,
      department_id: department?.id ?? null,
      location_id: location?.id ?? null,
    })
    const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error)
    if (row.department && !department) errors.department = [`Unknown department "${row.department}"`]
    if (row.location && !location) errors.location = [`Unknown location "${row.location}"`]
    const email = row.email?.toLowerCase() || null
    if (email && (emailTaken(email) || seen.has(email))) (errors.email ??= []).push(userMessages.duplicateEmail)
    if (Object.keys(errors).length) {
      report.rejected.push({ row: i + 2, email, reason: Object.values(errors).flat().join('; '), errors })
    } else {
      seen.add(email!)
      report.created.push({ row: i + 2, id: 100 + i, email: email! })
    }
  })
  report.created_count = report.created.length
  report.rejected_count = report.rejected.length
  return report
}

// Stateless: writes answer as the API would without changing the fixtures, so tests stay independent.
// Only admins manage users: the table's roles, checked by mock().
export const userHandlers = [
  mock(
    endpoints.listUsers,
    ({ query }) => {
      const { page, page_size: size } = query
      const rows = matching(query)
      const totalPages = Math.ceil(rows.length / size)
      return {
        count: rows.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: rows.slice((page - 1) * size, page * size),
      }
    },
    userMessages.listed,
  ),

  mock(
    endpoints.userById,
    ({ params }) => managedUserById(params.id) ?? error(404, userMessages.notFound),
    'User retrieved successfully',
  ),

  mock(
    endpoints.createUser,
    ({ body }) => {
      if (emailTaken(body.email)) return duplicateEmail(userMessages.createFailed)
      const user = userFrom(body, 500)
      return { user, temporary_password: body.password ? null : TEMPORARY_PASSWORD }
    },
    userMessages.created,
  ),

  mock(
    endpoints.editUser,
    ({ body, user: admin }) => {
      const base = managedUserById(body.id)
      if (!base) return error(404, userMessages.notFound)
      const self = body.id === admin.id
      if (self && body.is_active === false)
        return formError(409, userMessages.selfDeactivate, {}, [userMessages.selfDeactivate])
      if (self && body.role !== 'admin') return formError(409, userMessages.selfDemote, {}, [userMessages.selfDemote])
      if (emailTaken(body.email, base.id)) return duplicateEmail(userMessages.updateFailed)
      const user = userFrom(body, base.id, base)
      return { ...user, is_active: body.is_active ?? base.is_active }
    },
    userMessages.updated,
  ),

  mock(
    endpoints.deactivateUser,
    ({ params, user: admin }) => {
      const found = managedUserById(params.id)
      if (!found) return error(404, userMessages.notFound)
      if (found.id === admin.id) return formError(409, userMessages.selfDeactivate, {}, [userMessages.selfDeactivate])
      return { ...found, is_active: false }
    },
    userMessages.deactivated,
  ),

  mock(endpoints.userUpload, async ({ request }) => {
    if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
      return error(415, 'Send the CSV as multipart/form-data in the field "file"')
    }
    const form = await request.formData()
    const file = form.get('file')
    if (!(file instanceof File))
      return error(400, 'Attach the CSV file in the field "file"', { file: ['Attach a CSV file'] })
    if (file.size > USER_UPLOAD_MAX_BYTES) return error(413, 'The file is larger than 5 MB')
    const report = importCsv(await file.text())
    if (report instanceof Response) return report
    return answer(report, `${report.created_count} users created, ${report.rejected_count} rows rejected`)
  }),

  mock(endpoints.exportUserList, ({ query }) => {
    const lines = [
      userExportColumns.join(','),
      ...matching(query).map((u) =>
        [
          u.id,
          u.email,
          u.first_name,
          u.last_name,
          u.role,
          u.is_active,
          u.employee_code,
          u.phone,
          u.department?.name,
          u.location?.name,
          u.supervisor ? managedUserById(u.supervisor.id)?.email : '',
          u.campaign?.name,
          u.entity?.code,
          u.company_group?.code,
          u.pay_group?.code,
          u.job_code?.code,
          u.hired_on,
          u.last_login,
          u.date_joined,
        ]
          .map(cell)
          .join(','),
      ),
    ]
    return new HttpResponse(`${lines.join('\r\n')}\r\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="users-2025-06-02.csv"',
      },
    })
  }),

  ...([endpoints.userListAgent, endpoints.userListQaSupervisor] as const).map((endpoint) =>
    mock(
      endpoint,
      ({ query }) => {
        const results = staffPicksOf(endpoint === endpoints.userListAgent ? 'agent' : 'qa_supervisor')
        return { count: results.length, results: results.slice(0, query.limit) }
      },
      'User list retrieved successfully',
    ),
  ),
]
