import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { createUserBody, editUserBody, type ManagedUser } from '#contract/users'
import type { Option } from '../paths'

/** The form's shape: every value a string, as the inputs hold them. */
export type UserFormValue = {
  id?: string
  email: string
  first_name: string
  last_name: string
  role: string
  password?: string
  is_active?: string
  employee_code?: string
  phone?: string
  department_id?: string
  location_id?: string
  supervisor_id?: string
  campaign_id?: string
  entity_id?: string
  company_group_id?: string
  pay_group_id?: string
  job_code_id?: string
  hired_on?: string
}

export const refFields = [
  'department_id',
  'location_id',
  'supervisor_id',
  'campaign_id',
  'entity_id',
  'company_group_id',
  'pay_group_id',
  'job_code_id',
] as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '')
// A picked id as a number; anything else is left for the contract to reject.
const ref = (value: unknown) =>
  blank(value) ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value

/**
 * The posted strings as the contract's input. This replaces conform's automatic coercion, which turns an
 * empty field into a missing one and so swaps the contract's messages ("First name is required") for
 * zod's bare "Required". Empty optional fields are null: PUT `edit_user/` clears what is null.
 */
function formInput(value: unknown) {
  if (!isRecord(value)) return value
  const out: Record<string, unknown> = {
    email: value.email ?? '',
    first_name: value.first_name ?? '',
    last_name: value.last_name ?? '',
    role: blank(value.role) ? undefined : value.role,
    password: blank(value.password) ? null : value.password,
    employee_code: blank(value.employee_code) ? null : value.employee_code,
    phone: blank(value.phone) ? null : value.phone,
    hired_on: blank(value.hired_on) ? null : value.hired_on,
  }
  for (const field of refFields) out[field] = ref(value[field])
  if (value.id !== undefined) out.id = ref(value.id)
  if (value.is_active === 'true' || value.is_active === 'false') out.is_active = value.is_active === 'true'
  return out
}

const createUserForm = z.preprocess(formInput, createUserBody)
const editUserForm = z.preprocess(formInput, editUserBody)

/** The same rules in the browser and in the action: the contract's schemas, read from the form. */
export function parseUserForm(formData: FormData, { edit }: { edit: boolean }) {
  return edit
    ? parseWithZod(formData, { schema: editUserForm, disableAutoCoercion: true })
    : parseWithZod(formData, { schema: createUserForm, disableAutoCoercion: true })
}

const idOf = (item: { id: number } | null) => (item ? String(item.id) : '')

export function toFormValue(user: ManagedUser): UserFormValue {
  return {
    id: String(user.id),
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    password: '',
    is_active: String(user.is_active),
    employee_code: user.employee_code ?? '',
    phone: user.phone ?? '',
    department_id: idOf(user.department),
    location_id: idOf(user.location),
    supervisor_id: idOf(user.supervisor),
    campaign_id: idOf(user.campaign),
    entity_id: idOf(user.entity),
    company_group_id: idOf(user.company_group),
    pay_group_id: idOf(user.pay_group),
    job_code_id: idOf(user.job_code),
    hired_on: user.hired_on ?? '',
  }
}

export const newUserValue: UserFormValue = { email: '', first_name: '', last_name: '', role: 'agent' }

/** The API names fields by path (`a.b`, `a.0.b`); conform by `a.b` and `a[0].b`. */
export function conformFieldErrors(apiErrors: Record<string, string[]>) {
  const formErrors: string[] = []
  const fieldErrors: Record<string, string[]> = {}
  for (const [path, messages] of Object.entries(apiErrors)) {
    if (path === 'non_field_errors') formErrors.push(...messages)
    else fieldErrors[path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')] = messages
  }
  return { formErrors, fieldErrors }
}

/** The choices the form's selects offer, loaded by the page. */
export type UserFormOptions = {
  roles: Option[]
  departments: Option[]
  locations: Option[]
  supervisors: Option[]
  campaigns: Option[]
  entities: Option[]
  companyGroups: Option[]
  payGroups: Option[]
  jobCodes: Option[]
}
