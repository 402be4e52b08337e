import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { HttpResponse } from 'msw'
import type { PatientSummary } from '#contract/emr'
import { endpoints } from '#contract/endpoints'
import {
  SLOT_TAKEN,
  slotHoldingStatuses,
  type Appointment,
  type AppointmentDetail,
  type AppointmentListQuery,
  type AppointmentStatus,
  type CallTask,
  type CallTaskKind,
  type CallTaskStatus,
  type EncounterStatus,
  type Practitioner,
  type ReshubKpi,
  type Service,
  type Site,
  type Slot,
  type WaitlistEntry,
  type WaitlistStatus,
} from '#contract/reshub'
import { appointmentsCalendar } from '#api/modules/reshub/calendar'
import { blockedRange, freeSlots, localDate, type WeeklyRule } from '#api/modules/reshub/free-slots'
import { needsReason, nextStatuses, refusal } from '#api/modules/reshub/state'
import { demoUsers } from '#tests/fixtures/users'
import { error } from './auth'
import { answer, mock } from './endpoint'
import { page } from './face'

export { localDate }

dayjs.extend(utc)
dayjs.extend(timezone)

/*
 * The reservation hub of the mock API: two sites in two zones, three practitioners, three visit
 * types and six patients, with appointments around "today" (each site's own today, from Date.now(),
 * so tests hold on any day). It behaves as api/modules/reshub does, with its free-slot engine and
 * status machine (free-slots.ts, state.ts): the same filters, free slots on a 30-minute grid from
 * 09:00 to 17:00 site-local every day, and a cancelled booking offered to the first patient waiting
 * for that visit type as a call task.
 */

export const SITES: Site[] = [
  {
    id: 1,
    code: 'LON',
    name: 'Riverside Clinic',
    address: '12 Riverside Walk, London SE1 9PX',
    phone: '020 7946 0001',
    time_zone: 'Europe/London',
  },
  {
    id: 2,
    code: 'NYC',
    name: 'Hudson Clinic',
    address: '480 Hudson Street, New York, NY 10014',
    phone: '+1 212 555 0100',
    time_zone: 'America/New_York',
  },
]

export const PRACTITIONERS: Practitioner[] = [
  practitioner(1, 'Aisha', 'Khan', 'General practice', [1], [1, 2]),
  practitioner(2, 'Tom', 'Reyes', 'Physiotherapy', [2], [2, 3]),
  practitioner(3, 'Mei', 'Lin', 'General practice', [1, 2], [1, 3]),
]

export const SERVICES: Service[] = [
  { id: 1, code: 'GP15', name: 'GP consultation', duration_minutes: 15, buffer_minutes: 0, min_notice_minutes: 0 },
  { id: 2, code: 'FU30', name: 'Follow-up', duration_minutes: 30, buffer_minutes: 0, min_notice_minutes: 0 },
  { id: 3, code: 'PH20', name: 'Physiotherapy review', duration_minutes: 20, buffer_minutes: 0, min_notice_minutes: 0 },
]

/** A patient as the EMR keeps them (the EMR mock reads the same ones). */
export type MockPatient = Omit<PatientSummary, 'name' | 'no_shows' | 'flagged'> & { email: string; address: string }

export const PATIENTS: MockPatient[] = [
  patient(1, 'Margaret', 'Thornton', '1956-03-14', 'female', '07700 900123'),
  patient(2, 'James', 'Okafor', '1984-11-02', 'male', '07700 900456'),
  patient(3, 'Sofia', 'Alvarez', '1992-07-14', 'female', '+1 212 555 0143', 'Spanish'),
  patient(4, 'Liam', 'Chen', '2001-07-14', 'male', '07700 900789'),
  patient(5, 'Grace', 'Miller', '1978-01-30', 'female', '+1 646 555 0199'),
  patient(6, 'Omar', 'Haddad', '1969-05-21', 'male', '07700 900321', 'Arabic'),
]

/** The seeded appointments by what they show (each site's today; days are site-local). */
export const APPOINTMENTS = {
  /** London, today 09:00, Dr Khan with James Okafor: done, its Encounter finished. */
  fulfilled: 101,
  /** London, today 09:30, Dr Khan with Liam Chen: in the room (checked-in, Encounter in progress). */
  inRoom: 102,
  /** London, today 10:00, Dr Lin with Omar Haddad: in the waiting room. */
  arrived: 103,
  /** London, today 14:00, Dr Khan with Margaret Thornton (flagged: two no-shows). */
  bookedToday: 104,
  /** London, yesterday 10:00, Margaret Thornton did not come. */
  noshowYesterday: 105,
  /** London, a week ago 10:00, Margaret Thornton did not come. */
  noshowLastWeek: 106,
  /** London, today 15:00, Dr Khan with Sofia Alvarez: cancelled. */
  cancelled: 107,
  /** New York, today 09:00, Dr Reyes with Grace Miller. */
  bookedNewYork: 108,
  /** New York, today 10:00, Dr Reyes with Sofia Alvarez. */
  bookedNewYorkLater: 109,
  /** London, tomorrow 10:00, Dr Khan with James Okafor (a GP consultation: cancel it and Omar Haddad is offered it). */
  upcoming: 110,
  /** New York, in two days 11:00, Dr Reyes with Grace Miller. */
  upcomingNewYork: 111,
  /** London, in three days 09:30, Dr Lin with Liam Chen. */
  upcomingLater: 112,
  /** New York, two days ago 14:00, Dr Reyes with Omar Haddad: done. */
  fulfilledNewYork: 113,
} as const

