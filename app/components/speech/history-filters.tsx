import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '@tabler/icons-react'
import { SPEECH_HISTORY_PATH, statusOptions } from './format'

export type HistoryFilterValues = { q: string; status: string }
export type HistoryFilterErrors = Partial<Record<keyof HistoryFilterValues, string[]>>

/** A GET form: the filters live in the URL, so a filtered list can be shared and works without JavaScript. */
export function HistoryFilters({ values, errors }: { values: HistoryFilterValues; errors: HistoryFilterErrors }) {
  const filtered = Boolean(values.q || values.status)
  return (
    <Form method="get" action={SPEECH_HISTORY_PATH} role="search" aria-label="Filter recordings">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search recordings"
          placeholder="File name or words in the transcript"
          defaultValue={values.q}
          error={errors.q?.[0]}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          name="status"
          label="Status"
          defaultValue={values.status}
          data={[{ value: '', label: 'Any status' }, ...statusOptions]}
          error={errors.status?.[0]}
          style={{ flex: '0 1 180px' }}
        />
        <Group gap="sm" pb={errors.q || errors.status ? 22 : 0}>
          <Button type="submit" variant="light">
            Apply filters
          </Button>
          {filtered ? (
            <Anchor component={Link} to={SPEECH_HISTORY_PATH} size="sm">
              Clear
            </Anchor>
          ) : null}
        </Group>
      </Group>
    </Form>
  )
}
