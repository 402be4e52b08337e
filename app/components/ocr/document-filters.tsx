import { ListFilters } from '~/components/layout/list-filters'
import { typeOptions } from './format'

export type DocumentFilterValues = { q: string; document_type: string }
export type DocumentFilterErrors = Partial<Record<keyof DocumentFilterValues, string[]>>

/** A bucket's search and document-type filter (a GET form: the filters live in the URL). */
export function DocumentFilters({
  action,
  values,
  errors,
}: {
  /** The bucket's list this form filters. */
  action: string
  values: DocumentFilterValues
  errors: DocumentFilterErrors
}) {
  return (
    <ListFilters
      action={action}
      label="Filter documents"
      search={{ label: 'Search documents', placeholder: 'File name or words in the text' }}
      selects={[{ name: 'document_type', label: 'Document type', anyLabel: 'Any type', options: typeOptions }]}
      values={values}
      errors={errors}
    />
  )
}