export const NO_SUCH_APPOINTMENT = 'No such appointment'
const NO_SUCH_SERVICE = 'No such visit type'
const NO_SITE = 'Choose the site: this practitioner works at more than one'
const NOT_OFFERED = 'This practitioner does not offer that visit type'
const PATIENT_BUSY = 'The patient already has an appointment at that time'

type StoredEncounter = {
  id: number
  status: EncounterStatus
  startedAt: Date | null
  endedAt: Date | null
}
type StoredEvent = AppointmentDetail['events'][number]
export type StoredAppointment = {
  id: number
  status: AppointmentStatus
  patientId: number
  practitionerId: number
  siteId: number
  serviceId: number
  start: Date
  end: Date
  bookingNote: string
  cancelReason: string | null
  encounter: StoredEncounter | null
  events: StoredEvent[]
  createdAt: Date
  updatedAt: Date
}
type SlotRef = { practitionerId: number; siteId: number; serviceId: number; start: Date }
type StoredWaitlistEntry = {
  id: number
  status: WaitlistStatus
  patientId: number
  serviceId: number
  practitionerId: number | null
  siteId: number | null
  note: string
  createdAt: Date
}
type StoredTask = {
  id: number
  kind: CallTaskKind
  status: CallTaskStatus
  patientId: number
  appointmentId: number | null
  waitlistEntryId: number | null
  offer: SlotRef | null
  dueAt: Date
  outcome: string | null
  doneBy: string | null
  doneAt: Date | null
}

/** What the reservation hub holds; tests reset it in beforeEach. */
export const reshubState = {
  appointments: [] as StoredAppointment[],
  waitlist: [] as StoredWaitlistEntry[],
  tasks: [] as StoredTask[],
  nextId: 1000,
}

export function resetReshubMocks() {
  const seeded = seed(new Date())
  reshubState.appointments = seeded.appointments
  reshubState.waitlist = seeded.waitlist
  reshubState.tasks = seeded.tasks
  reshubState.nextId = 1000
}

// ---------------------------------------------------------------- time in a site's zone

const MINUTE = 60_000
const DAY = 86_400_000

/** The instant a site-local wall-clock time names on a date. */
const instantAt = (date: string, hhmm: string, zone: string) => dayjs.tz(`${date} ${hhmm}`, zone).toDate()
const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD')
const siteOf = (id: number) => SITES.find((s) => s.id === id)
const zoneOf = (siteId: number) => siteOf(siteId)!.time_zone

// ---------------------------------------------------------------- the seed

function practitioner(
  id: number,
  given: string,
  family: string,
  specialty: string,
  siteIds: number[],
  serviceIds: number[],
): Practitioner {
  return {
    id,
    name: `Dr ${given} ${family}`,
    prefix: 'Dr',
    given_name: given,
    family_name: family,
    specialty,
    site_ids: siteIds,
    service_ids: serviceIds,
  }
}

function patient(
  id: number,
  given: string,
  family: string,
  birthDate: string,
  gender: MockPatient['gender'],
  phone: string,
  language = 'English',
): MockPatient {
  return {
    id,
    mrn: `CH${100000 + id}`,
    given_name: given,
    family_name: family,
    birth_date: birthDate,
    gender,
    phone,
    preferred_language: language,
    email: `${given}.${family}@example.com`.toLowerCase(),
    address: `${id} Example Road`,
  }
}

const FRONT_DESK = `${demoUsers.agent.first_name} ${demoUsers.agent.last_name}`

