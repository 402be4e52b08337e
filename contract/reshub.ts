import { z } from 'zod'
import { isoDate, pageQuery, paged } from './envelope'
import {
  appointmentStatuses,
  callTaskKinds,
  callTaskStatuses,
  encounterStatuses,
  waitlistStatuses,
} from './reshub-statuses'

/*
 * Reservation hub (SPEC §2 /reshub, under /api/reshub/): the contact centre books, moves and cancels
 * a clinic group's appointments. FHIR R4 in shape (docs/decisions/017): Appointment's statuses are
 * FHIR's, times travel as ISO instants in UTC with the site's IANA zone beside them. Keep the names
 * of sites/, practitioners/, services/, slots/, appointments/, waitlist/, tasks/ and kpi/ and of
 * their fields: checks outside the project call them.
 */

export {
  appointmentStatusLabel,
  appointmentStatuses,
  callTaskKinds,
  callTaskStatuses,
  encounterStatuses,
  genders,
  slotHoldingStatuses,
  waitlistStatuses,
  type AppointmentStatus,
  type CallTaskKind,
  type CallTaskStatus,
  type EncounterStatus,
  type Gender,
  type WaitlistStatus,
} from './reshub-statuses'
export const appointmentStatus = z.enum(appointmentStatuses, {
  errorMap: () => ({ message: 'Choose an appointment status' }),
})

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)
const optionalId = z.preprocess(emptyIsAny, id.optional())
const optionalDate = z.preprocess(emptyIsAny, isoDate.optional())

/** An instant on the wire: ISO 8601 with its offset (the API answers in UTC, `Z`). */
export const instant = z
  .string({ required_error: 'Choose a time' })
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Use a time like 2026-03-02T09:30:00Z',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Use a time like 2026-03-02T09:30:00Z')

/** Slots are asked for at most this many days at a time. */
export const SLOT_RANGE_MAX_DAYS = 31

export const site = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** IANA zone: the site's "today", rules and reminders run in it. */
  time_zone: z.string(),
})
export type Site = z.infer<typeof site>

export const practitioner = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  specialty: z.string(),
  /** The sites where they have weekly hours. */
  site_ids: z.array(z.number().int()),
  /** The visit types they offer. */
  service_ids: z.array(z.number().int()),
})
export type Practitioner = z.infer<typeof practitioner>
export const practitionerListQuery = z.object({ site_id: optionalId, service_id: optionalId })

/** A visit type (FHIR HealthcareService). */
export const service = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  duration_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  min_notice_minutes: z.number().int(),
})
export type Service = z.infer<typeof service>
export const serviceListQuery = z.object({ practitioner_id: optionalId })

export const slotQuery = z
  .object({
    practitioner_id: optionalId,
    service_id: id,
    site_id: optionalId,
    date_from: isoDate,
    date_to: isoDate,
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.date_to) - Date.parse(q.date_from)) / 86_400_000
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'The last day comes before the first' })
    else if (days >= SLOT_RANGE_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: `Ask for at most ${SLOT_RANGE_MAX_DAYS} days of slots`,
      })
  })
export type SlotQuery = z.infer<typeof slotQuery>
export const slot = z.object({
  start: z.string(),
  end: z.string(),
  practitioner_id: z.number().int(),
  site_id: z.number().int(),
  time_zone: z.string(),
})
export type Slot = z.infer<typeof slot>
export const slotList = z.object({ service_id: z.number().int(), slots: z.array(slot) })

const person = z.object({ id: z.number().int(), name: z.string() })

export const appointmentPatient = z.object({
  id: z.number().int(),
  name: z.string(),
  mrn: z.string(),
  birth_date: z.string(),
  phone: z.string(),
  /** No-shows on record; two or more flag the patient. */
  no_shows: z.number().int(),
  flagged: z.boolean(),
})

