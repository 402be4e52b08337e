import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'
import { statusOptions } from './format'
import { ListPager } from '~/components/layout/list-pager'

export type ListValues = { q?: string; status?: string; summary_type?: string }
type Option = { value: string; label: string }

/** A GET form: the filters live in the URL, so they work without JavaScript and can be bookmarked. */
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
    <Form method="get" role="search" aria-label="Filter summaries" key={JSON.stringify(values)}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search summaries"
          placeholder="Words in the text, the summary or the file name"
          defaultValue={values.q ?? ''}
          maxLength={100}
          error={errors.q?.[0]}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 260px' }}
        />
        <NativeSelect
          name="status"
          label="Status"
          data={[{ value: '', label: 'Any status' }, ...statusOptions]}
          defaultValue={values.status ?? ''}
          error={errors.status?.[0]}
          style={{ flex: '1 1 140px' }}
        />
        <NativeSelect
          name="summary_type"
          label="Type"
          data={[{ value: '', label: 'Any type' }, ...typeOptions]}
          defaultValue={values.summary_type ?? ''}
          error={errors.summary_type?.[0]}
          style={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </Form>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function SummaryListPager(props: PagerProps) {
  return <ListPager {...props} noun={['summary', 'summaries']} label="Summary pages" />
}
