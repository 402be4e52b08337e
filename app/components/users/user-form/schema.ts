import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { createUserBody, editUserBody } from '#contract/users'
import { refFields } from './value'

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
