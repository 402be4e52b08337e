// The reservation hub's statuses, kinds and their labels, without zod: the browser's pages import
// these from here, so a page that shows a status does not download the hub's schemas (and zod) with
// it. contract/reshub.ts builds the schemas on them and exports them too.

/** FHIR R4 Appointment.status. */
export const appointmentStatuses = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'waitlist',
] as const
export type AppointmentStatus = (typeof appointmentStatuses)[number]
/** Statuses as the front desk says them: `checked-in` is the patient called into the room. */
export const appointmentStatusLabel: Record<AppointmentStatus, string> = {
  proposed: 'Proposed',
  pending: 'Pending',
  booked: 'Booked',
  arrived: 'Arrived',
  'checked-in': 'In room',
  fulfilled: 'Completed',
  cancelled: 'Cancelled',
  noshow: 'No-show',
  'entered-in-error': 'Entered in error',
  waitlist: 'On the waitlist',
}

/** The statuses that hold a practitioner's time (the database's exclusion constraint lists the same). */
export const slotHoldingStatuses = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
] as const satisfies readonly AppointmentStatus[]

/** FHIR R4 Encounter.status (the subset a clinic visit goes through). */
export const encounterStatuses = ['planned', 'arrived', 'in-progress', 'finished', 'cancelled'] as const
export type EncounterStatus = (typeof encounterStatuses)[number]

/** A call the contact centre owes a patient: confirm an appointment, or offer a freed slot to the waitlist. */
export const callTaskKinds = ['confirmation', 'waitlist_offer'] as const
export type CallTaskKind = (typeof callTaskKinds)[number]
export const callTaskStatuses = ['open', 'done', 'cancelled'] as const
export type CallTaskStatus = (typeof callTaskStatuses)[number]

export const waitlistStatuses = ['waiting', 'offered', 'booked', 'removed'] as const
export type WaitlistStatus = (typeof waitlistStatuses)[number]

/** FHIR R4 administrative gender. */
export const genders = ['female', 'male', 'other', 'unknown'] as const
export type Gender = (typeof genders)[number]
