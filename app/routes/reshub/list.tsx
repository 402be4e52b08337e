import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import type { Appointment, WaitlistEntry } from '#contract/reshub'
import { ErrorScreen } from '~/components/error-screen'
import { DataTable, type Column } from '~/components/layout/data-table'
import { ListPager } from '~/components/layout/list-pager'
import { PageHeader } from '~/components/layout/page-header'
import { ListFilters } from '~/components/layout/list-filters'
import { listTypes, type ListType } from '~/components/reshub/list-types'
import { PatientCell } from '~/components/reshub/patient-cell'
import { AppointmentActions, StatusBadge } from '~/components/reshub/status'
import { isDate, siteDateTime, siteToday, zoneCity } from '~/components/reshub/time'
import { ViewerTime } from '~/components/reshub/viewer-time'
import { useListHref } from '~/lib/list-links'
import { reshubCatalogue } from '~/services/reshub.server'
import { createUpstream, errorResponse, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { reshubAction } from './actions.server'

/*
 * /reshub/{type}: the appointments of one kind (upcoming, completed, cancelled, no-show) or the
 * waitlist, filtered by site, practitioner and dates, paged, each row with the moves it allows.
 */

const isType = (v: string | undefined): v is ListType => !!v && Object.hasOwn(listTypes, v)

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: pageTitle(d ? `${listTypes[d.type].title} · Reservation hub` : 'Reservation hub') },
]

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined)
const params = z.object({
  site_id: optionalId,
  practitioner_id: optionalId,
  service_id: optionalId,
  date_from: z
    .string()
    .optional()
    .transform((v) => (isDate(v) ? v : undefined)),
  date_to: z
    .string()
    .optional()
    .transform((v) => (isDate(v) ? v : undefined)),
  waitlist_status: z.enum(['waiting', 'offered', 'booked', 'removed']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
})

export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const type = route.type
  if (!isType(type)) throw errorResponse(404, 'There is no such list in the reservation hub.')
  const api = await createUpstream(request)
  const query = params.parse(Object.fromEntries(new URL(request.url).searchParams))
  const catalogue = await reshubCatalogue(api)
  const zone = catalogue.sites.find((s) => s.id === query.site_id)?.time_zone ?? catalogue.sites[0]?.time_zone ?? 'UTC'
  const spec = listTypes[type]
  const [appointments, waitlist] = await Promise.all([
    type === 'waitlist'
      ? null
      : settlePart(
          api.request(endpoints.reshubAppointments, {
            query: {
              status: spec.statuses.join(','),
              site_id: query.site_id,
              practitioner_id: query.practitioner_id,
              // upcoming starts today at the site unless asked otherwise
              date_from: query.date_from ?? (type === 'upcoming' ? siteToday(zone) : undefined),
              date_to: query.date_to,
              order: spec.order,
              page: query.page,
              page_size: 20,
            },
          }),
        ),
    type === 'waitlist'
      ? settlePart(
          api.request(endpoints.reshubWaitlist, {
            query: {
              service_id: query.service_id,
              status: query.waitlist_status ?? 'waiting',
              page: query.page,
              page_size: 20,
            },
          }),
        )
      : null,
  ])
  return data({ type, query, catalogue, appointments, waitlist }, { headers: api.headers })
}

export const action = ({ request, params: route }: ActionFunctionArgs) =>
  reshubAction(request, `/reshub/${route.type ?? 'upcoming'}`)

function TypeTabs({ type }: { type: ListType }) {
  return (
    <nav aria-label="Appointment lists">
      <Group gap="xs" wrap="wrap">
        {(Object.keys(listTypes) as ListType[]).map((t) => (
          <Anchor
            key={t}
            component={Link}
            to={`/reshub/${t}`}
            aria-current={t === type ? 'page' : undefined}
            fw={t === type ? 700 : 400}
            underline={t === type ? 'always' : 'hover'}
          >
            {listTypes[t].title}
          </Anchor>
        ))}
      </Group>
    </nav>
  )
}

