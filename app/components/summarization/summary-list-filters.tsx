import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'
import { statusOptions } from './format'

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

/** Previous and next as links (no JavaScript needed). */
export function SummaryListPager({ page, totalPages, count, hrefFor }: PagerProps) {
  const pages = Math.max(totalPages, 1)
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {count} {count === 1 ? 'summary' : 'summaries'} · page {Math.min(page, pages)} of {pages}
      </Text>
      {totalPages > 1 ? (
        <Group gap="xs" component="nav" aria-label="Summary pages">
          {page > 1 ? (
            <Button component={Link} to={hrefFor(page - 1)} variant="default" size="compact-sm" rel="prev">
              Previous
            </Button>
          ) : null}
          {page < totalPages ? (
            <Button component={Link} to={hrefFor(page + 1)} variant="default" size="compact-sm" rel="next">
              Next
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Group>
  )
}
