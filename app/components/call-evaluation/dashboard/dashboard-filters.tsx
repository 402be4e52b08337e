import { Button, Group, SimpleGrid } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { FilterDisclosure } from '~/components/layout/filter-disclosure'
import { PlainInput, PlainSelect } from '~/components/layout/plain-field'
import { named, people, serviceOptions, type FilterOptions } from '../evaluation-filters'
import type { FieldErrors, FilterKey, FilterValues } from './dashboard-links'

type Props = {
  /** The page the form submits to (itself). */
  action: string
  label: string
  values: FilterValues
  errors: FieldErrors
  options: FilterOptions
  /** Agents see only themselves: no agent picker. */
  showAgent: boolean
  /** Other parameters of the page to keep (not filters). */
  hidden?: Record<string, string>
}

/** A GET form: the URL is the filter state, so it works without JavaScript and a view can be shared. */
export function DashboardFilters({ action, label, values, errors, options, showAgent, hidden = {} }: Props) {
  const hydrated = useHydrated()
  const [campaignId, setCampaignId] = useState(values.campaign_id ?? '')
  const [serviceId, setServiceId] = useState(values.service_id ?? '')
  const error = (field: FilterKey) => errors[field]?.[0]
  // the period always has dates (the last days by default): the toggle counts the other filters
  const active = (Object.keys(values) as FilterKey[]).filter(
    (key) => values[key] && key !== 'date_from' && key !== 'date_to',
  ).length

  function chooseCampaign(next: string) {
    setCampaignId(next)
    const service = options.services.find((s) => String(s.id) === serviceId)
    if (next && service && String(service.campaign_id) !== next) setServiceId('')
  }

  const select = (name: FilterKey, text: string, data: ReturnType<typeof named>) => (
    <PlainSelect compact name={name} label={text} defaultValue={values[name] ?? ''} data={data} error={error(name)} />
  )

  return (
    <Form method="get" action={action} aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FilterDisclosure active={active} errors={errors}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing={6}>
          <PlainInput
            compact
            type="date"
            name="date_from"
            label="From"
            defaultValue={values.date_from}
            error={error('date_from')}
          />
          <PlainInput
            compact
            type="date"
            name="date_to"
            label="To"
            defaultValue={values.date_to}
            error={error('date_to')}
          />
          <PlainSelect
            compact
            name="campaign_id"
            label="Campaign"
            value={campaignId}
            onChange={(e) => chooseCampaign(e.currentTarget.value)}
            data={named(options.campaigns)}
            error={error('campaign_id')}
          />
          <PlainSelect
            compact
            name="service_id"
            label="Service"
            value={serviceId}
            onChange={(e) => setServiceId(e.currentTarget.value)}
            data={serviceOptions(options.campaigns, options.services, campaignId, hydrated)}
            error={error('service_id')}
          />
          {select('department_id', 'Department', named(options.departments))}
          {select('location_id', 'Location', named(options.locations))}
          {showAgent ? select('agent_id', 'Agent', people(options.agents)) : null}
          {select('supervisor_id', 'QA supervisor', people(options.supervisors))}
          {select('template_internal_id', 'Template', named(options.templates))}
          <Group gap="xs" align="flex-end" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={action} variant="default" size="xs">
              Reset
            </Button>
            <Button type="submit" size="xs">
              Apply filters
            </Button>
          </Group>
        </SimpleGrid>
      </FilterDisclosure>
    </Form>
  )
}