function seed(now: Date) {
  let encounterId = 500
  const at = (siteId: number, days: number, hhmm: string) =>
    instantAt(addDays(localDate(now, zoneOf(siteId)), days), hhmm, zoneOf(siteId))
  const event = (when: Date, from: AppointmentStatus | null, to: AppointmentStatus, reason: string | null = null) => ({
    at: when.toISOString(),
    action: from === null ? 'booked' : 'status',
    from_status: from,
    to_status: to,
    reason,
    by: FRONT_DESK,
  })
  // the path an appointment took to its status, as the audit trail has it
  const path: Partial<Record<AppointmentStatus, AppointmentStatus[]>> = {
    arrived: ['arrived'],
    'checked-in': ['arrived', 'checked-in'],
    fulfilled: ['arrived', 'checked-in', 'fulfilled'],
    noshow: ['noshow'],
    cancelled: ['cancelled'],
  }
  const encounterOf: Partial<Record<AppointmentStatus, EncounterStatus>> = {
    arrived: 'arrived',
    'checked-in': 'in-progress',
    fulfilled: 'finished',
  }
  const make = (
    id: number,
    status: AppointmentStatus,
    [patientId, practitionerId, siteId, serviceId]: [number, number, number, number],
    start: Date,
    extra: { cancelReason?: string; bookingNote?: string } = {},
  ): StoredAppointment => {
    const minutes = SERVICES.find((s) => s.id === serviceId)!.duration_minutes
    const created = new Date(start.getTime() - 10 * DAY)
    const steps = path[status] ?? []
    // arrival 10 minutes before the start, the room at the start, done at the end
    const times = [start.getTime() - 10 * MINUTE, start.getTime(), start.getTime() + minutes * MINUTE]
    const events = [
      event(created, null, 'booked'),
      ...steps.map((to, i) =>
        event(
          new Date(status === 'cancelled' ? created.getTime() + DAY : (times[i] ?? start.getTime())),
          i ? steps[i - 1]! : 'booked',
          to,
          to === 'cancelled' ? (extra.cancelReason ?? null) : null,
        ),
      ),
    ]
    const encounterStatus = encounterOf[status]
    return {
      id,
      status,
      patientId,
      practitionerId,
      siteId,
      serviceId,
      start,
      end: new Date(start.getTime() + minutes * MINUTE),
      bookingNote: extra.bookingNote ?? '',
      cancelReason: extra.cancelReason ?? null,
      encounter: encounterStatus
        ? {
            id: ++encounterId,
            status: encounterStatus,
            startedAt: encounterStatus === 'arrived' ? null : new Date(times[1]!),
            endedAt: encounterStatus === 'finished' ? new Date(times[2]!) : null,
          }
        : null,
      events,
      createdAt: created,
      updatedAt: new Date(Date.parse(events.at(-1)!.at)),
    }
  }
  const a = APPOINTMENTS
  const appointments = [
    make(a.fulfilled, 'fulfilled', [2, 1, 1, 1], at(1, 0, '09:00')),
    make(a.inRoom, 'checked-in', [4, 1, 1, 2], at(1, 0, '09:30')),
    make(a.arrived, 'arrived', [6, 3, 1, 1], at(1, 0, '10:00')),
    make(a.bookedToday, 'booked', [1, 1, 1, 1], at(1, 0, '14:00'), { bookingNote: 'Asked for a morning call' }),
    make(a.noshowYesterday, 'noshow', [1, 1, 1, 1], at(1, -1, '10:00')),
    make(a.noshowLastWeek, 'noshow', [1, 3, 1, 1], at(1, -7, '10:00')),
    make(a.cancelled, 'cancelled', [3, 1, 1, 2], at(1, 0, '15:00'), { cancelReason: 'Patient unwell' }),
    make(a.bookedNewYork, 'booked', [5, 2, 2, 3], at(2, 0, '09:00')),
    make(a.bookedNewYorkLater, 'booked', [3, 2, 2, 2], at(2, 0, '10:00')),
    make(a.upcoming, 'booked', [2, 1, 1, 1], at(1, 1, '10:00')),
    make(a.upcomingNewYork, 'booked', [5, 2, 2, 3], at(2, 2, '11:00')),
    make(a.upcomingLater, 'booked', [4, 3, 1, 1], at(1, 3, '09:30')),
    make(a.fulfilledNewYork, 'fulfilled', [6, 2, 2, 3], at(2, -2, '14:00')),
  ]
  const waiting = (
    id: number,
    patientId: number,
    serviceId: number,
    daysAgo: number,
    practitionerId: number | null,
  ) => ({
    id,
    status: 'waiting' as const,
    patientId,
    serviceId,
    practitionerId,
    siteId: null,
    note: '',
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  })
  const waitlist: StoredWaitlistEntry[] = [
    waiting(201, 6, 1, 5, null),
    waiting(202, 3, 1, 3, 1),
    waiting(203, 4, 3, 4, null),
  ]
  const confirmation = (id: number, appointmentId: number, done = false): StoredTask => {
    const booked = appointments.find((x) => x.id === appointmentId)!
    return {
      id,
      kind: 'confirmation',
      status: done ? 'done' : 'open',
      patientId: booked.patientId,
      appointmentId,
      waitlistEntryId: null,
      offer: null,
      dueAt: new Date(Math.max(now.getTime(), booked.start.getTime() - 2 * DAY)),
      outcome: done ? 'Confirmed by phone' : null,
      doneBy: done ? FRONT_DESK : null,
      doneAt: done ? now : null,
    }
  }
  const tasks = [
    confirmation(301, a.upcoming),
    confirmation(302, a.upcomingNewYork),
    confirmation(303, a.upcomingLater, true),
  ]
  return { appointments, waitlist, tasks }
}

