import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { PatientSummary } from '#contract/emr'
import type { AppointmentDetail, Slot } from '#contract/reshub'
import { appointmentStatusLabel } from '#contract/reshub-statuses'
import { DataTable } from '~/components/layout/data-table'
import { AppointmentActions } from './status'
import { siteDateTime, zoneCity } from './time'
import { ViewerTime } from './viewer-time'

type Props = {
  slot: Slot
  practitionerName: string
  siteName: string
  service: { id: number; name: string; duration_minutes: number }
  /** The chosen patient, or null while searching. */
  patient: PatientSummary | null
  /** The patient search (`patient_q`) and its matches. */
  search: { q: string; matches: PatientSummary[] | null; error: string | null }
  /** Links within the calendar, its other parameters kept. */
  hrefWith: (changes: Record<string, string | null>) => string
  /** What the last booking attempt said (a wrong date of birth, a slot taken meanwhile). */
  error: { message: string; fields: Record<string, string[] | undefined> } | null
  /** The calendar's URL to post to. */
  action: string
}

/**
 * Booking a free slot: find the patient, confirm them by date of birth, book. Plain forms, so it
 * works without JavaScript; the search keeps the chosen slot in the URL.
 */
export function BookingPanel({
  slot,
  practitionerName,
  siteName,
  service,
  patient,
  search,
  hrefWith,
  error,
  action,
}: Props) {
  const navigation = useNavigation()
  const booking = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'book'
  const keep = Object.fromEntries(new URLSearchParams(hrefWith({ patient_q: null }).split('?')[1] ?? ''))
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="booking-title" id="booking">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="booking-title">
            Book {siteDateTime(slot.start, slot.time_zone)}
            <ViewerTime iso={slot.start} siteZone={slot.time_zone} />
          </Title>
          <Text c="dimmed">
            {service.name} ({service.duration_minutes} min) with {practitionerName} at {siteName},{' '}
            {zoneCity(slot.time_zone)} time.{' '}
            <Anchor component={Link} to={hrefWith({ book: null, book_practitioner: null, patient_q: null })} size="sm">
              Choose another slot
            </Anchor>
          </Text>
        </div>
        {error ? (
          <Alert color="red" title="Not booked" role="alert">
            {error.message}
          </Alert>
        ) : null}
        {patient ? (
          <Form method="post" action={action} aria-label="Book the appointment">
            <input type="hidden" name="intent" value="book" />
            <input type="hidden" name="patient_id" value={patient.id} />
            <input type="hidden" name="practitioner_id" value={slot.practitioner_id} />
            <input type="hidden" name="site_id" value={slot.site_id} />
            <input type="hidden" name="service_id" value={service.id} />
            <input type="hidden" name="start" value={slot.start} />
            <Stack gap="sm">
              <Group gap="xs">
                <Text fw={600}>
                  {patient.name} · {patient.mrn} · {patient.phone}
                </Text>
                <Anchor component={Link} to={hrefWith({ patient_id: null })} size="sm">
                  Another patient
                </Anchor>
              </Group>
              <TextInput
                name="birth_date"
                type="date"
                label="Date of birth, as the caller says it"
                description="Confirms you have the right patient before booking"
                required
                error={error?.fields.birth_date?.[0]}
                maw={260}
              />
              <Textarea
                name="booking_note"
                label="Booking note (optional)"
                description="For the front desk: not clinical information"
                maxLength={500}
                autosize
                minRows={2}
                error={error?.fields.booking_note?.[0]}
              />
              <Group>
                <Button type="submit" loading={booking}>
                  Book this slot
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : (
          <Stack gap="sm">
            <Form method="get" action={action} role="search" aria-label="Find the patient to book">
              {Object.entries(keep).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Group align="flex-end" gap="sm">
                <TextInput
                  name="patient_q"
                  type="search"
                  label="Patient"
                  description="Name, phone number, date of birth or MRN"
                  defaultValue={search.q}
                  required
                  maxLength={100}
                  style={{ flex: '1 1 280px' }}
                />
                <Button type="submit" variant="light">
                  Find
                </Button>
              </Group>
            </Form>
            {search.q ? (
              <DataTable
                label="Patients matching the search"
                rows={search.matches}
                rowKey={(p) => p.id}
                failure={search.error ? { title: 'The search failed', message: search.error } : undefined}
                empty="No patient matches: try the date of birth or the phone number."
                columns={[
                  { header: 'Patient', cell: (p) => p.name },
                  { header: 'Date of birth', cell: (p) => p.birth_date },
                  { header: 'MRN', cell: (p) => p.mrn },
                  {
                    header: 'Choose',
                    hideHeader: true,
                    cell: (p) => (
                      <Anchor
                        component={Link}
                        to={hrefWith({ patient_id: String(p.id) })}
                        aria-label={`Choose ${p.name}`}
                      >
                        Choose
                      </Anchor>
                    ),
                  },
                ]}
              />
            ) : null}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}

/**
 * The booking read back: what to say to the patient before the call ends, the calendar file, and the
 * moves it still allows (booked by mistake: cancel it with a reason).
 */
export function BookedCard({
  appointment,
  action,
  redirectTo,
}: {
  appointment: AppointmentDetail
  action: string
  redirectTo: string
}) {
  const a = appointment
  const booked = a.status === 'booked' || a.status === 'pending'
  return (
    <Alert
      color={booked ? 'green' : 'gray'}
      title={booked ? 'Booked' : appointmentStatusLabel[a.status]}
      role="status"
      id="booked"
    >
      <Stack gap={6}>
        <Text size="sm">
          {booked ? 'Read it back: ' : ''}
          {a.patient.name} {booked ? 'is booked' : 'was booked'} for a {a.service.name} with {a.practitioner.name} on{' '}
          {siteDateTime(a.start, a.time_zone)} ({zoneCity(a.time_zone)} time) at {a.site.name}.
          {a.cancel_reason ? ` Reason: ${a.cancel_reason}.` : ''}
        </Text>
        <AppointmentActions appointment={a} action={action} redirectTo={redirectTo} except={['entered-in-error']} />
        <Group gap="md">
          <Anchor href={`/resources/reshub-ics/${a.id}`} size="sm">
            Calendar file (.ics)
          </Anchor>
          <Anchor component={Link} to={`/reshub/emr?patient=${a.patient.id}`} size="sm">
            Patient record
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  )
}

/** Moving an appointment: the old time, the new one, and one button (the API checks the slot is still free). */
export function MovePanel({
  appointment,
  slot,
  practitionerName,
  action,
  cancelHref,
  error,
}: {
  appointment: AppointmentDetail
  slot: Slot
  practitionerName: string
  action: string
  cancelHref: string
  error: { message: string } | null
}) {
  const navigation = useNavigation()
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="booking-title" id="booking">
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="appointment_id" value={appointment.id} />
        <input type="hidden" name="start" value={slot.start} />
        <input type="hidden" name="practitioner_id" value={slot.practitioner_id} />
        <input type="hidden" name="site_id" value={slot.site_id} />
        <Stack gap="sm">
          <Title order={2} size="h3" id="booking-title">
            Move {appointment.patient.name} to {siteDateTime(slot.start, slot.time_zone)}
          </Title>
          <Text size="sm">
            From {siteDateTime(appointment.start, appointment.time_zone)} with {appointment.practitioner.name} to{' '}
            {siteDateTime(slot.start, slot.time_zone)} with {practitionerName} ({appointment.service.name}).
          </Text>
          {error ? (
            <Alert color="red" title="Not moved" role="alert">
              {error.message}
            </Alert>
          ) : null}
          <Group>
            <Button
              type="submit"
              loading={navigation.state !== 'idle' && navigation.formData?.get('intent') === 'move'}
            >
              Move the appointment
            </Button>
            <Anchor component={Link} to={cancelHref} size="sm">
              Choose another slot
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Card>
  )
}

/** When no slot suits: put the patient on the service's waitlist (the first freed slot is offered by a call). */
export function WaitlistForm({
  action,
  patient,
  service,
  practitionerId,
}: {
  action: string
  patient: PatientSummary
  service: { id: number; name: string }
  practitionerId?: number
}) {
  return (
    <Form method="post" action={action} aria-label="Put the patient on the waitlist">
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="patient_id" value={patient.id} />
      <input type="hidden" name="service_id" value={service.id} />
      {practitionerId ? <input type="hidden" name="practitioner_id" value={practitionerId} /> : null}
      <Group gap="sm" align="center">
        <Text size="sm">
          No slot suits {patient.name}? Put them on the waitlist for {service.name}: the first slot that frees is
          offered to them by a call.
        </Text>
        <Button type="submit" variant="default" size="xs">
          Add to the waitlist
        </Button>
      </Group>
    </Form>
  )
}
