import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useRef, useState } from 'react'
import type { Appointment } from '#contract/reshub'
import { appointmentStatusLabel, type AppointmentStatus } from '#contract/reshub-statuses'
import { withParams } from '~/lib/list-links'
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

/**
 * Moves that need a reason (the API refuses them without one), and the query parameter that opens
 * an appointment's reason form without JavaScript (`?cancel=2093`).
 */
export const reasonParam: Partial<Record<AppointmentStatus, string>> = {
  cancelled: 'cancel',
  'entered-in-error': 'mark_in_error',
}
const reasonParams = Object.values(reasonParam)
const noReasonAsked = Object.fromEntries(reasonParams.map((name) => [name, null]))

/** The move whose reason the URL asks for on this appointment, if any. */
function askedInUrl(search: string, id: number) {
  const params = new URLSearchParams(search)
  const asked = Object.entries(reasonParam).find(([, name]) => params.get(name) === String(id))
  return (asked?.[0] as AppointmentStatus | undefined) ?? null
}

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
 * form whose buttons each send their status, so they work without JavaScript. A move that needs a
 * reason is a link that opens its small form: in place with JavaScript; without it, a round trip to
 * the same page with `?cancel=<id>`, whose answer has that form open. A busy day shows a few dozen
 * appointments, so the forms are not sent until asked for (each was 0.7 KB of the day's page). Plain
 * markup in Mantine's look (appointment.module.css): Mantine's inline styles made the day 280 KB.
 */
export function AppointmentActions({ appointment, action, redirectTo, except = [] }: Props) {
  const navigation = useNavigation()
  const { pathname, search } = useLocation()
  const [asking, setAsking] = useState(() => askedInUrl(search, appointment.id))
  const openers = useRef<Partial<Record<AppointmentStatus, HTMLAnchorElement | null>>>({})
  const busy = (status: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('appointment_id') === String(appointment.id) &&
    navigation.formData?.get('status') === status
  const moves = appointment.next_statuses.filter((s) => moveLabel[s] && !except.includes(s))
  // only an appointment still ahead of its visit can move to another slot (the API says the same)
  const movable = ['proposed', 'pending', 'booked'].includes(appointment.status)
  if (!moves.length && !movable) return null
  const who = appointment.patient.name
  const direct = moves.filter((s) => !reasonParam[s])
  const withReason = moves.filter((s) => reasonParam[s])
  const [back, query = ''] = redirectTo.split('?')
  const hidden = (
    <>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="appointment_id" value={appointment.id} />
      {/* back to the page as it was, without the reason form open */}
      <input type="hidden" name="redirectTo" value={withParams(back ?? '', query, noReasonAsked)} />
    </>
  )
  const asked = asking && withReason.includes(asking) ? asking : null
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
      {withReason.map((status) => (
        <Link
          key={status}
          ref={(link) => {
            openers.current[status] = link
          }}
          to={withParams(pathname, search, { ...noReasonAsked, [reasonParam[status]!]: String(appointment.id) })}
          preventScrollReset
          className={`mantine-focus-auto ${css.button}`}
          data-variant="subtle"
          aria-label={`${moveLabel[status]}: ${who}`}
          aria-expanded={asked === status}
          onClick={(event) => {
            event.preventDefault()
            setAsking(asked === status ? null : status)
          }}
        >
          {moveLabel[status]}…
        </Link>
      ))}
      {asked ? (
        // opens in the flow of the page (no overlay to clip or cover)
        <Form method="post" action={action} className={css.reasonForm}>
          {hidden}
          <input type="hidden" name="status" value={asked} />
          <label className={css.label}>
            Reason
            <input
              name="reason"
              required
              maxLength={300}
              // asked for by a click: where the typing goes next (and where a page answered without JavaScript scrolls to)
              autoFocus
              className={`mantine-focus-auto ${css.input}`}
              placeholder={asked === 'cancelled' ? 'Patient asked to cancel' : 'Booked for the wrong patient'}
            />
          </label>
          <div className={css.actions}>
            <button
              type="submit"
              className={`mantine-focus-auto ${css.button}`}
              data-variant="red"
              data-busy={busy(asked) || undefined}
            >
              {asked === 'cancelled' ? 'Cancel the appointment' : 'Mark entered in error'}
            </button>
            <Link
              to={withParams(pathname, search, noReasonAsked)}
              preventScrollReset
              className={`mantine-focus-auto ${css.button}`}
              data-variant="subtle"
              onClick={(event) => {
                event.preventDefault()
                setAsking(null)
                // back to the link that opened it, not to the top of the page
                openers.current[asked]?.focus()
              }}
            >
              Keep it
            </Link>
          </div>
        </Form>
      ) : null}
    </div>
  )
}
