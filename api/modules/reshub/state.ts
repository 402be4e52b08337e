import { appointmentStatusLabel, type AppointmentStatus } from '#contract/reshub'

/*
 * The appointment status machine (FHIR R4 Appointment.status, docs/decisions/017). The patient flow
 * is booked → arrived (in the waiting room) → checked-in (called in: the Encounter is in progress,
 * "in room") → fulfilled (done). Cancelled, no-show and entered-in-error end an appointment;
 * entered-in-error also corrects a mistaken end (an appointment booked for the wrong patient).
 */
const moves: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  proposed: ['pending', 'booked', 'cancelled', 'entered-in-error'],
  pending: ['booked', 'cancelled', 'entered-in-error'],
  booked: ['arrived', 'cancelled', 'noshow', 'entered-in-error'],
  arrived: ['checked-in', 'fulfilled', 'cancelled', 'entered-in-error'],
  'checked-in': ['fulfilled', 'entered-in-error'],
  fulfilled: ['entered-in-error'],
  noshow: ['entered-in-error'],
  cancelled: [],
  'entered-in-error': [],
  waitlist: ['booked', 'cancelled', 'entered-in-error'],
}

/** Statuses that need a reason in the audit trail. */
export const needsReason = (status: AppointmentStatus) => status === 'cancelled' || status === 'entered-in-error'

/** The patient is in the building: only on the appointment's own day (in the site's zone) or after. */
const onTheDay = new Set<AppointmentStatus>(['arrived', 'checked-in', 'fulfilled'])

export type When = {
  start: Date
  now: Date
  /** The site-local calendar days of the start and of now ('YYYY-MM-DD'). */
  startDay: string
  today: string
}

/** Why `from` may not become `to` now, or null where it may. */
export function refusal(from: AppointmentStatus, to: AppointmentStatus, when: When): string | null {
  if (from === to) return `The appointment is already ${label(to)}`
  if (!moves[from].includes(to)) return `A ${label(from)} appointment cannot be marked ${label(to)}`
  if (onTheDay.has(to) && when.today < when.startDay)
    return `It can be marked ${label(to)} on the day of the appointment`
  if (to === 'noshow' && when.now < when.start) return 'It can be marked no-show once its time has passed'
  return null
}

/** The statuses an appointment may move to now: what the portal offers as actions. */
export const nextStatuses = (from: AppointmentStatus, when: When) =>
  moves[from].filter((to) => refusal(from, to, when) === null)

const label = (status: AppointmentStatus) => appointmentStatusLabel[status].toLowerCase()
