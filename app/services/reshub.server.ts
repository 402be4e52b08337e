import { endpoints } from '#contract/endpoints'
import type { AppointmentListQuery } from '#contract/reshub'
import type { Upstream } from '~/services/upstream.server'

/** Reservation hub (`/api/reshub/…`): the clinic's sites, practitioners and visit types, appointments, tasks. */

/** The clinic's catalogue, for filters and the booking form. */
export async function reshubCatalogue(api: Upstream) {
  const [sites, practitioners, services] = await Promise.all([
    api.request(endpoints.reshubSites),
    api.request(endpoints.reshubPractitioners),
    api.request(endpoints.reshubServices),
  ])
  return { sites, practitioners, services }
}

/** Pages of a day's or a week's appointments read at most: 500 appointments, more than a site's week. */
const MAX_PAGES = 5

/** Every appointment a query selects (a day or a week of a site), its pages read one after the other. */
export async function allAppointments(
  api: Upstream,
  query: Omit<Partial<AppointmentListQuery>, 'status'> & { status?: string },
) {
  const first = await api.request(endpoints.reshubAppointments, { query: { ...query, page: 1, page_size: 100 } })
  const results = [...first.results]
  for (let page = 2; page <= Math.min(first.total_pages, MAX_PAGES); page++) {
    const next = await api.request(endpoints.reshubAppointments, { query: { ...query, page, page_size: 100 } })
    results.push(...next.results)
  }
  return { results, truncated: first.total_pages > MAX_PAGES }
}
