import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconSearch } from '~/components/icons'
import { FILTER_FIELDS, type FilterValues } from './format'

type Option = { value: string; label: string }

const feedbackOptions: Option[] = [
  { value: '', label: 'Any feedback' },
  { value: 'up', label: '👍 Thumbs up' },
  { value: 'down', label: '👎 Thumbs down' },
]
const answerOptions: Option[] = [
  { value: '', label: 'Any answers' },
  { value: 'true', label: 'Unanswered only' },
  { value: 'false', label: 'All answered' },
]

type Props = {
  /** The list this form filters (and the Clear link goes back to). */
  action: string
  values: FilterValues
  errors: Partial<Record<string, string[]>>
  campaigns: Option[]
}

/**
 * The conversations' search and filters as a GET form: they live in the URL, so a filtered list can be
 * shared, bookmarked, exported and used without JavaScript.
 */
export function HistoryFilters({ action, values, errors, campaigns }: Props) {
  const filtered = FILTER_FIELDS.some((name) => values[name])
  const error = (name: (typeof FILTER_FIELDS)[number]) => errors[name]?.[0]
  const anyError = FILTER_FIELDS.some((name) => errors[name]?.length)
  return (
    <Form method="get" action={action} role="search" aria-label="Filter conversations" key={JSON.stringify(values)}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label="Search conversations"
          placeholder="Words in the title or a message"
          defaultValue={values.q ?? ''}
          maxLength={100}
          error={error('q')}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          name="campaign_id"
          label="Campaign"
          defaultValue={values.campaign_id ?? ''}
          data={[{ value: '', label: 'All campaigns' }, ...campaigns]}
          error={error('campaign_id')}
          style={{ flex: '0 1 200px' }}
        />
        <NativeSelect
          name="feedback"
          label="Feedback"
          defaultValue={values.feedback ?? ''}
          data={feedbackOptions}
          error={error('feedback')}
          style={{ flex: '0 1 160px' }}
        />
        <NativeSelect
          name="dont_know"
          label="Answers"
          defaultValue={values.dont_know ?? ''}
          data={answerOptions}
          error={error('dont_know')}
          style={{ flex: '0 1 160px' }}
        />
        <TextInput
          name="from"
          type="date"
          label="From"
          defaultValue={values.from ?? ''}
          error={error('from')}
          style={{ flex: '0 1 150px' }}
        />
        <TextInput
          name="to"
          type="date"
          label="To"
          defaultValue={values.to ?? ''}
          error={error('to')}
          style={{ flex: '0 1 150px' }}
        />
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