resetReshubMocks()

// ---------------------------------------------------------------- the status machine and the visit's Encounter

/** Statuses a clinician sets as the patient moves through the clinic (api/auth/access.ts). */
const CLINICIAN_STATUSES: AppointmentStatus[] = ['arrived', 'checked-in', 'fulfilled', 'noshow']

const whenOf = (a: StoredAppointment, now: Date) => {
  const zone = zoneOf(a.siteId)
  return { start: a.start, now, startDay: localDate(a.start, zone), today: localDate(now, zone) }
}

const encounterFor: Partial<Record<AppointmentStatus, EncounterStatus>> = {
  arrived: 'arrived',
  'checked-in': 'in-progress',
  fulfilled: 'finished',
  cancelled: 'cancelled',
  noshow: 'cancelled',
  'entered-in-error': 'cancelled',
}

function moveEncounter(a: StoredAppointment, to: AppointmentStatus, now: Date) {
  const status = encounterFor[to]
  if (!status) return
  if (!a.encounter) {
    if (status === 'cancelled') return
    a.encounter = {
      id: reshubState.nextId++,
      status,
      startedAt: status === 'arrived' ? null : now,
      endedAt: status === 'finished' ? now : null,
    }
    return
  }
  a.encounter.status = status
  if (status === 'in-progress') a.encounter.startedAt = now
  if (status === 'finished') Object.assign(a.encounter, { startedAt: a.encounter.startedAt ?? now, endedAt: now })
}

// ---------------------------------------------------------------- what the API answers

export const noShowsOf = (patientId: number) =>
  reshubState.appointments.filter((a) => a.patientId === patientId && a.status === 'noshow').length

/** A patient as an appointment, a waitlist entry or a call task names them, flagged after two no-shows. */
export function patientOut(p: Omit<MockPatient, 'email' | 'address'>): Appointment['patient'] {
  const noShows = noShowsOf(p.id)
  return {
    id: p.id,
    name: `${p.given_name} ${p.family_name}`,
    mrn: p.mrn,
    birth_date: p.birth_date,
    phone: p.phone,
    no_shows: noShows,
    flagged: noShows >= 2,
  }
}

const patientById = (id: number) => PATIENTS.find((p) => p.id === id)
const serviceById = (id: number) => SERVICES.find((s) => s.id === id)
const practitionerById = (id: number) => PRACTITIONERS.find((p) => p.id === id)
const person = (p: Practitioner) => ({ id: p.id, name: p.name })

function appointmentOut(a: StoredAppointment, now: Date): Appointment {
  const site = siteOf(a.siteId)!
  const service = serviceById(a.serviceId)!
  const arrivedAt = a.events.find((e) => e.to_status === 'arrived')?.at
  const arrived = arrivedAt ? new Date(arrivedAt) : null
  const roomed = a.encounter?.startedAt ?? null
  const waited =
    arrived && (roomed || a.status === 'arrived')
      ? Math.max(0, Math.round(((roomed ?? now).getTime() - arrived.getTime()) / MINUTE))
      : null
  return {
    id: a.id,
    status: a.status,
    start: a.start.toISOString(),
    end: a.end.toISOString(),
    time_zone: site.time_zone,
    patient: patientOut(patientById(a.patientId)!),
    practitioner: person(practitionerById(a.practitionerId)!),
    site: { id: site.id, name: site.name, time_zone: site.time_zone },
    service: { id: service.id, name: service.name, duration_minutes: service.duration_minutes },
    booking_note: a.bookingNote,
    cancel_reason: a.cancelReason,
    encounter_status: a.encounter?.status ?? null,
    waited_minutes: waited,
    next_statuses: nextStatuses(a.status, whenOf(a, now)),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  }
}

const detailOf = (a: StoredAppointment, now: Date): AppointmentDetail => ({
  ...appointmentOut(a, now),
  events: a.events,
})

