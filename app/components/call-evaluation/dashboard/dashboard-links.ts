// The dashboards' filter names, drill-down links and number formats. Types only from the contract:
// importing its values would pull zod into the browser bundle.
import type { DashboardFilters, TrendInterval } from '#contract/dashboards'
import { EVALUATIONS_PATH, evaluationListPath } from '../evaluation-format'
import { utcDates, numbers } from '~/lib/intl-formats'

export const DASHBOARD_PATH = `${EVALUATIONS_PATH}/evaluation-dashboard`
export const AGENT_PERFORMANCE_PATH = `${EVALUATIONS_PATH}/agent-performance-dashboard`

export const FILTER_KEYS = [
  'date_from',
  'date_to',
  'campaign_id',
  'service_id',
  'department_id',
  'location_id',
  'agent_id',
  'supervisor_id',
  'template_internal_id',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]
export type FilterValues = Partial<Record<FilterKey, string>>
export type FieldErrors = Partial<Record<string, string[]>>

function withQuery(path: string, params: Record<string, string | number | undefined | null>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/** The evaluation list filtered as the dashboard is, narrowed by `extra` (agent_id, status, failed_category…). */
export function listHref(filters: DashboardFilters, extra: Record<string, string | number | undefined> = {}) {
  const base = Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key]]))
  return withQuery(evaluationListPath, { ...base, ...extra })
}

/** The calls of these filters where a category of this name lost points. */
export function failedCategoryHref(filters: DashboardFilters, category: string) {
  return listHref(filters, { failed_category: category })
}

/** The calls of these filters where this question (of this template and category) was failed. */
export function failedQuestionHref(
  filters: DashboardFilters,
  violation: { question_text: string; category: string; template: { internal_id: string } },
) {
  return listHref(filters, {
    template_internal_id: violation.template.internal_id,
    failed_category: violation.category,
    failed_question: violation.question_text,
  })
}

/** An agent's performance page over the same filters but its own period (weeks of trend, not the dashboard's days). */
export function agentPerformanceHref(filters: DashboardFilters, agentId: number) {
  const { date_from: _from, date_to: _to, ...rest } = filters
  return withQuery(AGENT_PERFORMANCE_PATH, { ...rest, agent_id: agentId })
}

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The last day of the trend bucket that starts on `start`, kept inside the filter's dates. */
export function bucketRange(start: string, interval: TrendInterval, filters: DashboardFilters) {
  const from = Date.parse(`${start}T00:00:00Z`)
  let to = from
  if (interval === 'week') to = from + 6 * DAY_MS
  if (interval === 'month') {
    const d = new Date(from)
    to = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS
  }
  const dateFrom = filters.date_from && filters.date_from > start ? filters.date_from : start
  const end = isoDay(to)
  const dateTo = filters.date_to && filters.date_to < end ? filters.date_to : end
  return { date_from: dateFrom, date_to: dateTo }
}

// one formatter for every count: Number#toLocaleString builds a new one per call, and a dashboard
// formats hundreds of figures (a third of its hydration's own time on a 4× slower CPU)
const counts = numbers()

export function formatCount(n: number) {
  return counts.format(n)
}

/** A percentage 0–100 with one decimal, or a dash. */
export function formatPct(n: number | null | undefined) {
  return n === null || n === undefined ? '—' : `${Math.round(n * 10) / 10}%`
}

/** A sentiment −1…1 with two decimals and its sign. */
export function formatSentiment(n: number | null | undefined) {
  if (n === null || n === undefined) return '—'
  const fixed = n.toFixed(2)
  return n > 0 ? `+${fixed}` : fixed.replace('-', '−')
}

export function formatMinutes(n: number | null | undefined) {
  return n === null || n === undefined ? '—' : `${Math.round(n * 10) / 10} min`
}

const dayFormat = utcDates({ day: 'numeric', month: 'short' })
const monthFormat = utcDates({ month: 'short', year: 'numeric' })

/** A trend bucket's label: "3 Mar", "week of 3 Mar", "Mar 2026". */
export function periodLabel(start: string, interval: TrendInterval) {
  const date = new Date(`${start}T00:00:00Z`)
  if (interval === 'month') return monthFormat.format(date)
  return interval === 'week' ? `Week of ${dayFormat.format(date)}` : dayFormat.format(date)
}

export function shortPeriodLabel(start: string, interval: TrendInterval) {
  const date = new Date(`${start}T00:00:00Z`)
  return interval === 'month' ? monthFormat.format(date) : dayFormat.format(date)
}
