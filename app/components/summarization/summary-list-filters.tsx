import { ListFilters } from '~/components/layout/list-filters'
import { statusOptions, SUMMARY_HISTORY_PATH } from './format'
import { ListPager } from '~/components/layout/list-pager'

export type ListValues = { q?: string; status?: string; summary_type?: string }
type Option = { value: string; label: string }

/** The past history's search, status and type filters (a GET form: the filters live in the URL). */
export function SummaryListFilters({
  values,
  errors,
  typeOptions,
}: {
  values: ListValues
  errors: Partial<Record<keyof ListValues, string[]>>
  typeOptions: Option[]
}) {
  return (
    <ListFilters
      action={SUMMARY_HISTORY_PATH}
      label="Filter summaries"
      search={{ label: 'Search summaries', placeholder: 'Words in the text, the summary or the file name' }}
      selects={[
        { name: 'status', label: 'Status', anyLabel: 'Any status', options: statusOptions },
        { name: 'summary_type', label: 'Type', anyLabel: 'Any type', options: typeOptions },
      ]}
      values={values}
      errors={errors}
    />
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function SummaryListPager(props: PagerProps) {
  return <ListPager {...props} noun={['summary', 'summaries']} label="Summary pages" />
}