/** Appointments as GET appointments/ selects them: a day is read in each appointment's own site zone. */
export function listAppointments(q: Partial<AppointmentListQuery> & { page: number; page_size: number }, now: Date) {
  const day = (a: StoredAppointment) => localDate(a.start, zoneOf(a.siteId))
  const rows = reshubState.appointments
    .filter(
      (a) =>
        (!q.status?.length || q.status.includes(a.status)) &&
        (!q.site_id || a.siteId === q.site_id) &&
        (!q.practitioner_id || a.practitionerId === q.practitioner_id) &&
        (!q.patient_id || a.patientId === q.patient_id) &&
        (!q.date_from || day(a) >= q.date_from) &&
        (!q.date_to || day(a) <= q.date_to),
    )
    .sort((x, y) => (q.order === 'desc' ? -1 : 1) * (x.start.getTime() - y.start.getTime()) || x.id - y.id)
  return page(
    rows.map((a) => appointmentOut(a, now)),
    q.page,
    q.page_size,
  )
}

// ---------------------------------------------------------------- free slots

/** Every practitioner works 09:00–17:00 site-local, every day, at each of their sites. */
const weekly = (siteId: number): WeeklyRule[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ siteId, weekday, start: '09:00', end: '17:00' }))

/** Free slots on a 30-minute grid, from the API's own engine (api/modules/reshub/free-slots.ts). */
function computeSlots(
  service: Service,
  practitionerIds: number[],
  q: { site_id?: number; from: string; to: string; ignore?: number },
  now: Date,
) {
  const slots: Slot[] = []
  const timing = {
    durationMinutes: service.duration_minutes,
    bufferMinutes: service.buffer_minutes,
    minNoticeMinutes: service.min_notice_minutes,
  }
  for (const p of PRACTITIONERS.filter((x) => practitionerIds.includes(x.id))) {
    // the time their appointments hold (but the one being moved), with each visit type's buffer
    const busy = reshubState.appointments
      .filter(
        (a) =>
          a.practitionerId === p.id &&
          a.id !== q.ignore &&
          (slotHoldingStatuses as readonly string[]).includes(a.status),
      )
      .map((a) => {
        const held = serviceById(a.serviceId)!
        return blockedRange(a.start, { durationMinutes: held.duration_minutes, bufferMinutes: held.buffer_minutes })
      })
    for (const site of SITES.filter((s) => p.site_ids.includes(s.id) && (!q.site_id || s.id === q.site_id))) {
      const free = freeSlots({
        zone: site.time_zone,
        siteId: site.id,
        rules: weekly(site.id),
        exceptions: [],
        busy,
        service: timing,
        from: q.from,
        to: q.to,
        now,
        stepMinutes: 30,
      })
      for (const f of free)
        slots.push({
          start: f.start.toISOString(),
          end: f.end.toISOString(),
          practitioner_id: p.id,
          site_id: site.id,
          time_zone: site.time_zone,
        })
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.practitioner_id - b.practitioner_id)
}

const notFound = (message: string, field: string) => error(404, message, { [field]: [message] })

/** Where a booking or a move may go: the free slot it names, or the API's 400/404/409. */
function placement(
  body: { practitioner_id: number; site_id?: number; start: string; patient_id: number },
  serviceId: number,
  now: Date,
  ignore?: number,
) {
  const p = practitionerById(body.practitioner_id)
  if (!p) return notFound('No such practitioner', 'practitioner_id')
  if (!body.site_id && p.site_ids.length > 1) return error(400, NO_SITE, { site_id: [NO_SITE] })
  const siteId = body.site_id ?? p.site_ids[0]!
  const service = serviceById(serviceId)
  if (!service) return notFound(NO_SUCH_SERVICE, 'service_id')
  if (!p.service_ids.includes(service.id)) return error(409, NOT_OFFERED, { service_id: [NOT_OFFERED] })
  const site = siteOf(siteId)
  if (!site) return notFound('No such site', 'site_id')
  const start = new Date(body.start)
  const day = localDate(start, site.time_zone)
  const free = computeSlots(service, [p.id], { site_id: siteId, from: day, to: day, ignore }, now)
  if (!free.some((s) => Date.parse(s.start) === start.getTime())) return error(409, SLOT_TAKEN, { start: [SLOT_TAKEN] })
  const end = new Date(start.getTime() + service.duration_minutes * MINUTE)
  const patientBusy = reshubState.appointments.some(
    (a) =>
      a.patientId === body.patient_id &&
      a.id !== ignore &&
      (slotHoldingStatuses as readonly string[]).includes(a.status) &&
      a.start < end &&
      a.end > start,
  )
  if (patientBusy) return error(409, PATIENT_BUSY, { start: [PATIENT_BUSY] })
  return { practitionerId: p.id, siteId, start, end }
}

// ---------------------------------------------------------------- waitlist and call tasks

/** A freed slot ahead of now goes to the patient who has waited longest for it, as a call task. */
function offerFreedSlot(a: StoredAppointment, now: Date) {
  if (a.start <= now || !['proposed', 'pending', 'booked'].includes(a.status)) return
  const entry = reshubState.waitlist
    .filter(
      (e) =>
        e.status === 'waiting' &&
        e.serviceId === a.serviceId &&
        (e.practitionerId === null || e.practitionerId === a.practitionerId) &&
        (e.siteId === null || e.siteId === a.siteId),
    )
    .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id)[0]
  if (!entry) return
  entry.status = 'offered'
  reshubState.tasks.push({
    id: reshubState.nextId++,
    kind: 'waitlist_offer',
    status: 'open',
    patientId: entry.patientId,
    appointmentId: null,
    waitlistEntryId: entry.id,
    offer: { practitionerId: a.practitionerId, siteId: a.siteId, serviceId: a.serviceId, start: a.start },
    dueAt: now,
    outcome: null,
    doneBy: null,
    doneAt: null,
  })
}

