import { Form, Link, useNavigation } from '@remix-run/react'
import type { Appointment } from '#contract/reshub'
import { appointmentStatusLabel, type AppointmentStatus } from '#contract/reshub-statuses'
import classes from '~/components/layout/disclosure.module.css'
import css from './appointment.module.css'
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
    <span className={css.badge} data-color={statusColor[status]}>
      {appointmentStatusLabel[status]}
    </span>
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

/** What moving an appointment and its buttons need of it (a page may send no more than this). */
export type MovableAppointment = Pick<Appointment, 'id' | 'next_statuses' | 'status' | 'start' | 'time_zone'> & {
  patient: Pick<Appointment['patient'], 'name'>
  site: Pick<Appointment['site'], 'id'>
  practitioner: Pick<Appointment['practitioner'], 'id'>
  service: Pick<Appointment['service'], 'id'>
}

/** Where moving an appointment starts: the calendar on its day, with its practitioner and visit type. */
export function moveHref(
  a: Pick<MovableAppointment, 'id' | 'start' | 'time_zone' | 'site' | 'practitioner' | 'service'>,
) {
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
  appointment: MovableAppointment
  /** The route whose action changes the status. */
  action: string
  /** Where to come back to (the list or the day as it was). */
  redirectTo: string
  /** Moves not offered here (a busy day's columns leave "entered in error" to the lists). */
  except?: AppointmentStatus[]
}

/**
 * The moves an appointment allows now (the API's status machine says which), as plain POST forms: one
 * form whose buttons each send their status, and a small form with its reason for cancelling, so they
 * work without JavaScript. Plain markup in Mantine's look (appointment.module.css): a busy day shows a
 * few dozen of these, and Mantine's inline styles made the day's page 280 KB.
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
  const direct = moves.filter((s) => !needsReason.has(s))
  const hidden = (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="appointment_id" value={appointment.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  )
  return (
    <div className={css.actions}>
      {movable ? (
        <Link
          to={moveHref(appointment)}
          className={`mantine-focus-auto ${css.button}`}
          data-variant="default"
          aria-label={`Move to another slot: ${who}`}
        >
          Move
        </Link>
      ) : null}
      {direct.length ? (
        <Form method="post" action={action} className={css.actions}>
          {hidden}
          {direct.map((status) => (
            <button
              key={status}
              type="submit"
              name="status"
              value={status}
              className={`mantine-focus-auto ${css.button}`}
              data-variant={status === 'noshow' ? 'subtle-red' : 'primary-light'}
              data-busy={busy(status) || undefined}
              aria-label={`${moveLabel[status]}: ${who}`}
            >
              {moveLabel[status]}
            </button>
          ))}
        </Form>
      ) : null}
      {moves
        .filter((s) => needsReason.has(s))
        .map((status) => (
          // opens in the flow of the page (no overlay to clip or cover), with or without JavaScript
          <details key={status} className={css.reasonDisclosure}>
            <summary className={classes.summary} aria-label={`${moveLabel[status]}: ${who}`}>
              {moveLabel[status]}…
            </summary>
            <Form method="post" action={action} className={css.reasonForm}>
              {hidden}
              <input type="hidden" name="status" value={status} />
              <label className={css.label}>
                Reason
                <input
                  name="reason"
                  required
                  maxLength={300}
                  className={`mantine-focus-auto ${css.input}`}
                  placeholder={status === 'cancelled' ? 'Patient asked to cancel' : 'Booked for the wrong patient'}
                />
              </label>
              <button
                type="submit"
                className={`mantine-focus-auto ${css.button}`}
                data-variant="red"
                data-busy={busy(status) || undefined}
              >
                {status === 'cancelled' ? 'Cancel the appointment' : 'Mark entered in error'}
              </button>
            </Form>
          </details>
        ))}
    </div>
  )
}
