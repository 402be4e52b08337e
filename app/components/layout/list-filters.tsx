import { Alert, Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '~/components/icons'

type Option = { value: string; label: string }

export type ListFilterSelect = {
  name: string
  label: string
  /** The empty choice ("Any status"); without it, one of the options is always chosen. */
  anyLabel?: string
  options: Option[]
}

type Props = {
  /** The list this form filters (and the Clear link goes back to). */
  action: string
  /** The form's accessible name ("Filter recordings"). */
  label: string
  /** The text search (`q`), where the list has one. */
  search?: { label: string; placeholder: string }
  selects: ListFilterSelect[]
  /** Date fields (`date_from`, `date`…), the browser's own date input. */
  dates?: { name: string; label: string }[]
  /** The current values by field name (`q` and each select's and date's name). */
  values: Record<string, string | undefined>
  errors?: Partial<Record<string, string[]>>
  /** Parameters kept across a change of filters (a calendar's view), as hidden fields. */
  keep?: Record<string, string>
  /** The submit button's words. */
  submitLabel?: string
}

/**
 * A list's search and filters as a GET form: they live in the URL, so a filtered list can be shared,
 * bookmarked and used without JavaScript.
 */
export function ListFilters({
  action,
  label,
  search,
  selects,
  dates = [],
  values,
  errors = {},
  keep = {},
  submitLabel = 'Apply filters',
}: Props) {
  const names = [...(search ? ['q'] : []), ...selects.map((s) => s.name), ...dates.map((d) => d.name)]
  const filtered = names.some((name) => values[name])
  const anyError = names.some((name) => errors[name]?.length)
  return (
    <Form method="get" action={action} role="search" aria-label={label} key={JSON.stringify(values)}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {search ? (
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
        ) : null}
        {selects.map((select) => (
          <NativeSelect
            key={select.name}
            name={select.name}
            label={select.label}
            defaultValue={values[select.name] ?? ''}
            data={
              select.anyLabel === undefined
                ? select.options
                : [{ value: '', label: select.anyLabel }, ...select.options]
            }
            error={errors[select.name]?.[0]}
            style={{ flex: '0 1 180px' }}
          />
        ))}
        {dates.map((date) => (
          <TextInput
            key={date.name}
            type="date"
            name={date.name}
            label={date.label}
            defaultValue={values[date.name] ?? ''}
            error={errors[date.name]?.[0]}
            style={{ flex: '0 1 170px' }}
          />
        ))}
        <Group gap="sm" pb={anyError ? 22 : 0}>
          <Button type="submit" variant="light">
            {submitLabel}
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
