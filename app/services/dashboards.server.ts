import { dashboardQuery, type DashboardFilters } from '#contract/dashboards'
import { evaluationListQuery } from '#contract/evaluations'
import {
  FILTER_KEYS,
  type FieldErrors,
  type FilterValues,
} from '~/components/call-evaluation/dashboard/dashboard-links'
import { listEvaluations } from '~/services/evaluations.server'
import { errorResponse, upstreamFailure, type Upstream } from '~/services/upstream.server'

/** One panel's figures, or why it has none; the page shows a failed panel as unavailable. */
export type Panel<T> = { data: T; error: null; status: 200 } | { data: null; error: string; status: number }

/** Waits for one endpoint; a failure becomes the panel's message (a 401 sign-out still redirects). */
export function settle<T>(promise: Promise<T>): Promise<Panel<T>> {
  return promise.then(
    (data) => ({ data, error: null, status: 200 as const }),
    async (thrown: unknown) => {
      const { status, message } = await upstreamFailure(thrown)
      return { data: null, error: message, status }
    },
  )
}

/** A panel's figures reshaped to what it shows; a failure stays as it is. */
export function mapPanel<T, U>(panel: Panel<T>, shape: (data: T) => U): Panel<U> {
  return panel.error === null ? { data: shape(panel.data), error: null, status: 200 } : panel
}

/** Only when every panel failed is the page itself an error (the error boundary shows the first reason). */
export function throwIfAllFailed(panels: Panel<unknown>[]) {
  const failed = panels.filter((p) => p.error !== null)
  if (panels.length > 0 && failed.length === panels.length) {
    const first = failed[0] as Extract<Panel<unknown>, { error: string }>
    throw errorResponse(first.status, first.error)
  }
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const DAY_MS = 86_400_000

/**
 * The filters of the URL as the contract reads them. A first visit (neither date in the URL) covers
 * the last `days` days up to today (UTC); a date field sent empty means "any". Invalid fields are
 * reported and left out, so the panels still show what the valid ones select.
 */
export function readDashboardFilters(
  url: URL,
  { days, now = Date.now() }: { days: number; now?: number },
): { filters: DashboardFilters; values: FilterValues; errors: FieldErrors } {
  const params = url.searchParams
  const values: FilterValues = {}
  for (const key of FILTER_KEYS) if (params.has(key)) values[key] = params.get(key) ?? ''
  if (!params.has('date_from') && !params.has('date_to')) {
    values.date_to = isoDay(now)
    values.date_from = isoDay(now - (days - 1) * DAY_MS)
  }
  const first = dashboardQuery.safeParse(values)
  if (first.success) return { filters: first.data, values, errors: {} }
  const errors: FieldErrors = first.error.flatten().fieldErrors
  const rest = Object.fromEntries(Object.entries(values).filter(([key]) => !(key in errors)))
  const second = dashboardQuery.safeParse(rest)
  return { filters: second.success ? second.data : {}, values, errors }
}

/** The latest evaluations the list shows for these filters. */
export function recentEvaluations(api: Upstream, filters: DashboardFilters, size = 5) {
  const query = evaluationListQuery.parse({ ...filters, page: 1, page_size: size })
  return listEvaluations(api, query)
}
