import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form } from '@remix-run/react'
import { IconSearch } from '~/components/icons'
import { ListPager } from '~/components/layout/list-pager'

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

export function TemplateListPager(props: PagerProps) {
  return <ListPager {...props} noun={['template', 'templates']} label="Template pages" />
}
