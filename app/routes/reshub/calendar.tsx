import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation, useRouteError } from '@remix-run/react'
import { z } from 'zod'
import { endpoints } from '#contract/endpoints'
import type { PatientSummary } from '#contract/emr'
import { createAppointmentBody, slotHoldingStatuses, SLOT_TAKEN, type Slot } from '#contract/reshub'
import { ErrorScreen } from '~/components/error-screen'
import { BookedCard, BookingPanel, MovePanel, WaitlistForm } from '~/components/reshub/booking-panel'
import { CalendarGrid, type GridColumn } from '~/components/reshub/calendar-grid'
import { ListFilters } from '~/components/layout/list-filters'
import {
  addDays,
  dayLabel,
  isDate,
  longDayLabel,
  siteDate,
  siteDateTime,
  siteTime,
  siteToday,
  weekStart,
  zoneName,
} from '~/components/reshub/time'
import { ZoneNote } from '~/components/reshub/viewer-time'
import { withParams } from '~/lib/list-links'
import { readForm } from '~/lib/forms.server'
import { allAppointments, reshubCatalogue } from '~/services/reshub.server'
import { createUpstream, settlePart, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'
import { pageTitle } from '~/theme'
import { RESHUB_FORBIDDEN, reshubAction } from './actions.server'

/*
 * /reshub/calendar: a site's week (one practitioner, day by day) or day (its practitioners side by
 * side) as a server-rendered grid, with the free slots of a visit type as links. A slot opens the
 * booking form beside the grid: find the patient, confirm the date of birth, book; the confirmation
 * reads the appointment back. Everything lives in the URL and in plain forms.
 */

export const meta: MetaFunction = () => [{ title: pageTitle('Calendar · Reservation hub') }]

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined)
const params = z.object({
  view: z.enum(['week', 'day']).catch('week'),
  site_id: optionalId,
  practitioner_id: optionalId,
  service_id: optionalId,
  date: z
    .string()
    .optional()
    .transform((v) => (isDate(v) ? v : undefined)),
  patient_id: optionalId,
  patient_q: z.string().trim().max(100).optional().catch(undefined),
  book: z.string().max(40).optional().catch(undefined),
  book_practitioner: optionalId,
  booked: optionalId,
  /** The appointment being moved to another slot. */
  move: optionalId,
})
type CalendarQuery = z.infer<typeof params>

/** The patient chosen for booking: from the search's matches, else by opening their record (logged). */
async function chosenPatient(api: Upstream, query: CalendarQuery, matches: PatientSummary[] | null) {
  if (!query.patient_id) return null
  const found = matches?.find((p) => p.id === query.patient_id)
  if (found) return found
  const record = await api.request(endpoints.emrPatient, { params: { id: query.patient_id } }).catch(() => null)
  return record
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await createUpstream(request)
  const query = params.parse(Object.fromEntries(new URL(request.url).searchParams))
  const catalogue = await reshubCatalogue(api)
  const site = catalogue.sites.find((s) => s.id === query.site_id) ?? catalogue.sites[0]
  if (!site) throw new Response('No clinic sites yet', { status: 404 })
  const atSite = catalogue.practitioners.filter((p) => p.site_ids.includes(site.id))
  const service =
    catalogue.services.find((s) => s.id === query.service_id) ??
    catalogue.services.find((s) => atSite.some((p) => p.service_ids.includes(s.id))) ??
    catalogue.services[0]!
  const offering = atSite.filter((p) => p.service_ids.includes(service.id))
  const practitioner =
    atSite.find((p) => p.id === query.practitioner_id) ??
    (query.view === 'week' ? (offering[0] ?? atSite[0]) : undefined)
  const today = siteToday(site.time_zone)
  // on a Saturday or Sunday the week to book in is the next one
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay()
  const date =
    query.date ??
    (query.view === 'week' && (weekday === 6 || weekday === 0) ? addDays(today, weekday === 6 ? 2 : 1) : today)
  const from = query.view === 'week' ? weekStart(date) : date
  const to = query.view === 'week' ? addDays(from, 6) : date
  const searching = query.book && query.patient_q && !query.patient_id
  const [day, slots, matches, booked] = await Promise.all([
    settlePart(
      allAppointments(api, {
        site_id: site.id,
        practitioner_id: practitioner?.id,
        date_from: from,
        date_to: to,
        status: [...slotHoldingStatuses, 'noshow'].join(','),
      }),
    ),
    practitioner && !practitioner.service_ids.includes(service.id)
      ? { value: { service_id: service.id, slots: [] as Slot[] }, error: null }
      : settlePart(
          api.request(endpoints.reshubSlots, {
            query: {
              service_id: service.id,
              site_id: site.id,
              practitioner_id: practitioner?.id,
              date_from: from,
              date_to: to,
            },
          }),
        ),
    searching
      ? settlePart(api.request(endpoints.emrPatients, { query: { q: query.patient_q!, page_size: 10 } }))
      : null,
    query.booked ? api.request(endpoints.reshubAppointment, { params: { id: query.booked } }).catch(() => null) : null,
  ])
  const moving = query.move
    ? await api.request(endpoints.reshubAppointment, { params: { id: query.move } }).catch(() => null)
    : null
  const patient = await chosenPatient(api, query, matches?.value?.results ?? null)
  const chosenSlot = query.book
    ? (slots.value?.slots.find(
        (s) => s.start === query.book && (!query.book_practitioner || s.practitioner_id === query.book_practitioner),
      ) ?? null)
    : null
  return data(
    {
      query,
      site,
      service,
      practitioner: practitioner ?? null,
      catalogue,
      atSite,
      from,
      to,
      today,
      day,
      slots,
      matches,
      patient,
      chosenSlot,
      booked,
      moving,
      zoneShort: zoneName(site.time_zone, new Date(`${from}T12:00:00Z`)),
    },
    { headers: api.headers },
  )
}

