import type { ManagedUser } from '#contract/users'
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