export default function ReshubListPage() {
  const { type, query, catalogue, appointments, waitlist } = useLoaderData<typeof loader>()
  const withParams = useListHref()
  const redirectTo = withParams({})
  const here = `/reshub/${type}`
  const options = <T extends { id: number; name: string }>(rows: T[]) =>
    rows.map((r) => ({ value: String(r.id), label: r.name }))
  const values = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined ? undefined : String(v)]))

  const columns: Column<Appointment>[] = [
    {
      header: 'When',
      cell: (a) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {siteDateTime(a.start, a.time_zone)}
          <ViewerTime iso={a.start} siteZone={a.time_zone} />
        </Text>
      ),
    },
    { header: 'Patient', cell: (a) => <PatientCell patient={a.patient} /> },
    {
      header: 'With',
      cell: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.practitioner.name}</Text>
          <Text size="xs" c="dimmed">
            {a.service.name} · {a.site.name} ({zoneCity(a.time_zone)})
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Status',
      td: { miw: 120 },
      cell: (a) => (
        <Stack gap={2}>
          <StatusBadge status={a.status} />
          {a.cancel_reason ? (
            <Text size="xs" c="dimmed">
              {a.cancel_reason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (a) => <AppointmentActions appointment={a} action={here} redirectTo={redirectTo} />,
    },
  ]
  const waitColumns: Column<WaitlistEntry>[] = [
    { header: 'Patient', cell: (w) => <PatientCell patient={w.patient} /> },
    { header: 'Visit type', cell: (w) => w.service.name },
    {
      header: 'Wants',
      cell: (w) => [w.practitioner?.name, w.site?.name].filter(Boolean).join(', ') || 'Anyone, any site',
    },
    { header: 'Note', cell: (w) => w.note || '—' },
    { header: 'Waiting since', cell: (w) => siteDateTime(w.created_at, 'UTC').replace(/, .*/, '') },
    {
      header: 'Status',
      cell: (w) => (
        <Badge variant="light" color={w.status === 'offered' ? 'orange' : 'gray'}>
          {w.status === 'offered' ? 'Slot offered' : w.status[0]!.toUpperCase() + w.status.slice(1)}
        </Badge>
      ),
    },
  ]
  const part = type === 'waitlist' ? waitlist : appointments
  const count = part?.value?.count ?? 0
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/reshub', label: 'Reservation hub' }}
        title={type === 'waitlist' ? 'Waitlist' : `${listTypes[type].title} appointments`}
        description={
          <Text c="dimmed">
            {type === 'waitlist'
              ? 'Patients waiting for a visit type. When a slot frees, the first one waiting gets a call task offering it.'
              : type === 'upcoming'
                ? 'Booked appointments from today on, soonest first, with the moves each allows.'
                : 'Latest first. Times are each site’s own.'}
          </Text>
        }
      />
      <TypeTabs type={type} />
      <Card padding="md">
        {type === 'waitlist' ? (
          <ListFilters
            submitLabel="Show"
            action={here}
            label="Filter the waitlist"
            values={values}
            selects={[
              {
                name: 'service_id',
                label: 'Visit type',
                anyLabel: 'Any visit type',
                options: options(catalogue.services),
              },
              {
                name: 'waitlist_status',
                label: 'Status',
                options: [
                  { value: 'waiting', label: 'Waiting' },
                  { value: 'offered', label: 'Slot offered' },
                  { value: 'booked', label: 'Booked' },
                  { value: 'removed', label: 'Removed' },
                ],
              },
            ]}
          />
        ) : (
          <ListFilters
            submitLabel="Show"
            action={here}
            label={`Filter ${listTypes[type].title.toLowerCase()} appointments`}
            values={values}
            selects={[
              { name: 'site_id', label: 'Site', anyLabel: 'Every site', options: options(catalogue.sites) },
              {
                name: 'practitioner_id',
                label: 'Practitioner',
                anyLabel: 'Every practitioner',
                options: options(catalogue.practitioners),
              },
            ]}
            dates={[
              { name: 'date_from', label: 'From' },
              { name: 'date_to', label: 'To' },
            ]}
          />
        )}
      </Card>
      {type === 'waitlist' ? (
        <DataTable
          label="Waitlist"
          columns={waitColumns}
          rows={waitlist?.value?.results ?? null}
          rowKey={(w) => w.id}
          failure={waitlist?.error ? { title: 'The waitlist could not be loaded', message: waitlist.error } : undefined}
          empty="Nobody is waiting."
          minWidth={760}
        />
      ) : (
        <DataTable
          label={`${listTypes[type].title} appointments`}
          columns={columns}
          rows={appointments?.value?.results ?? null}
          rowKey={(a) => a.id}
          failure={
            appointments?.error
              ? { title: 'The appointments could not be loaded', message: appointments.error }
              : undefined
          }
          empty={`No ${listTypes[type].title.toLowerCase()} appointments.`}
          minWidth={860}
        />
      )}
      {part?.value && count ? (
        <ListPager
          page={query.page}
          totalPages={part.value.total_pages}
          count={count}
          hrefFor={(n) => withParams({ page: String(n) })}
          noun={type === 'waitlist' ? ['patient waiting', 'patients waiting'] : ['appointment', 'appointments']}
          label={`${listTypes[type].title} pages`}
        />
      ) : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
