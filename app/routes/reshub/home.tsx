import { Anchor, Badge, Button, Card, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import type { Appointment, CallTask, ReshubKpi } from '#contract/reshub'
import { appointmentStatusLabel, type AppointmentStatus } from '#contract/reshub-statuses'
import { ErrorScreen } from '~/components/error-screen'
import look from '~/components/layout/look.module.css'
import { DataTable } from '~/components/layout/data-table'
import { ListFilters } from '~/components/layout/list-filters'
import { listTypes } from '~/components/reshub/list-types'
import appointment from '~/components/reshub/appointment.module.css'
import { PatientCell } from '~/components/reshub/patient-cell'
import { AppointmentActions, StatusBadge } from '~/components/reshub/status'
import { isDate, longDayLabel, siteDateTime, siteTime, siteToday, zoneName } from '~/components/reshub/time'
import { ViewerTime, ZoneNote } from '~/components/reshub/viewer-time'
import { useListHref } from '~/lib/list-links'
import { allAppointments, reshubCatalogue } from '~/services/reshub.server'
import { createUpstream, settlePart } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { reshubAction } from './actions.server'

/*
 * /reshub: today at one site, on the site's clock. The practitioners as columns with their
 * appointments, the patient flow (waiting → in room → done, with minutes waited), the calls the
 * contact centre owes (confirmations, waitlist offers), the day's counts and the no-show rate.
 */

export const meta: MetaFunction = () => [{ title: pageTitle('Today · Reservation hub') }]

const params = z.object({
  site_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  date: z
    .string()
    .optional()
    .transform((v) => (isDate(v) ? v : undefined)),
  tasks: z.enum(['confirmation', 'waitlist_offer']).optional().catch(undefined),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const query = params.parse(Object.fromEntries(new URL(request.url).searchParams))
  const catalogue = await reshubCatalogue(api)
  const site = catalogue.sites.find((s) => s.id === query.site_id) ?? catalogue.sites[0] ?? null
  if (!site)
    return data({
      site: null,
      date: '',
      today: '',
      catalogue,
      day: null,
      kpi: null,
      tasks: null,
      taskKind: null,
      zoneShort: '',
    })
  const today = siteToday(site.time_zone)
  const date = query.date ?? today
  const [day, kpi, tasks] = await Promise.all([
    settlePart(allAppointments(api, { site_id: site.id, date_from: date, date_to: date, order: 'asc' })),
    settlePart(api.request(endpoints.reshubKpi, { query: { site_id: site.id, date } })),
    settlePart(
      api.request(endpoints.reshubTasks, {
        query: { status: 'open', site_id: site.id, kind: query.tasks, page_size: 20 },
      }),
    ),
  ])
  return data(
    {
      site,
      date,
      today,
      catalogue,
      day: day.value ? { value: { results: day.value.results.map(shown) }, error: null } : day,
      kpi,
      tasks,
      taskKind: query.tasks ?? null,
      zoneShort: zoneName(site.time_zone),
    },
    { headers: api.headers },
  )
}

export const action = ({ request }: ActionFunctionArgs) => reshubAction(request, '/reshub')

/** What the day's columns and flow show of an appointment: a busy day's page carries no more. */
function shown(a: Appointment) {
  const { id, name, mrn, phone, flagged, no_shows } = a.patient
  return {
    id: a.id,
    status: a.status,
    start: a.start,
    time_zone: a.time_zone,
    waited_minutes: a.waited_minutes,
    next_statuses: a.next_statuses,
    patient: { id, name, mrn, phone, flagged, no_shows },
    practitioner: { id: a.practitioner.id },
    site: { id: a.site.id },
    service: { id: a.service.id, name: a.service.name },
  }
}
type ShownAppointment = ReturnType<typeof shown>

const countOrder: AppointmentStatus[] = ['booked', 'arrived', 'checked-in', 'fulfilled', 'noshow', 'cancelled']

function Counts({ today, rate }: { today: Partial<Record<AppointmentStatus, number>>; rate: number }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 7 }} spacing="sm">
      {countOrder.map((s) => (
        <Card key={s} padding="sm" withBorder>
          <Text size="xs" c="dimmed">
            {appointmentStatusLabel[s]}
          </Text>
          <Text fw={700} size="xl">
            {today[s] ?? 0}
          </Text>
        </Card>
      ))}
      <Card padding="sm" withBorder>
        <Text size="xs" c="dimmed">
          No-show rate, 90 days
        </Text>
        <Text fw={700} size="xl">
          {(rate * 100).toFixed(1)} %
        </Text>
      </Card>
    </SimpleGrid>
  )
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`

/** Who misses appointments: the 90 days' no-show rate by practitioner and weekday, and the patients flagged. */
function NoShows({ kpi }: { kpi: ReshubKpi }) {
  const rateColumns = <T,>(label: (row: T) => string, header: string) => [
    { header, cell: label },
    { header: 'Visits', cell: (r: T & { appointments: number }) => r.appointments, td: { ta: 'right' as const } },
    { header: 'No-shows', cell: (r: T & { no_shows: number }) => r.no_shows, td: { ta: 'right' as const } },
    { header: 'Rate', cell: (r: T & { rate: number }) => percent(r.rate), td: { ta: 'right' as const } },
  ]
  return (
    <section aria-labelledby="no-shows">
      <Title order={2} size="h4" id="no-shows" mb="xs">
        No-shows, last 90 days
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <DataTable
          label="No-show rate by practitioner"
          rows={kpi.by_practitioner}
          rowKey={(r) => r.practitioner.id}
          empty="No visits yet."
          columns={rateColumns<ReshubKpi['by_practitioner'][number]>((r) => r.practitioner.name, 'Practitioner')}
        />
        <DataTable
          label="No-show rate by weekday"
          rows={kpi.by_weekday}
          rowKey={(r) => r.weekday}
          empty="No visits yet."
          columns={rateColumns<ReshubKpi['by_weekday'][number]>((r) => WEEKDAYS[r.weekday] ?? '', 'Weekday')}
        />
        <DataTable
          label="Patients with most no-shows"
          rows={kpi.by_patient}
          rowKey={(r) => r.patient.id}
          empty="Nobody has missed a visit."
          columns={rateColumns<ReshubKpi['by_patient'][number]>((r) => r.patient.name, 'Patient')}
        />
      </SimpleGrid>
    </section>
  )
}

function FlowColumn({
  title,
  rows,
  note,
}: {
  title: string
  rows: ShownAppointment[]
  note: (a: ShownAppointment) => string
}) {
  return (
    <Card padding="sm" withBorder component="section" aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title} ({rows.length})
      </Title>
      {rows.length ? (
        <Stack gap={6}>
          {rows.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{a.patient.name}</Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {note(a)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Nobody.
        </Text>
      )}
    </Card>
  )
}

function TaskRow({ task, redirectTo }: { task: CallTask; redirectTo: string }) {
  const slot = task.kind === 'confirmation' ? task.appointment : task.offer
  const when = slot
    ? `${siteDateTime(slot.start, slot.time_zone)} with ${slot.practitioner.name} (${slot.service.name}, ${slot.site.name})`
    : null
  const what =
    task.kind === 'confirmation'
      ? `Confirm ${when ?? 'the appointment'}`
      : `Offer the freed slot: ${when ?? 'it has been taken since'}`
  const close = (status: 'done' | 'cancelled', label: string) => (
    <Form method="post" action="/reshub">
      <input type="hidden" name="intent" value="task" />
      <input type="hidden" name="task_id" value={task.id} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        size="compact-sm"
        variant={status === 'done' ? 'light' : 'subtle'}
        aria-label={`${label}: ${task.patient.name}`}
      >
        {label}
      </Button>
    </Form>
  )
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={2} style={{ flex: '1 1 260px' }}>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={task.kind === 'confirmation' ? 'blue' : 'orange'}>
            {task.kind === 'confirmation' ? 'Confirmation' : 'Waitlist offer'}
          </Badge>
          <PatientCell patient={task.patient} />
        </Group>
        <Text size="sm">{what}</Text>
      </Stack>
      <Group gap={6}>
        {close('done', 'Called')}
        {close('cancelled', 'Drop')}
      </Group>
    </Group>
  )
}

export default function ReshubToday() {
  const { site, date, today, catalogue, day, kpi, tasks, taskKind, zoneShort } = useLoaderData<typeof loader>()
  const withParams = useListHref()
  const redirectTo = withParams({})
  if (!site) {
    return (
      <Stack>
        <Title order={1}>Reservation hub</Title>
        <Text>No clinic sites yet: seed the demo data or add a site in the API.</Text>
      </Stack>
    )
  }
  const appointments = day.value?.results ?? []
  const atSite = catalogue.practitioners.filter((p) => p.site_ids.includes(site.id))
  const columns = atSite
    .map((p) => ({ practitioner: p, rows: appointments.filter((a) => a.practitioner.id === p.id) }))
    .filter((c) => c.rows.length || date === today)
  const waited = (a: ShownAppointment) => (a.waited_minutes === null ? '' : `${a.waited_minutes} min waited`)
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{date === today ? `Today at ${site.name}` : `${site.name}, ${longDayLabel(date)}`}</Title>
          <Text c="dimmed">{longDayLabel(date)}</Text>
          <ZoneNote zone={site.time_zone} zoneShort={zoneShort} />
          <Group gap="md" mt={6} component="nav" aria-label="Appointment lists">
            {(['upcoming', 'completed', 'cancelled', 'no_show', 'waitlist'] as const).map((t) => (
              <Anchor key={t} component={Link} to={`/reshub/${t}`} size="sm">
                {listTypes[t].title}
              </Anchor>
            ))}
          </Group>
        </div>
        <Group gap="sm">
          <Button component={Link} to={`/reshub/calendar?site_id=${site.id}`} variant="light">
            Book on the calendar
          </Button>
          <Button component={Link} to="/reshub/emr" variant="subtle">
            Find a patient
          </Button>
        </Group>
      </Group>
      <Card padding="md">
        <ListFilters
          submitLabel="Show"
          action="/reshub"
          label="Choose the site and day"
          values={{ site_id: String(site.id), date }}
          selects={[
            {
              name: 'site_id',
              label: 'Site',
              options: catalogue.sites.map((s) => ({ value: String(s.id), label: s.name })),
            },
          ]}
          dates={[{ name: 'date', label: 'Day' }]}
        />
      </Card>
      {kpi.value ? <Counts today={kpi.value.today} rate={kpi.value.no_show_rate} /> : <Text c="red">{kpi.error}</Text>}
      <section aria-labelledby="flow">
        <Title order={2} size="h4" id="flow" mb="xs">
          Patient flow
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FlowColumn title="Waiting" rows={appointments.filter((a) => a.status === 'arrived')} note={waited} />
          <FlowColumn title="In room" rows={appointments.filter((a) => a.status === 'checked-in')} note={waited} />
          <FlowColumn
            title="Done"
            rows={appointments.filter((a) => a.status === 'fulfilled')}
            note={(a) => `${siteTime(a.start, a.time_zone)} · ${waited(a) || 'no wait recorded'}`}
          />
        </SimpleGrid>
      </section>
      <section aria-labelledby="columns">
        <Title order={2} size="h4" id="columns" mb="xs">
          Practitioners
        </Title>
        {day.error ? (
          <Text c="red" role="alert">
            The day's appointments could not be loaded: {day.error}
          </Text>
        ) : columns.length ? (
          <ScrollArea type="auto" offsetScrollbars>
            <Group align="flex-start" wrap="nowrap" gap="sm">
              {columns.map(({ practitioner, rows }) => (
                <Card
                  key={practitioner.id}
                  withBorder
                  padding="sm"
                  w={280}
                  miw={280}
                  component="section"
                  aria-label={practitioner.name}
                >
                  <Text fw={600}>{practitioner.name}</Text>
                  <Text size="xs" c="dimmed" mb="xs">
                    {practitioner.specialty} · {rows.length} appointments
                  </Text>
                  <Stack gap="sm">
                    {rows.map((a) => (
                      <div key={a.id} className={appointment.slot}>
                        <div className={`${look.row} ${look.between} ${look.nowrap}`}>
                          <p className={`${look.text} ${look.sm} ${look.strong}`}>
                            {siteTime(a.start, a.time_zone)}
                            <ViewerTime iso={a.start} siteZone={a.time_zone} />
                          </p>
                          <StatusBadge status={a.status} />
                        </div>
                        <PatientCell patient={a.patient} />
                        <p className={`${look.text} ${look.xs} ${look.dimmed}`}>
                          {a.service.name}
                          {a.status === 'arrived' && a.waited_minutes !== null
                            ? ` · waiting ${a.waited_minutes} min`
                            : ''}
                        </p>
                        <AppointmentActions
                          appointment={a}
                          action="/reshub"
                          redirectTo={redirectTo}
                          except={['entered-in-error']}
                        />
                      </div>
                    ))}
                    {rows.length ? null : (
                      <Text size="sm" c="dimmed">
                        No appointments.
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </Group>
          </ScrollArea>
        ) : (
          <Text c="dimmed">No appointments at {site.name} on this day.</Text>
        )}
      </section>
      <section aria-labelledby="tasks">
        <Group justify="space-between">
          <Title order={2} size="h4" id="tasks">
            Calls to make
          </Title>
          <Group gap="md" component="nav" aria-label="Which calls">
            {(
              [
                [null, 'All calls'],
                ['confirmation', 'Confirmations'],
                ['waitlist_offer', 'Waitlist offers'],
              ] as const
            ).map(([kind, label]) => (
              <Anchor
                key={label}
                component={Link}
                to={withParams({ tasks: kind })}
                size="sm"
                aria-current={taskKind === kind ? 'page' : undefined}
                fw={taskKind === kind ? 700 : 400}
              >
                {label}
              </Anchor>
            ))}
          </Group>
        </Group>
        {tasks.value ? (
          tasks.value.results.length ? (
            <Stack gap={0} mt="xs">
              {tasks.value.results.map((t) => (
                <TaskRow key={t.id} task={t} redirectTo={redirectTo} />
              ))}
              {tasks.value.count > tasks.value.results.length ? (
                <Text size="sm" c="dimmed" mt="xs">
                  {tasks.value.count - tasks.value.results.length} more calls after these.
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text c="dimmed" mt="xs">
              No calls waiting: every appointment in the next two days is confirmed.
            </Text>
          )
        ) : (
          <Text c="red">{tasks.error}</Text>
        )}
      </section>
      {kpi.value ? <NoShows kpi={kpi.value} /> : null}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