function slotOut(ref: SlotRef): CallTask['offer'] {
  const site = siteOf(ref.siteId)!
  const service = serviceById(ref.serviceId)!
  return {
    start: ref.start.toISOString(),
    time_zone: site.time_zone,
    practitioner: person(practitionerById(ref.practitionerId)!),
    site: { id: site.id, name: site.name },
    service: { id: service.id, name: service.name },
  }
}

function listTasks(q: {
  page: number
  page_size: number
  status: CallTaskStatus
  kind?: CallTaskKind
  site_id?: number
}) {
  const appointmentOf = (t: StoredTask) => reshubState.appointments.find((a) => a.id === t.appointmentId)
  const rows = reshubState.tasks
    .filter(
      (t) =>
        t.status === q.status &&
        (!q.kind || t.kind === q.kind) &&
        (!q.site_id || appointmentOf(t)?.siteId === q.site_id || t.offer?.siteId === q.site_id),
    )
    .sort((x, y) => x.dueAt.getTime() - y.dueAt.getTime() || x.id - y.id)
    .map((t): CallTask => {
      const a = appointmentOf(t)
      return {
        id: t.id,
        kind: t.kind,
        status: t.status,
        patient: patientOut(patientById(t.patientId)!),
        appointment_id: t.appointmentId,
        appointment: a ? slotOut(a) : null,
        offer: t.offer ? slotOut(t.offer) : null,
        due_at: t.dueAt.toISOString(),
        outcome: t.outcome,
        done_by: t.doneBy,
        done_at: t.doneAt?.toISOString() ?? null,
      }
    })
  return page(rows, q.page, q.page_size)
}

function listWaitlist(q: { page: number; page_size: number; service_id?: number; status?: WaitlistStatus }) {
  const rows = reshubState.waitlist
    .filter((e) => e.status === (q.status ?? 'waiting') && (!q.service_id || e.serviceId === q.service_id))
    .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id)
    .map((e): WaitlistEntry => {
      const service = serviceById(e.serviceId)!
      const p = e.practitionerId ? practitionerById(e.practitionerId) : undefined
      const site = e.siteId ? siteOf(e.siteId) : undefined
      return {
        id: e.id,
        status: e.status,
        patient: patientOut(patientById(e.patientId)!),
        service: { id: service.id, name: service.name },
        practitioner: p ? person(p) : null,
        site: site ? { id: site.id, name: site.name } : null,
        note: e.note,
        created_at: e.createdAt.toISOString(),
      }
    })
  return page(rows, q.page, q.page_size)
}

// ---------------------------------------------------------------- no-show rates

const ATTENDED_OR_NOT: AppointmentStatus[] = ['arrived', 'checked-in', 'fulfilled', 'noshow']
const rateOf = (list: StoredAppointment[]) => {
  const noShows = list.filter((a) => a.status === 'noshow').length
  return {
    appointments: list.length,
    no_shows: noShows,
    rate: list.length ? Math.round((noShows / list.length) * 1000) / 1000 : 0,
  }
}
function groupBy<K>(list: StoredAppointment[], key: (a: StoredAppointment) => K) {
  const groups = new Map<K, StoredAppointment[]>()
  for (const a of list) groups.set(key(a), [...(groups.get(key(a)) ?? []), a])
  return [...groups]
}

