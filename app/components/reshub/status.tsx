import { Badge, Button, Group, Paper, Stack, TextInput } from '@mantine/core'
import { Form, Link, useNavigation } from '@remix-run/react'
import type { Appointment } from '#contract/reshub'
import { appointmentStatusLabel, type AppointmentStatus } from '#contract/reshub-statuses'
import classes from '~/components/layout/disclosure.module.css'
import { siteDate } from './time'

/** A status's colour: waiting states blue, the visit's progress yellow to green, the failures red or grey. */
export const statusColor: Record<AppointmentStatus, string> = {
  proposed: 'gray',
  pending: 'gray',
  booked: 'blue',
  arrived: 'yellow',
  'checked-in': 'grape',
  fulfilled: 'green',
  cancelled: 'gray',
  noshow: 'red',
  'entered-in-error': 'dark',
  waitlist: 'orange',
}

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light" radius="sm">
      {appointmentStatusLabel[status]}
    </Badge>
  )
}

/** What the button that moves an appointment to a status says. */
export const moveLabel: Partial<Record<AppointmentStatus, string>> = {
  booked: 'Confirm',
  arrived: 'Arrived',
  'checked-in': 'Call in',
  fulfilled: 'Complete',
  noshow: 'No-show',
  cancelled: 'Cancel',
  'entered-in-error': 'Entered in error',
}

/** Moves that need a reason (the API refuses them without one). */
const needsReason = new Set<AppointmentStatus>(['cancelled', 'entered-in-error'])

/** Where moving an appointment starts: the calendar on its day, with its practitioner and visit type. */
export function moveHref(a: Pick<Appointment, 'id' | 'start' | 'time_zone' | 'site' | 'practitioner' | 'service'>) {
  const params = new URLSearchParams({
    move: String(a.id),
    site_id: String(a.site.id),
    practitioner_id: String(a.practitioner.id),
    service_id: String(a.service.id),
    date: siteDate(a.start, a.time_zone),
  })
  return `/reshub/calendar?${params}`
}

type Props = {
  appointment: Pick<
    Appointment,
    'id' | 'next_statuses' | 'patient' | 'status' | 'start' | 'time_zone' | 'site' | 'practitioner' | 'service'
  >
  /** The route whose action changes the status. */
  action: string
  /** Where to come back to (the list or the day as it was). */
  redirectTo: string
  /** Moves not offered here (a busy day's columns leave "entered in error" to the lists). */
  except?: AppointmentStatus[]
}

/**
 * The moves an appointment allows now (the API's status machine says which), as plain POST forms: a
 * button each, and a small form with its reason for cancelling, so they work without JavaScript.
 */
export function AppointmentActions({ appointment, action, redirectTo, except = [] }: Props) {
  const navigation = useNavigation()
  const busy = (status: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('appointment_id') === String(appointment.id) &&
    navigation.formData?.get('status') === status
  const moves = appointment.next_statuses.filter((s) => moveLabel[s] && !except.includes(s))
  // only an appointment still ahead of its visit can move to another slot (the API says the same)
  const movable = ['proposed', 'pending', 'booked'].includes(appointment.status)
  if (!moves.length && !movable) return null
  const who = appointment.patient.name
  return (
    <Group gap={6} wrap="wrap">
      {movable ? (
        <Button
          component={Link}
          to={moveHref(appointment)}
          size="compact-sm"
          variant="default"
          aria-label={`Move to another slot: ${who}`}
        >
          Move
        </Button>
      ) : null}
      {moves
        .filter((s) => !needsReason.has(s))
        .map((status) => (
          <Form method="post" action={action} key={status}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="appointment_id" value={appointment.id} />
            <input type="hidden" name="status" value={status} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button
              type="submit"
              size="compact-sm"
              variant={status === 'noshow' ? 'subtle' : 'light'}
              color={status === 'noshow' ? 'red' : undefined}
              loading={busy(status)}
              aria-label={`${moveLabel[status]}: ${who}`}
            >
              {moveLabel[status]}
            </Button>
          </Form>
        ))}
      {moves
        .filter((s) => needsReason.has(s))
        .map((status) => (
          // opens in the flow of the page (no overlay to clip or cover), with or without JavaScript
          <details key={status} style={{ display: 'inline-block', verticalAlign: 'top' }}>
            <summary className={classes.summary} aria-label={`${moveLabel[status]}: ${who}`}>
              {moveLabel[status]}…
            </summary>
            <Paper withBorder p="sm" mt={6} w={280} maw="100%">
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="appointment_id" value={appointment.id} />
                <input type="hidden" name="status" value={status} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <Stack gap="xs">
                  <TextInput
                    name="reason"
                    label="Reason"
                    required
                    maxLength={300}
                    placeholder={status === 'cancelled' ? 'Patient asked to cancel' : 'Booked for the wrong patient'}
                  />
                  <Button type="submit" size="compact-sm" color="red" loading={busy(status)}>
                    {status === 'cancelled' ? 'Cancel the appointment' : 'Mark entered in error'}
                  </Button>
                </Stack>
              </Form>
            </Paper>
          </details>
        ))}
    </Group>
  )
}
