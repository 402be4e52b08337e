import { evaluationListQuery } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { FILTER_FIELDS } from '~/components/call-evaluation/evaluation-filters'
import { keptParams, readListQuery, searchOf } from '~/lib/list-query'
import { csvExportLoader } from '~/services/csv-export.server'

const KEPT = [...FILTER_FIELDS, 'ordering'] as const

/** The list's filters and ordering as the export takes them; invalid ones are left out, as the list does. */
export function exportQuery(params: URLSearchParams) {
  const { query } = readListQuery(evaluationListQuery, keptParams(params, KEPT))
  // a flag left off ("auto-fail only") is no filter
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== false))
  return searchOf(set, ['page', 'page_size'])
}

/** The evaluation list as CSV, streamed from the API with the user's bearer. */
export const loader = csvExportLoader({
  path: paths.evaluationExport,
  searchOf: exportQuery,
  filename: 'call-evaluations.csv',
})
