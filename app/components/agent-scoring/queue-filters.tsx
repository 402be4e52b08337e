import { Anchor, Button, Checkbox, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { IconFilter } from '~/components/icons'
import type { ScoringBucket } from '#contract/agent-scoring'
import { any, named, people } from '~/components/call-evaluation/evaluation-filters'
import type { ScopeOptions } from '~/services/call-evaluation-lookups.server'
import { bucketPath, channelOptions, orderingOptions, SCORING_FILTERS, type ScoringFilterValues } from './format'

type Props = {
  bucket: ScoringBucket
  values: ScoringFilterValues
  errors: Partial<Record<string, string[]>>
  options: ScopeOptions
  /** Agents see only their own items: no agent picker. */
  showAgent: boolean
}

const ticked = (value: string | undefined) => ['true', 'on', '1'].includes(value ?? '')

/** The queue's filters and order as a GET form: they live in the URL, so it works without JavaScript. */
export function QueueFilters({ bucket, values, errors, options, showAgent }: Props) {
  const action = bucketPath(bucket)
  const error = (field: string) => errors[field]?.[0]
  const filtered = SCORING_FILTERS.some((name) => values[name])
  const selects = [
    { name: 'channel', label: 'Channel', data: [any, ...channelOptions] },
    { name: 'template_internal_id', label: 'Template', data: named(options.templates) },
    // agents see only their own items: no agent to pick
    ...(showAgent ? [{ name: 'agent_id' as const, label: 'Agent', data: people(options.agents) }] : []),
    { name: 'campaign_id', label: 'Campaign', data: named(options.campaigns) },
  ] as const
  const dates = [
    { name: 'date_from', label: 'Created from' },
    { name: 'date_to', label: 'to' },
  ] as const
  return (
    <Form method="get" action={action} role="search" aria-label="Filter the queue">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {selects.map((select) => (
          <NativeSelect
            key={select.name}
            name={select.name}
            label={select.label}
            defaultValue={values[select.name] ?? ''}
            data={select.data}
            error={error(select.name)}
          />
        ))}
        {dates.map((date) => (
          <TextInput
            key={date.name}
            type="date"
            name={date.name}
            label={date.label}
            defaultValue={values[date.name]}
            error={error(date.name)}
          />
        ))}
        <TextInput
          type="number"
          name="confidence_max"
          label="Confidence at or below"
          placeholder="0 to 1"
          min={0}
          max={1}
          step={0.05}
          defaultValue={values.confidence_max}
          error={error('confidence_max')}
        />
        <NativeSelect
          name="ordering"
          label="Sort by"
          defaultValue={values.ordering ?? 'needs_human'}
          data={orderingOptions}
          error={error('ordering')}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md" gap="sm">
        {bucket === 'pending' ? (
          <Checkbox
            name="needs_attention"
            value="true"
            label="Needs attention only (failed or not scorable)"
            defaultChecked={ticked(values.needs_attention)}
            error={error('needs_attention')}
          />
        ) : (
          <span />
        )}
        <Group gap="sm">
          {filtered ? (
            <Anchor component={Link} to={action} size="sm">
              Clear
            </Anchor>
          ) : null}
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
            Apply filters
          </Button>
        </Group>
      </Group>
    </Form>
  )
}