const bookForm = createAppointmentBody.extend({
  birth_date: z.string().trim().min(1, 'Ask the caller for their date of birth'),
})
const waitlistForm = z.object({
  patient_id: createAppointmentBody.shape.patient_id,
  service_id: createAppointmentBody.shape.service_id,
  practitioner_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
})

type ActionError = { message: string; fields: Record<string, string[] | undefined> }

/** The API's refusal of a booking or a move, shown on the form; a slot taken meanwhile says what to do. */
async function slotRefusal(thrown: unknown, api: Upstream) {
  const failure = await upstreamFailure(thrown, { forbidden: RESHUB_FORBIDDEN })
  const message =
    failure.status === 409 && failure.message === SLOT_TAKEN ? `${SLOT_TAKEN}: choose another.` : failure.message
  return data<ActionError>({ message, fields: failure.fieldErrors }, { status: failure.status, headers: api.headers })
}

const moveForm = z.object({
  appointment_id: createAppointmentBody.shape.patient_id,
  start: createAppointmentBody.shape.start,
  practitioner_id: createAppointmentBody.shape.practitioner_id,
  site_id: createAppointmentBody.shape.site_id,
})

/** Moves an appointment to the chosen slot, then reads it back as a booking is. */
async function moveAction(request: Request, form: FormData) {
  const url = new URL(request.url)
  const parsed = moveForm.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return data<ActionError>({ message: 'Choose a free slot to move to', fields: {} }, { status: 400 })
  const { appointment_id, ...body } = parsed.data
  const api = await createUpstream(request)
  try {
    const moved = await api.request(endpoints.reshubReschedule, { params: { id: appointment_id }, body })
    const done = withParams(url.pathname, url.search, {
      move: null,
      book: null,
      book_practitioner: null,
      booked: String(moved.id),
    })
    return await redirectWithToast(
      `${done}#booked`,
      { title: 'Moved', message: `${moved.patient.name}'s appointment is moved.` },
      { headers: api.headers },
    )
  } catch (thrown) {
    return slotRefusal(thrown, api)
  }
}

