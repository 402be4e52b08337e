import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'
import { typeOptions } from './format'

export type DocumentFilterValues = { q: string; document_type: string }
export type DocumentFilterErrors = Partial<Record<keyof DocumentFilterValues, string[]>>

/** A GET form: the filters live in the URL, so a filtered list can be shared and works without JavaScript. */
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
  const filtered = Boolean(values.q || values.document_type)
  return (
    <Form method="get" action={action} role="search" aria-label="Filter documents">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search documents"
          placeholder="File name or words in the text"
          defaultValue={values.q}
          error={errors.q?.[0]}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          name="document_type"
          label="Document type"
          defaultValue={values.document_type}
          data={[{ value: '', label: 'Any type' }, ...typeOptions]}
          error={errors.document_type?.[0]}
          style={{ flex: '0 1 180px' }}
        />
        <Group gap="sm" pb={errors.q || errors.document_type ? 22 : 0}>
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
