// No zod here: the list page imports this and stays light.
import { utcDates } from '~/lib/intl-formats'

export const USER_LIST_PATH = '/demo-portal/solutions/call-evaluation/manage-user'
export const userEditPath = (id: number) => `${USER_LIST_PATH}/${id}`
export const USER_EXPORT_PATH = '/resources/user-export'
export const USER_UPLOAD_TEMPLATE_PATH = `${USER_LIST_PATH}/upload-template.csv`

// One zone for server and browser, so the server's HTML and the hydrated page agree.
const dateTimeFormat = utcDates({ dateStyle: 'medium', timeStyle: 'short' })
const dayFormat = utcDates({ dateStyle: 'medium' })
const timeFormat = utcDates({ timeStyle: 'short' })

export function formatLastLogin(iso: string | null) {
  return iso ? `${dateTimeFormat.format(new Date(iso))} UTC` : 'Never'
}
export const formatDay = (iso: string) => dayFormat.format(new Date(iso))
export const formatTime = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`

export type Option = { value: string; label: string }
