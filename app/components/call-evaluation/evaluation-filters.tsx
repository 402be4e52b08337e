import { Badge, Checkbox, CloseButton, Group } from '@mantine/core'
import { Form, Link, useLocation } from '@remix-run/react'
import { IconFilter } from '~/components/icons'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Campaign, Service } from '#contract/call-evaluation'
import type { ProjectUser } from '#contract/evaluations'
import { FilterDisclosure } from '~/components/layout/filter-disclosure'
import { PlainInput, PlainSelect } from '~/components/layout/plain-field'
import look from '~/components/layout/look.module.css'
import classes from './evaluation-filters.module.css'
import { evaluationListPath, statusOptions } from './evaluation-format'

export const FILTER_FIELDS = [
  'date_from',
  'date_to',
  'campaign_id',
  'service_id',
  'agent_id',
  'supervisor_id',
  'department_id',
  'location_id',
  'template_internal_id',
  'failed_category',
  'failed_question',
  'status',
  'score_min',
  'score_max',
  'auto_fail',
  'q',
] as const
export type FilterField = (typeof FILTER_FIELDS)[number]
export type FilterValues = Partial<Record<FilterField | 'ordering' | 'page_size', string>>
export type FieldErrors = Partial<Record<string, string[]>>

/** What the pickers offer (the dashboards' filter bar offers the same). */
export type FilterOptions = {
  campaigns: Campaign[]
  services: Service[]
  agents: ProjectUser[]
  supervisors: ProjectUser[]
  departments: { id: number; name: string }[]
  locations: { id: number; name: string }[]
  templates: { id: string; name: string }[]
}

type Props = {
  values: FilterValues
  errors: FieldErrors
  options: FilterOptions
  showAgent: boolean
}

/** The filters a dashboard link sets and the form has no field for: shown as chips that can be removed. */
const DRILL_DOWN = [
  ['failed_category', 'Failed category'],
  ['failed_question', 'Failed question'],
] as const

export const any = { value: '', label: 'Any' }
export const people = (list: ProjectUser[]) => [any, ...list.map((p) => ({ value: String(p.id), label: p.name }))]
export const named = (list: { id: number | string; name: string }[]) => [
  any,
  ...list.map((item) => ({ value: String(item.id), label: item.name })),
]

/** Services of the chosen campaign once the page is interactive; before that, all of them grouped by campaign. */
export function serviceOptions(campaigns: Campaign[], services: Service[], campaignId: string, hydrated: boolean) {
  if (hydrated && campaignId) {
    return [
      any,
      ...services
        .filter((s) => String(s.campaign_id) === campaignId)
        .map((s) => ({ value: String(s.id), label: s.name })),
    ]
  }
  const groups = campaigns
    .map((c) => ({
      group: c.name,
      items: services.filter((s) => s.campaign_id === c.id).map((s) => ({ value: String(s.id), label: s.name })),
    }))
    .filter((g) => g.items.length > 0)
  return [any, ...groups]
}

