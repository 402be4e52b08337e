import { Alert, Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'

type Option = { value: string; label: string }

export type ListFilterSelect = {
  name: string
  label: string
  /** The empty choice ("Any status"). */
  anyLabel: string
  options: Option[]
}

type Props = {
  /** The list this form filters (and the Clear link goes back to). */
  action: string
  /** The form's accessible name ("Filter recordings"). */
  label: string
  search: { label: string; placeholder: string }
  selects: ListFilterSelect[]
  /** The current values by field name (`q` and each select's name). */
  values: Record<string, string | undefined>
  errors: Partial<Record<string, string[]>>
}

/**
 * A list's search and filters as a GET form: they live in the URL, so a filtered list can be shared,
 * bookmarked and used without JavaScript.
 */
export function ListFilters({ action, label, search, selects, values, errors }: Props) {
  const names = ['q', ...selects.map((s) => s.name)]
  const filtered = names.some((name) => values[name])
  const anyError = names.some((name) => errors[name]?.length)
  return (
    <Form method="get" action={action} role="search" aria-label={label} key={JSON.stringify(values)}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={search.label}
          placeholder={search.placeholder}
          defaultValue={values.q ?? ''}
          maxLength={100}
          error={errors.q?.[0]}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
        />
        {selects.map((select) => (
          <NativeSelect
            key={select.name}
            name={select.name}
            label={select.label}
            defaultValue={values[select.name] ?? ''}
            data={[{ value: '', label: select.anyLabel }, ...select.options]}
            error={errors[select.name]?.[0]}
            style={{ flex: '0 1 180px' }}
          />
        ))}
        <Group gap="sm" pb={anyError ? 22 : 0}>
          <Button type="submit" variant="light">
            Apply filters
          </Button>
          {filtered ? (
            <Anchor component={Link} to={action} size="sm">
              Clear
            </Anchor>
          ) : null}
        </Group>
      </Group>
    </Form>
  )
}

/** Above a list or a dashboard whose filters had errors: it says they were left out, not obeyed. */
export function FiltersNotApplied({
  errors,
  what = 'list',
}: {
  errors: Partial<Record<string, string[] | undefined>>
  /** What ignores them: "list" or "figures". */
  what?: 'list' | 'figures'
}) {
  if (!Object.values(errors).some((e) => e?.length)) return null
  return (
    <Alert color="yellow" title="Some filters were not applied" role="alert" p="xs">
      Correct the highlighted fields; the {what} below {what === 'list' ? 'ignores' : 'ignore'} them.
    </Alert>
  )
}
