import { scoringExportQuery } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { keptParams, readListQuery, searchOf } from '~/lib/list-query'
import { SCORING_FILTERS } from '~/components/agent-scoring/format'
import { csvExportLoader } from '~/services/csv-export.server'

const KEPT = [...SCORING_FILTERS, 'bucket', 'ordering'] as const

/** The queue's bucket, filters and order as the export takes them; invalid ones are left out, as the list does. */
export function scoringExportSearch(params: URLSearchParams) {
  return searchOf(readListQuery(scoringExportQuery, keptParams(params, KEPT)).query)
}

/** A bucket of the AI agent scoring queue as CSV, streamed from the API with the user's bearer (agents get their own). */
export const loader = csvExportLoader({
  path: endpoints.exportScoringItems.path,
  searchOf: scoringExportSearch,
  filename: 'agent-scoring.csv',
})