export const appointment = z.object({
  id: z.number().int(),
  status: appointmentStatus,
  start: z.string(),
  end: z.string(),
  /** The site's zone: show `start` in it. */
  time_zone: z.string(),
  patient: appointmentPatient,
  practitioner: person,
  site: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  service: z.object({ id: z.number().int(), name: z.string(), duration_minutes: z.number().int() }),
  booking_note: z.string(),
  cancel_reason: z.string().nullable(),
  /** The visit's Encounter: `in-progress` is "in room". */
  encounter_status: z.enum(encounterStatuses).nullable(),
  /** Minutes from arrival to the room (or to now, while waiting); null before arrival. */
  waited_minutes: z.number().int().nullable(),
  /** The statuses this appointment may move to now (the status machine). */
  next_statuses: z.array(appointmentStatus),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Appointment = z.infer<typeof appointment>

export const appointmentEvent = z.object({
  at: z.string(),
  action: z.string(),
  from_status: appointmentStatus.nullable(),
  to_status: appointmentStatus.nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
})
export const appointmentDetail = appointment.extend({ events: z.array(appointmentEvent) })
export type AppointmentDetail = z.infer<typeof appointmentDetail>

/** `status` takes one status or several, comma-separated (`booked,pending`). */
const statusList = z.preprocess(
  (v) =>
    v === '' || v === undefined
      ? undefined
      : String(v)
          .split(',')
          .map((s) => s.trim()),
  z.array(appointmentStatus).max(appointmentStatuses.length).optional(),
)
export const appointmentListQuery = pageQuery.extend({
  status: statusList,
  date_from: optionalDate,
  date_to: optionalDate,
  site_id: optionalId,
  practitioner_id: optionalId,
  patient_id: optionalId,
  /** Soonest first (upcoming) or latest first (the past). */
  order: z.preprocess(emptyIsAny, z.enum(['asc', 'desc']).default('asc')),
})
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>
export const appointmentList = paged(appointment)

const bookingNote = z.preprocess(
  (v) => (v == null ? '' : v),
  z.string().trim().max(500, 'A booking note can be at most 500 characters'),
)

/** A required id; its messages name what to choose. */
const chosenId = (message: string) =>
  z.coerce.number({ invalid_type_error: message, required_error: message }).int().positive(message).max(2_147_483_647)
// named rather than read from createAppointmentBody.shape: a property read at a module's top level
// keeps the whole schema in a browser bundle that only needs a label from this module
const patientId = chosenId('Choose a patient')
const serviceId = chosenId('Choose a visit type')

export const createAppointmentBody = z.object({
  patient_id: patientId,
  practitioner_id: chosenId('Choose a practitioner'),
  service_id: serviceId,
  /** May be left out where the practitioner works at one site. */
  site_id: optionalId,
  start: instant,
  booking_note: bookingNote.optional(),
})
export type CreateAppointmentBody = z.infer<typeof createAppointmentBody>

export const rescheduleBody = z.object({
  start: instant,
  practitioner_id: optionalId,
  site_id: optionalId,
})
export type RescheduleBody = z.infer<typeof rescheduleBody>

export const statusBody = z.object({
  status: appointmentStatus,
  reason: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.string().trim().max(300, 'A reason can be at most 300 characters').optional(),
  ),
})
export type StatusBody = z.infer<typeof statusBody>

export const SLOT_TAKEN = 'This slot is no longer available'

export const waitlistEntry = z.object({
  id: z.number().int(),
  status: z.enum(waitlistStatuses),
  patient: appointmentPatient,
  service: z.object({ id: z.number().int(), name: z.string() }),
  practitioner: person.nullable(),
  site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string(),
  created_at: z.string(),
})
export type WaitlistEntry = z.infer<typeof waitlistEntry>
export const waitlistQuery = pageQuery.extend({
  service_id: optionalId,
  status: z.preprocess(emptyIsAny, z.enum(waitlistStatuses).optional()),
})
export const waitlist = paged(waitlistEntry)
export const waitlistBody = z.object({
  patient_id: patientId,
  service_id: serviceId,
  practitioner_id: optionalId,
  site_id: optionalId,
  note: bookingNote.optional(),
})
export type WaitlistBody = z.infer<typeof waitlistBody>

/** A slot a call is about: the appointment to confirm, or the freed slot to offer. */
const taskSlot = z.object({
  start: z.string(),
  time_zone: z.string(),
  practitioner: person,
  site: z.object({ id: z.number().int(), name: z.string() }),
  service: z.object({ id: z.number().int(), name: z.string() }),
})

export const callTask = z.object({
  id: z.number().int(),
  kind: z.enum(callTaskKinds),
  status: z.enum(callTaskStatuses),
  patient: appointmentPatient,
  /** A confirmation call: the appointment to confirm. */
  appointment_id: z.number().int().nullable(),
  /** A confirmation call: when and with whom the appointment is, to read to the patient. */
  appointment: taskSlot.nullable(),
  /** A waitlist offer: the freed slot. */
  offer: taskSlot.nullable(),
  due_at: z.string(),
  outcome: z.string().nullable(),
  done_by: z.string().nullable(),
  done_at: z.string().nullable(),
})
export type CallTask = z.infer<typeof callTask>
export const taskQuery = pageQuery.extend({
  status: z.preprocess(emptyIsAny, z.enum(callTaskStatuses).default('open')),
  kind: z.preprocess(emptyIsAny, z.enum(callTaskKinds).optional()),
  /** The calls about one site's appointments and freed slots. */
  site_id: optionalId,
})
export const taskList = paged(callTask)
export const taskUpdateBody = z.object({
  task_id: patientId,
  status: z.enum(['done', 'cancelled']),
  outcome: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.string().trim().max(300, 'An outcome can be at most 300 characters').optional(),
  ),
})

export const kpiQuery = z.object({
  site_id: optionalId,
  /** The site-local day of the day's counts; today by default. */
  date: optionalDate,
  /** No-show rates over this many days back. */
  days: z.preprocess(emptyIsAny, z.coerce.number().int().min(7).max(365).default(90)),
})
const rate = z.object({ appointments: z.number().int(), no_shows: z.number().int(), rate: z.number() })
export const reshubKpi = z.object({
  date: z.string(),
  time_zone: z.string(),
  /** The day's appointments by status. */
  today: z.record(appointmentStatus, z.number().int()),
  no_show_rate: z.number(),
  by_practitioner: z.array(rate.extend({ practitioner: person })),
  by_weekday: z.array(rate.extend({ weekday: z.number().int() })),
  /** Patients with the most no-shows (two or more flag them). */
  by_patient: z.array(rate.extend({ patient: appointmentPatient })),
})
export type ReshubKpi = z.infer<typeof reshubKpi>
