// Paths, labels and formatting for the summarization pages. Types only from the contract: its values
// would pull zod into the browser bundle of pages that do not validate anything.
import type { JobStatus } from '#contract/envelope'
import { jobStatusColor } from '~/components/layout/job-progress'
import { utcDates, numbers } from '~/lib/intl-formats'

export const SUMMARIZATION_PATH = '/demo-portal/capabilities/summarization'
export const SUMMARIZE_DEMO_PATH = `${SUMMARIZATION_PATH}/demo`
export const SUMMARY_HISTORY_PATH = `${SUMMARIZATION_PATH}/past_history`
export const summaryDetailPath = (id: number | string) => `${SUMMARIZATION_PATH}/detail?summary_id=${id}`

/** SPEC §4's labels, in the order the chart and the KPI cards show them. */
export const statusLabel: Record<JobStatus, string> = {
  completed: 'Completed',
  started: 'Started',
  in_queue: 'In Queue',
  pending: 'Pending',
  failed: 'Failed',
}
export const statusColor: Record<JobStatus, string> = jobStatusColor
export const statusOptions = (Object.keys(statusLabel) as JobStatus[]).map((value) => ({
  value,
  label: statusLabel[value],
}))

/** SPEC §4: completed and failed end the polling; the others are still on their way. */
export const inProgress = (status: JobStatus) => status !== 'completed' && status !== 'failed'

// One fixed zone and locale so the server's HTML and the browser's hydration agree.
const dateTime = utcDates({ dateStyle: 'medium', timeStyle: 'short' })
export function formatDateTime(iso: string | null | undefined) {
  return iso ? `${dateTime.format(new Date(iso))} UTC` : '—'
}

const whole = numbers()
export const formatCount = (n: number) => whole.format(n)
export const formatPct = (n: number) => `${Math.round(n * 10) / 10}%`