/** Book (the date of birth confirms the patient first) or put the patient on the waitlist. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  const intent = form.get('intent')
  // a move of the appointment just booked (cancel it) goes through the hub's shared action
  if (intent === 'status') return reshubAction(request, back, form)
  if (intent === 'move') return moveAction(request, form)
  const api = await createUpstream(request)
  if (intent === 'waitlist') {
    const parsed = waitlistForm.safeParse(Object.fromEntries(form))
    if (!parsed.success) return redirectWithToast(back, { type: 'error', message: 'Choose a patient and a visit type' })
    try {
      await api.request(endpoints.reshubAddToWaitlist, { body: parsed.data })
      return await redirectWithToast(
        withParams(url.pathname, url.search, { book: null, book_practitioner: null }),
        { title: 'On the waitlist', message: 'The first slot that frees will be offered by a call.' },
        { headers: api.headers },
      )
    } catch (thrown) {
      const failure = await upstreamFailure(thrown, { forbidden: RESHUB_FORBIDDEN })
      return redirectWithToast(
        back,
        { type: 'error', title: 'Not added', message: failure.message },
        { headers: api.headers },
      )
    }
  }
  const parsed = bookForm.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    const fields = parsed.error.flatten().fieldErrors
    return data<ActionError>(
      { message: Object.values(fields).flat()[0] ?? 'Check the booking', fields },
      { status: 400 },
    )
  }
  const { birth_date, ...body } = parsed.data
  try {
    // the date of birth confirms the patient: a search by it must find them
    const byBirth = await api.request(endpoints.emrPatients, { query: { q: birth_date, page_size: 100 } })
    if (!byBirth.results.some((p) => p.id === body.patient_id)) {
      return data<ActionError>(
        {
          message: 'That date of birth is not the one on this patient’s record: check you have the right patient.',
          fields: { birth_date: ['Does not match the record'] },
        },
        { status: 400, headers: api.headers },
      )
    }
    const booked = await api.request(endpoints.reshubBook, { body })
    return redirect(
      withParams(url.pathname, url.search, {
        book: null,
        book_practitioner: null,
        patient_q: null,
        patient_id: null,
        booked: String(booked.id),
      }) + '#booked',
      { headers: api.headers },
    )
  } catch (thrown) {
    return slotRefusal(thrown, api)
  }
}

export default function CalendarPage() {
  const d = useLoaderData<typeof loader>()
  const actionError = useActionData<typeof action>() ?? null
  const { pathname, search } = useLocation()
  const hrefWith = (changes: Record<string, string | null>) =>
    withParams(pathname, search, { booked: null, ...changes })
  const { query, site, service, practitioner, from, to, today } = d
  const slots = d.slots.value?.slots ?? []
  const appointments = d.day.value?.results ?? []
  const practitionerName = (id: number) =>
    d.catalogue.practitioners.find((p) => p.id === id)?.name ?? 'the practitioner'

  const columns: GridColumn[] =
    query.view === 'week'
      ? Array.from({ length: 7 }, (_, i) => addDays(from, i)).map((date) => ({
          key: date,
          label: `${dayLabel(date)}${date === today ? ' (today)' : ''}`,
          zone: site.time_zone,
          appointments: appointments.filter((a) => siteDate(a.start, site.time_zone) === date),
          slots: slots.filter((s) => siteDate(s.start, site.time_zone) === date),
        }))
      : d.atSite
          .filter((p) => p.service_ids.includes(service.id) || appointments.some((a) => a.practitioner.id === p.id))
          .map((p) => ({
            key: String(p.id),
            label: p.name,
            zone: site.time_zone,
            appointments: appointments.filter((a) => a.practitioner.id === p.id),
            slots: slots.filter((s) => s.practitioner_id === p.id),
          }))
  const step = query.view === 'week' ? 7 : 1
  const options = <T extends { id: number; name: string }>(rows: T[]) =>
    rows.map((r) => ({ value: String(r.id), label: r.name }))
  const values = {
    site_id: String(site.id),
    practitioner_id: practitioner ? String(practitioner.id) : '',
    service_id: String(service.id),
    date: query.date ?? '',
  }
  const keep: Record<string, string> = { view: query.view }
  if (query.patient_id) keep.patient_id = String(query.patient_id)

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Calendar</Title>
          <Text c="dimmed">
            {site.name}: {query.view === 'week' ? `week of ${longDayLabel(from)}` : longDayLabel(from)}
            {practitioner ? `, ${practitioner.name}` : ''}
          </Text>
          <ZoneNote zone={site.time_zone} zoneShort={d.zoneShort} />
        </div>
        <Group gap="xs" component="nav" aria-label="Calendar view and dates">
          <Button
            component={Link}
            to={hrefWith({ view: 'week', date: from })}
            variant={query.view === 'week' ? 'filled' : 'default'}
            size="xs"
            aria-current={query.view === 'week' ? 'page' : undefined}
          >
            Week
          </Button>
          <Button
            component={Link}
            to={hrefWith({
              view: 'day',
              date: query.view === 'day' ? from : from < today && today <= to ? today : from,
            })}
            variant={query.view === 'day' ? 'filled' : 'default'}
            size="xs"
            aria-current={query.view === 'day' ? 'page' : undefined}
          >
            Day
          </Button>
          <Button
            component={Link}
            to={hrefWith({ date: addDays(from, -step), book: null })}
            variant="default"
            size="xs"
          >
            ← {query.view === 'week' ? 'Previous week' : 'Previous day'}
          </Button>
          <Button component={Link} to={hrefWith({ date: today, book: null })} variant="default" size="xs">
            Today
          </Button>
          <Button component={Link} to={hrefWith({ date: addDays(from, step), book: null })} variant="default" size="xs">
            {query.view === 'week' ? 'Next week' : 'Next day'} →
          </Button>
        </Group>
      </Group>
      <Card padding="md">
        <ListFilters
          submitLabel="Show"
          action="/reshub/calendar"
          label="Choose what the calendar shows"
          values={values}
          keep={keep}
          selects={[
            { name: 'site_id', label: 'Site', options: options(d.catalogue.sites) },
            {
              name: 'practitioner_id',
              label: 'Practitioner',
              anyLabel: query.view === 'week' ? undefined : 'Everyone at the site',
              options: options(d.atSite),
            },
            { name: 'service_id', label: 'Visit type', options: options(d.catalogue.services) },
          ]}
          dates={[{ name: 'date', label: 'Go to' }]}
        />
      </Card>
      {d.booked ? (
        <BookedCard appointment={d.booked} action={`/reshub/calendar${search}`} redirectTo={`${pathname}${search}`} />
      ) : null}
      {d.moving && !query.book ? (
        <Alert color="blue" variant="light" title={`Moving ${d.moving.patient.name}'s appointment`}>
          <Text size="sm">
            Now {siteDateTime(d.moving.start, d.moving.time_zone)} with {d.moving.practitioner.name} (
            {d.moving.service.name}). Choose a free slot to move it to.{' '}
            <Anchor component={Link} to={hrefWith({ move: null })}>
              Keep it where it is
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {d.patient && !query.book && !d.moving ? (
        <Alert color="blue" variant="light" title={`Booking for ${d.patient.name}`}>
          <Stack gap="xs">
            <Text size="sm">Choose a free slot on the calendar.</Text>
            <WaitlistForm
              action={`/reshub/calendar${search}`}
              patient={d.patient}
              service={service}
              practitionerId={practitioner?.id}
            />
            <Anchor component={Link} to={hrefWith({ patient_id: null })} size="sm">
              Not booking for {d.patient.name}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {query.book ? (
        d.chosenSlot && d.moving ? (
          <MovePanel
            appointment={d.moving}
            slot={d.chosenSlot}
            practitionerName={practitionerName(d.chosenSlot.practitioner_id)}
            action={`/reshub/calendar${search}`}
            cancelHref={hrefWith({ book: null, book_practitioner: null })}
            error={actionError}
          />
        ) : d.chosenSlot ? (
          <BookingPanel
            slot={d.chosenSlot}
            practitionerName={practitionerName(d.chosenSlot.practitioner_id)}
            siteName={site.name}
            service={service}
            patient={d.patient}
            search={{
              q: query.patient_q ?? '',
              matches: d.matches?.value?.results ?? null,
              error: d.matches?.error ?? null,
            }}
            hrefWith={hrefWith}
            error={actionError}
            action={`/reshub/calendar${search}`}
          />
        ) : (
          <Alert color="orange" title={SLOT_TAKEN} role="alert">
            {siteTime(query.book, site.time_zone)} is not free any more for {service.name}.{' '}
            <Anchor component={Link} to={hrefWith({ book: null, book_practitioner: null })}>
              Choose another slot
            </Anchor>
          </Alert>
        )
      ) : null}
      {d.day.error || d.slots.error ? (
        <Alert color="red" title="Part of the calendar could not be loaded" role="alert">
          {d.day.error ?? d.slots.error}
        </Alert>
      ) : null}
      {practitioner && !practitioner.service_ids.includes(service.id) ? (
        <Text c="dimmed">
          {practitioner.name} does not offer {service.name}: choose another visit type or practitioner to see free
          slots.
        </Text>
      ) : null}
      {columns.length && !slots.length && !d.slots.error ? (
        <Text c="dimmed">
          No free {service.name} slots {query.view === 'week' ? 'this week' : 'on this day'}
          {practitioner ? ` with ${practitioner.name}` : ''}.{' '}
          <Anchor component={Link} to={hrefWith({ date: addDays(from, step), book: null })}>
            {query.view === 'week' ? 'Next week' : 'Next day'}
          </Anchor>
        </Text>
      ) : null}
      {columns.length ? (
        <CalendarGrid
          columns={columns}
          caption={`${slots.length} free ${service.name} slots; booked appointments shaded`}
          slotHref={(s) =>
            hrefWith({ book: s.start, book_practitioner: String(s.practitioner_id), booked: null }) + '#booking'
          }
          slotLabel={(s) =>
            `Book ${dayLabel(siteDate(s.start, s.time_zone))} ${siteTime(s.start, s.time_zone)} with ${practitionerName(s.practitioner_id)}`
          }
        />
      ) : (
        <Text c="dimmed">
          Nobody at {site.name} offers {service.name}.
        </Text>
      )}
    </Stack>
  )
}

export function ErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />
}