function kpi(q: { site_id?: number; date?: string; days: number }, now: Date): ReshubKpi | Response {
  const site = q.site_id ? siteOf(q.site_id) : SITES[0]
  if (!site) return notFound('No such site', 'site_id')
  const date = q.date ?? localDate(now, site.time_zone)
  const here = reshubState.appointments.filter((a) => !q.site_id || a.siteId === q.site_id)
  const today: ReshubKpi['today'] = {}
  for (const a of here.filter((x) => localDate(x.start, zoneOf(x.siteId)) === date))
    today[a.status] = (today[a.status] ?? 0) + 1
  const window = here.filter(
    (a) => ATTENDED_OR_NOT.includes(a.status) && a.start.getTime() >= now.getTime() - q.days * DAY && a.start < now,
  )
  const familyName = (id: number) => practitionerById(id)!.family_name
  return {
    date,
    time_zone: site.time_zone,
    today,
    no_show_rate: rateOf(window).rate,
    by_practitioner: groupBy(window, (a) => a.practitionerId)
      .sort(([x], [y]) => familyName(x).localeCompare(familyName(y)))
      .map(([id, list]) => ({ practitioner: person(practitionerById(id)!), ...rateOf(list) })),
    by_weekday: groupBy(window, (a) => dayjs(a.start).tz(zoneOf(a.siteId)).day())
      .sort(([x], [y]) => x - y)
      .map(([weekday, list]) => ({ weekday, ...rateOf(list) })),
    by_patient: groupBy(window, (a) => a.patientId)
      .map(([id, list]) => ({ patient: patientOut(patientById(id)!), ...rateOf(list) }))
      .filter((r) => r.no_shows > 0)
      .sort((x, y) => y.no_shows - x.no_shows || x.patient.name.localeCompare(y.patient.name))
      .slice(0, 10),
  }
}

// ---------------------------------------------------------------- iCalendar

/** The API's own iCalendar (api/modules/reshub/calendar.ts), sent as its route sends it. */
function calendar(name: string, list: Appointment[], filename: string) {
  return new HttpResponse(appointmentsCalendar(name, list), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  })
}

// ---------------------------------------------------------------- the handlers

