import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'

export const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
]

/** A GET form: the filters live in the URL, so they work without JavaScript and can be bookmarked. */
export function TemplateListFilters({ q, status }: { q: string; status: string }) {
  return (
    <Form method="get" role="search" key={`${q}|${status}`}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search templates"
          placeholder="Name or description"
          defaultValue={q}
          maxLength={100}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect name="status" label="Status" data={statusOptions} defaultValue={status} w={150} />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </Form>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

/** Previous and next as links (no JavaScript needed). */
export function TemplateListPager({ page, totalPages, count, hrefFor }: PagerProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {count} {count === 1 ? 'template' : 'templates'} · page {Math.min(page, Math.max(totalPages, 1))} of{' '}
        {Math.max(totalPages, 1)}
      </Text>
      {totalPages > 1 ? (
        <Group gap="xs" component="nav" aria-label="Template pages">
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
