import { Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '~/components/icons'
import { USER_LIST_PATH, type Option } from './paths'
import { ListPager } from '~/components/layout/list-pager'

export type UserListQuery = {
  page: number
  search: string
  role: string
  department_id?: number
  location_id?: number
  is_active: string
}

type Props = { query: UserListQuery; roles: Option[]; departments: Option[]; locations: Option[] }

const any = (label: string, options: Option[]) => [{ value: '', label }, ...options]
export const statusOptions: Option[] = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
]

/** The filters as a GET form: they live in the URL, so they work without JavaScript and can be bookmarked. */
export function UserListFilters({ query, roles, departments, locations }: Props) {
  const filtered = Boolean(query.search || query.role || query.department_id || query.location_id || query.is_active)
  return (
    <Form method="get" role="search" aria-label="Filter users" key={JSON.stringify(query)}>
      {/* says the list was asked for on purpose: the loader answers with the SPEC's "retrieved" toast */}
      <input type="hidden" name="searched" value="1" />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="search"
          type="search"
          label="Search users"
          placeholder="Name or email"
          defaultValue={query.search}
          maxLength={100}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 220px' }}
        />
        <NativeSelect
          name="role"
          label="Role"
          data={any('Any role', roles)}
          defaultValue={query.role}
          style={{ flex: '1 1 130px' }}
        />
        <NativeSelect
          name="department_id"
          label="Department"
          data={any('Any department', departments)}
          defaultValue={query.department_id ? String(query.department_id) : ''}
          style={{ flex: '1 1 170px' }}
        />
        <NativeSelect
          name="location_id"
          label="Location"
          data={any('Any location', locations)}
          defaultValue={query.location_id ? String(query.location_id) : ''}
          style={{ flex: '1 1 150px' }}
        />
        <NativeSelect
          name="is_active"
          label="Status"
          data={any('Any status', statusOptions)}
          defaultValue={query.is_active}
          style={{ flex: '1 1 120px' }}
        />
        <Group gap="xs">
          <Button type="submit" variant="default">
            Search
          </Button>
          {filtered ? (
            <Button component={Link} to={USER_LIST_PATH} variant="subtle">
              Clear
            </Button>
          ) : null}
        </Group>
      </Group>
    </Form>
  )
}

type PagerProps = { page: number; totalPages: number; count: number; hrefFor: (page: number) => string }

export function UserListPager(props: PagerProps) {
  return <ListPager {...props} noun={['user', 'users']} label="User pages" />
}