const nameOf = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`
const appointmentById = (id: number) => reshubState.appointments.find((a) => a.id === id)

export const reshubHandlers = [
  mock(endpoints.reshubSites, () => [...SITES].sort((a, b) => a.name.localeCompare(b.name))),

  mock(endpoints.reshubPractitioners, ({ query }) =>
    [...PRACTITIONERS]
      .sort((a, b) => a.family_name.localeCompare(b.family_name) || a.given_name.localeCompare(b.given_name))
      .filter(
        (p) =>
          (!query.site_id || p.site_ids.includes(query.site_id)) &&
          (!query.service_id || p.service_ids.includes(query.service_id)),
      ),
  ),

  mock(endpoints.reshubServices, ({ query }) => {
    const offered = query.practitioner_id ? (practitionerById(query.practitioner_id)?.service_ids ?? []) : null
    return SERVICES.filter((s) => !offered || offered.includes(s.id)).sort((a, b) => a.name.localeCompare(b.name))
  }),

  mock(endpoints.reshubSlots, ({ query }) => {
    const service = serviceById(query.service_id)
    if (!service) return notFound(NO_SUCH_SERVICE, 'service_id')
    if (query.practitioner_id && !practitionerById(query.practitioner_id))
      return notFound('No such practitioner', 'practitioner_id')
    const ids = PRACTITIONERS.filter(
      (p) => p.service_ids.includes(service.id) && (!query.practitioner_id || p.id === query.practitioner_id),
    ).map((p) => p.id)
    const slots = computeSlots(
      service,
      ids,
      { site_id: query.site_id, from: query.date_from, to: query.date_to },
      new Date(),
    )
    return { service_id: service.id, slots }
  }),

  mock(endpoints.reshubAppointments, ({ query }) => listAppointments(query, new Date())),

  mock(endpoints.reshubAppointment, ({ params }) => {
    const a = appointmentById(params.id)
    return a ? detailOf(a, new Date()) : error(404, NO_SUCH_APPOINTMENT)
  }),

  mock(endpoints.reshubBook, ({ body, user }) => {
    const now = new Date()
    if (!patientById(body.patient_id)) return notFound('No such patient', 'patient_id')
    const place = placement(body, body.service_id, now)
    if (place instanceof Response) return place
    const a: StoredAppointment = {
      id: reshubState.nextId++,
      status: 'booked',
      patientId: body.patient_id,
      serviceId: body.service_id,
      ...place,
      bookingNote: body.booking_note ?? '',
      cancelReason: null,
      encounter: null,
      events: [
        {
          at: now.toISOString(),
          action: 'booked',
          from_status: null,
          to_status: 'booked',
          reason: null,
          by: nameOf(user),
        },
      ],
      createdAt: now,
      updatedAt: now,
    }
    reshubState.appointments.push(a)
    return answer(detailOf(a, now), 'Appointment booked')
  }),

  mock(endpoints.reshubReschedule, ({ params, body, user }) => {
    const now = new Date()
    const a = appointmentById(params.id)
    if (!a) return error(404, NO_SUCH_APPOINTMENT)
    if (!['proposed', 'pending', 'booked'].includes(a.status))
      return error(409, `A ${a.status === 'checked-in' ? 'started' : a.status} appointment cannot be moved`)
    const practitionerId = body.practitioner_id ?? a.practitionerId
    const siteId = body.site_id ?? (practitionerId === a.practitionerId ? a.siteId : undefined)
    const place = placement(
      { practitioner_id: practitionerId, site_id: siteId, start: body.start, patient_id: a.patientId },
      a.serviceId,
      now,
      a.id,
    )
    if (place instanceof Response) return place
    const before = { ...a }
    Object.assign(a, place, { updatedAt: now })
    a.events.push({
      at: now.toISOString(),
      action: 'rescheduled',
      from_status: a.status,
      to_status: a.status,
      reason: null,
      by: nameOf(user),
    })
    offerFreedSlot(before, now)
    return answer(detailOf(a, now), 'Appointment moved')
  }),

  mock(endpoints.reshubStatus, ({ params, body, user }) => {
    const now = new Date()
    const a = appointmentById(params.id)
    if (!a) return error(404, NO_SUCH_APPOINTMENT)
    const to = body.status
    if (user.role === 'clinician' && !CLINICIAN_STATUSES.includes(to))
      return error(403, 'Clinicians mark arrivals, the room and completed visits; the contact centre books and cancels')
    const why = refusal(a.status, to, whenOf(a, now))
    if (why) return error(409, why, { status: [why] })
    if (needsReason(to) && !body.reason) return error(400, 'Give a reason', { reason: ['Give a reason'] })
    const before = { ...a }
    a.events.push({
      at: now.toISOString(),
      action: 'status',
      from_status: a.status,
      to_status: to,
      reason: body.reason ?? null,
      by: nameOf(user),
    })
    Object.assign(a, { status: to, updatedAt: now }, to === 'cancelled' && { cancelReason: body.reason })
    moveEncounter(a, to, now)
    if (to === 'cancelled') offerFreedSlot(before, now)
    return answer(detailOf(a, now), 'Status changed')
  }),

  mock(endpoints.reshubAppointmentIcs, ({ params }) => {
    const a = appointmentById(params.id)
    if (!a) return error(404, NO_SUCH_APPOINTMENT)
    return calendar(`Appointment ${a.id}`, [appointmentOut(a, new Date())], `appointment-${a.id}.ics`)
  }),

  mock(endpoints.reshubPractitionerIcs, ({ params }) => {
    const p = practitionerById(params.id)
    if (!p) return notFound('No such practitioner', 'practitioner_id')
    const now = new Date()
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10)
    const list = listAppointments(
      { practitioner_id: p.id, date_from: day(-7), date_to: day(42), page: 1, page_size: 1000, order: 'asc' },
      now,
    )
    return calendar(p.name, list.results, `practitioner-${p.id}.ics`)
  }),

  mock(endpoints.reshubWaitlist, ({ query }) => listWaitlist(query)),

  mock(endpoints.reshubAddToWaitlist, ({ body }) => {
    if (!patientById(body.patient_id)) return notFound('No such patient', 'patient_id')
    if (!serviceById(body.service_id)) return notFound(NO_SUCH_SERVICE, 'service_id')
    if (body.practitioner_id && !practitionerById(body.practitioner_id))
      return notFound('No such practitioner', 'practitioner_id')
    if (body.site_id && !siteOf(body.site_id)) return notFound('No such site', 'site_id')
    const already = reshubState.waitlist.some(
      (e) =>
        e.patientId === body.patient_id && e.serviceId === body.service_id && ['waiting', 'offered'].includes(e.status),
    )
    if (already) return error(409, 'The patient is already on the waitlist for this visit type')
    reshubState.waitlist.push({
      id: reshubState.nextId++,
      status: 'waiting',
      patientId: body.patient_id,
      serviceId: body.service_id,
      practitionerId: body.practitioner_id ?? null,
      siteId: body.site_id ?? null,
      note: body.note ?? '',
      createdAt: new Date(),
    })
    return answer(listWaitlist({ page: 1, page_size: 10, service_id: body.service_id }), 'Added to the waitlist')
  }),

  mock(endpoints.reshubTasks, ({ query }) => listTasks(query)),

  mock(endpoints.reshubCloseTask, ({ body, user }) => {
    const task = reshubState.tasks.find((t) => t.id === body.task_id)
    if (!task) return error(404, 'No such call task')
    if (task.status !== 'open') return error(409, 'This call task is already closed')
    Object.assign(task, {
      status: body.status,
      outcome: body.outcome ?? null,
      doneBy: nameOf(user),
      doneAt: new Date(),
    })
    return answer(listTasks({ page: 1, page_size: 10, status: 'open' }), 'Call task closed')
  }),

  mock(endpoints.reshubKpi, ({ query }) => kpi(query, new Date())),
]
