import { z } from 'zod'
import { role, user } from './accounts'
import { isoDate, paged, pageQuery } from './envelope'
export { userUploadColumns, userUploadRequiredColumns, USER_UPLOAD_MAX_BYTES, USER_UPLOAD_MAX_ROWS } from './limits'
import { staffRoles } from './roles'
export { staffRoles } from './roles'
export { userMessages } from './user-messages'

/**
 * User management (`/api/accounts/…`, SPEC §7 Users; admin only unless noted). A user is the
 * account (`users`) plus, for contact-centre staff, the HR/WFM record (`staff_profiles`).
 */

const dbId = z.number().int().positive().max(2_147_483_647)
const queryId = z.coerce.number().int().positive().max(2_147_483_647)
const optionalRef = dbId.nullable().optional()
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

// A name starts with a letter, so it can never start a spreadsheet formula (=, +, -, @).
const personName = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`)
    .regex(
      /^(?:[\p{L}\p{M}][\p{L}\p{M}\p{N} '’.,-]*)?$/u,
      `${label}: use letters, spaces, apostrophes, hyphens and full stops, starting with a letter`,
    )

export const userEmail = z
  .string({ required_error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  // a check, not a .transform(): see `userFields`
  .toLowerCase()

export const userPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password is at most 128 characters')

export const employeeCode = z
  .string()
  .trim()
  .min(1, 'Employee code is required')
  .max(30, 'Employee code is at most 30 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'Employee code: use letters, digits, dots, slashes and hyphens')
  // a check, not a .transform(): see `userFields`
  .toUpperCase()

export const phoneNumber = z
  .string()
  .trim()
  .max(30, 'Phone is at most 30 characters')
  .regex(/^\+?[0-9][0-9 ()-]*$/, 'Enter a phone number: digits, spaces, brackets and hyphens, optionally after +')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'A phone number has at least 7 digits')

/**
 * The fields of a user as the create and edit forms send them (ids from the access_mgmt lookups).
 *
 * Every error in one answer: zod runs the object's refinement (`userRules`: what a role requires) only
 * when no field has aborted, and a failed `.transform()` aborts its field. So a field here normalises
 * with zod's string checks (`.trim()`, `.toLowerCase()`), which leave a failed field merely invalid,
 * never with `.transform()`: otherwise an empty form reports the names and e-mail first and, once
 * they are fixed, the employee code, department and location the role needs. (A missing or
 * wrongly-typed key still aborts; the forms send every key as a string or null.)
 */
const userFields = z.object({
  email: userEmail,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  role,
  employee_code: employeeCode.nullable().optional(),
  phone: phoneNumber.nullable().optional(),
  department_id: optionalRef,
  location_id: optionalRef,
  /** An agent's QA supervisor (a user with the qa_supervisor role); agents only. */
  supervisor_id: optionalRef,
  campaign_id: optionalRef,
  entity_id: optionalRef,
  company_group_id: optionalRef,
  pay_group_id: optionalRef,
  job_code_id: optionalRef,
  hired_on: isoDate.nullable().optional(),
})
type UserFields = z.infer<typeof userFields>

const staffFields = [
  'department_id',
  'location_id',
  'supervisor_id',
  'campaign_id',
  'entity_id',
  'company_group_id',
  'pay_group_id',
  'job_code_id',
  'hired_on',
] as const

/** Rules across fields, shared by the form (conform) and the API. */
function userRules(value: UserFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
  const isStaff = (staffRoles as readonly string[]).includes(value.role)
  if (isStaff) {
    if (!value.employee_code) issue('employee_code', 'Employee code is required for agents and QA supervisors')
    if (!value.department_id) issue('department_id', 'Department is required for agents and QA supervisors')
    if (!value.location_id) issue('location_id', 'Location is required for agents and QA supervisors')
  } else if (!value.employee_code && staffFields.some((f) => value[f] != null)) {
    issue('employee_code', 'Employee code is required for a staff record')
  }
  if (value.supervisor_id && value.role !== 'agent') issue('supervisor_id', 'Only agents report to a QA supervisor')
}

/**
 * POST `create_user/`. Without `password` the API generates a temporary one and returns it once
 * (`temporary_password`); it is never shown again.
 */
export const createUserBody = userFields.extend({ password: userPassword.nullable().optional() }).superRefine(userRules)
export type CreateUserBody = z.input<typeof createUserBody>

/**
 * PUT `edit_user/`: the whole record (PUT replaces it: an optional field left out is cleared).
 * `password` sets a new password and ends the user's sessions; `is_active` left out keeps the
 * current state (false deactivates, as `deactivate_user/`; true reactivates).
 */
export const editUserBody = userFields
  .extend({
    id: dbId,
    password: userPassword.nullable().optional(),
    is_active: z.boolean().optional(),
  })
  .superRefine(userRules)
export type EditUserBody = z.input<typeof editUserBody>

const ref = z.object({ id: z.number().int(), name: z.string() })
const codedRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() })

/** A user as user management shows it: the account plus the staff record (nulls where there is none). */
export const managedUser = user.extend({
  phone: z.string().nullable(),
  employee_code: z.string().nullable(),
  department: ref.nullable(),
  location: ref.nullable(),
  supervisor: ref.nullable(),
  campaign: ref.nullable(),
  entity: codedRef.nullable(),
  company_group: codedRef.nullable(),
  pay_group: codedRef.nullable(),
  job_code: codedRef.nullable(),
  /** YYYY-MM-DD */
  hired_on: z.string().nullable(),
  /** When the account was created (ISO). */
  date_joined: z.string(),
})
export type ManagedUser = z.infer<typeof managedUser>

export const createUserResult = z.object({
  user: managedUser,
  /** Set only when the request had no password: give it to the user, it is not shown again. */
  temporary_password: z.string().nullable(),
})
export type CreateUserResult = z.infer<typeof createUserResult>

export const userOrdering = z.enum(['name', '-name', 'email', '-email', 'role', 'date_joined', '-date_joined'])

/** The filters of `users/{query}` and `export-user-list/{query}`. */
export const userFilters = z.object({
  /** Part of the name (first, last or full) or of the email, case-insensitive. */
  search: z.string().trim().max(100).optional(),
  role: role.optional(),
  department_id: queryId.optional(),
  location_id: queryId.optional(),
  is_active: queryBoolean.optional(),
  ordering: userOrdering.default('name'),
})
export type UserFilters = z.infer<typeof userFilters>

/** GET `users/{query}`: a page of users with the filters. */
export const userListQuery = pageQuery.merge(userFilters)
export type UserListQuery = z.input<typeof userListQuery>
export const userList = paged(managedUser)
export type UserList = z.infer<typeof userList>

/** GET `export-user-list/{query}`: the filtered list as CSV (text/csv, one header row), these columns. */
export const exportUserListQuery = userFilters
export const userExportColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'is_active',
  'employee_code',
  'phone',
  'department',
  'location',
  'supervisor_email',
  'campaign',
  'entity',
  'company_group',
  'pay_group',
  'job_code',
  'hired_on',
  'last_login',
  'date_joined',
] as const

/** `row` is the line of the file where the row ends: the header is line 1, the first user line 2 (as a spreadsheet numbers rows). */
export const uploadedRow = z.object({ row: z.number().int(), id: z.number().int(), email: z.string() })
export const rejectedRow = z.object({
  row: z.number().int(),
  email: z.string().nullable(),
  /** One line for the report: every problem of the row. */
  reason: z.string(),
  /** The problems by column. */
  errors: z.record(z.array(z.string())),
})
export const userUploadReport = z.object({
  total_rows: z.number().int(),
  created_count: z.number().int(),
  rejected_count: z.number().int(),
  created: z.array(uploadedRow),
  rejected: z.array(rejectedRow),
})
export type UserUploadReport = z.infer<typeof userUploadReport>

/** GET `user_list/agent/` and `user_list/qa_supervisor/`: active people of that role for pickers (any signed-in user). */
export const staffPickQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
})
export type StaffPickQuery = z.input<typeof staffPickQuery>
/** A member of staff for pickers: e-mail and employee code only for admins and QA supervisors (null for the rest). */
export const staffPick = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  employee_code: z.string().nullable(),
  department_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  /** An agent's QA supervisor (null for supervisors). */
  supervisor_id: z.number().int().nullable(),
})
export type StaffPick = z.infer<typeof staffPick>
export const staffPickList = z.object({ count: z.number().int().nonnegative(), results: z.array(staffPick) })
export type StaffPickList = z.infer<typeof staffPickList>

export const userIdParam = z.object({ id: queryId })