/** This page without one parameter (and back to its first page). */
function without(pathname: string, search: string, name: string) {
  const params = new URLSearchParams(search)
  params.delete(name)
  params.delete('page')
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** A GET form: the URL is the filter state, so it works without JavaScript and links can be shared. */
export function EvaluationFilters({ values, errors, options, showAgent }: Props) {
  const { campaigns, services, agents, supervisors } = options
  const { pathname, search } = useLocation()
  const hydrated = useHydrated()
  const [campaignId, setCampaignId] = useState(values.campaign_id ?? '')
  const [serviceId, setServiceId] = useState(values.service_id ?? '')
  const error = (field: FilterField) => errors[field]?.[0]
  // the drill-down filters show as badges outside the fold; the rest are counted on its toggle
  const active = FILTER_FIELDS.filter((f) => values[f] && !DRILL_DOWN.some(([name]) => name === f)).length

  function chooseCampaign(next: string) {
    setCampaignId(next)
    const service = services.find((s) => String(s.id) === serviceId)
    if (next && service && String(service.campaign_id) !== next) setServiceId('')
  }

  return (
    <Form method="get" action={evaluationListPath} aria-label="Filter evaluations">
      {values.ordering ? <input type="hidden" name="ordering" value={values.ordering} /> : null}
      {values.page_size ? <input type="hidden" name="page_size" value={values.page_size} /> : null}
      {DRILL_DOWN.some(([name]) => values[name]) ? (
        <Group gap="xs" mb="sm" role="group" aria-label="Opened from the dashboard">
          {DRILL_DOWN.map(([name, label]) =>
            values[name] ? (
              <Badge
                key={name}
                variant="light"
                size="lg"
                tt="none"
                maw="100%"
                title={values[name]}
                rightSection={
                  <CloseButton
                    component={Link}
                    to={without(pathname, search, name)}
                    size="xs"
                    aria-label={`Remove the filter ${label}`}
                  />
                }
              >
                <input type="hidden" name={name} value={values[name]} />
                {label}: {values[name]}
              </Badge>
            ) : null,
          )}
        </Group>
      ) : null}
      <FilterDisclosure active={active} errors={errors}>
        <div className={classes.grid}>
          <PlainInput
            type="date"
            name="date_from"
            label="From"
            defaultValue={values.date_from}
            error={error('date_from')}
          />
          <PlainInput type="date" name="date_to" label="To" defaultValue={values.date_to} error={error('date_to')} />
          <PlainSelect
            name="campaign_id"
            label="Campaign"
            value={campaignId}
            onChange={(e) => chooseCampaign(e.currentTarget.value)}
            data={[any, ...campaigns.map((c) => ({ value: String(c.id), label: c.name }))]}
            error={error('campaign_id')}
          />
          <PlainSelect
            name="service_id"
            label="Service"
            value={serviceId}
            onChange={(e) => setServiceId(e.currentTarget.value)}
            data={serviceOptions(campaigns, services, campaignId, hydrated)}
            error={error('service_id')}
          />
          {showAgent ? (
            <PlainSelect
              name="agent_id"
              label="Agent"
              defaultValue={values.agent_id ?? ''}
              data={people(agents)}
              error={error('agent_id')}
            />
          ) : null}
          <PlainSelect
            name="supervisor_id"
            label="QA supervisor"
            defaultValue={values.supervisor_id ?? ''}
            data={people(supervisors)}
            error={error('supervisor_id')}
          />
          <PlainSelect
            name="department_id"
            label="Department"
            defaultValue={values.department_id ?? ''}
            data={named(options.departments)}
            error={error('department_id')}
          />
          <PlainSelect
            name="location_id"
            label="Location"
            defaultValue={values.location_id ?? ''}
            data={named(options.locations)}
            error={error('location_id')}
          />
          <PlainSelect
            name="template_internal_id"
            label="Template"
            defaultValue={values.template_internal_id ?? ''}
            data={named(options.templates)}
            error={error('template_internal_id')}
          />
          <PlainSelect
            name="status"
            label="Status"
            defaultValue={values.status ?? ''}
            data={[any, ...statusOptions]}
            error={error('status')}
          />
          <div className={classes.pair}>
            <PlainInput
              type="number"
              name="score_min"
              label="Score from"
              min={0}
              max={100}
              defaultValue={values.score_min}
              error={error('score_min')}
            />
            <PlainInput
              type="number"
              name="score_max"
              label="to"
              min={0}
              max={100}
              defaultValue={values.score_max}
              error={error('score_max')}
            />
          </div>
          <PlainInput
            type="search"
            name="q"
            label="Search"
            placeholder="Customer, purpose, agent or #id"
            defaultValue={values.q}
            error={error('q')}
          />
        </div>
        <div className={`${look.row} ${look.between} ${classes.actions}`}>
          <Checkbox
            name="auto_fail"
            value="true"
            label="Auto-fail only"
            defaultChecked={['true', 'on', '1'].includes(values.auto_fail ?? '')}
            error={error('auto_fail')}
          />
          <div className={look.row}>
            <Link to={evaluationListPath} className={`mantine-focus-auto ${look.button}`} data-variant="default">
              Reset
            </Link>
            <button type="submit" className={`mantine-focus-auto ${look.button}`}>
              <IconFilter size={16} aria-hidden />
              Apply filters
            </button>
          </div>
        </div>
      </FilterDisclosure>
    </Form>
  )
}
