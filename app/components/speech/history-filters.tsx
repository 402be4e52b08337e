import { ListFilters } from '~/components/layout/list-filters'
import { SPEECH_HISTORY_PATH, statusOptions } from './format'

export type HistoryFilterValues = { q: string; status: string }
export type HistoryFilterErrors = Partial<Record<keyof HistoryFilterValues, string[]>>

/** The past history's search and status filter (a GET form: the filters live in the URL). */
export function HistoryFilters({ values, errors }: { values: HistoryFilterValues; errors: HistoryFilterErrors }) {
  return (
    <ListFilters
      action={SPEECH_HISTORY_PATH}
      label="Filter recordings"
      search={{ label: 'Search recordings', placeholder: 'File name or words in the transcript' }}
      selects={[{ name: 'status', label: 'Status', anyLabel: 'Any status', options: statusOptions }]}
      values={values}
      errors={errors}
    />
  )
}
