import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  SLOT_TAKEN,
  type Appointment,
  type AppointmentDetail,
  type AppointmentListQuery,
  type AppointmentStatus,
  type CreateAppointmentBody,
  type RescheduleBody,
  type StatusBody,
} from '#contract/reshub'
import { appointmentRule, type Actor } from '../../../auth/access'
import type { Db } from '../../../db/client'
import { constraintViolated, fullName, type Conn } from '../../../db/sql'
import {
  appointmentEvents,
  appointments,
  availabilityRules,
  clinicSites,
  encounters,
  patients,
  practitioners,
  users,
  visitTypes,
} from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { offsetOf, pageOf } from '../../../lib/paging'
import { blockedRange, localDate } from '../free-slots'
import { needsReason, nextStatuses, refusal } from '../state'
import { computeSlots, offers, visitTypeOr404 } from './availability'
import { noShowsOf, patientColumns, patientOr404, patientOut } from './patient'
import { offerToWaitlist } from './waitlist'
import { practitionerName, practitionerOr404, siteOr404 } from './catalogue'

export const NOT_FOUND = 'No such appointment'
const PATIENT_BUSY = 'The patient already has an appointment at that time'
const NOT_OFFERED = 'This practitioner does not offer that visit type'
const NO_SITE = 'Choose the site: this practitioner works at more than one'

const arrivedAt = sql<Date | null>`(select min(${appointmentEvents.at}) from ${appointmentEvents} where ${appointmentEvents.appointmentId} = ${appointments.id} and ${appointmentEvents.toStatus} = 'arrived')`

const columns = {
  a: appointments,
  patient: patientColumns,
  noShows: noShowsOf(patients.id),
  practitioner: {
    prefix: practitioners.prefix,
    givenName: practitioners.givenName,
    familyName: practitioners.familyName,
  },
  site: { name: clinicSites.name, timeZone: clinicSites.timeZone },
  service: { name: visitTypes.name, durationMinutes: visitTypes.durationMinutes },
  encounterStatus: encounters.status,
  encounterStartedAt: encounters.startedAt,
  arrivedAt,
}

function selectAppointments(db: Conn) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
    .innerJoin(visitTypes, eq(visitTypes.id, appointments.visitTypeId))
    .leftJoin(encounters, eq(encounters.appointmentId, appointments.id))
}
type Row = Awaited<ReturnType<ReturnType<typeof selectAppointments>['where']>>[number]

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString())

export function appointmentOut(r: Row, now: Date): Appointment {
  const zone = r.site.timeZone
  const arrived = r.arrivedAt ? new Date(r.arrivedAt) : null
  const roomed = r.encounterStartedAt ? new Date(r.encounterStartedAt) : null
  const waiting = r.a.status === 'arrived' && arrived
  const waited =
    arrived && (roomed || waiting)
      ? Math.max(0, Math.round(((roomed ?? now).getTime() - arrived.getTime()) / 60_000))
      : null
  return {
    id: r.a.id,
    status: r.a.status,
    start: r.a.startAt.toISOString(),
    end: r.a.endAt.toISOString(),
    time_zone: zone,
    patient: patientOut(r.patient, Number(r.noShows)),
    practitioner: { id: r.a.practitionerId, name: practitionerName(r.practitioner) },
    site: { id: r.a.siteId, name: r.site.name, time_zone: zone },
    service: { id: r.a.visitTypeId, name: r.service.name, duration_minutes: r.service.durationMinutes },
    booking_note: r.a.bookingNote,
    cancel_reason: r.a.cancelReason,
    encounter_status: r.encounterStatus ?? null,
    waited_minutes: waited,
    next_statuses: nextStatuses(r.a.status, whenOf(r.a.startAt, zone, now)),
    created_at: r.a.createdAt.toISOString(),
    updated_at: r.a.updatedAt.toISOString(),
  }
}

const whenOf = (start: Date, zone: string, now: Date) => ({
  start,
  now,
  startDay: localDate(start, zone),
  today: localDate(now, zone),
})

/**
 * Appointments by status, site-local days, site, practitioner or patient. A day is read in each
 * appointment's own site zone: `date_from` 2026-03-02 is from that site's midnight.
 */
export async function listAppointments(db: Db, q: AppointmentListQuery, now: Date) {
  const localDay = sql`(${appointments.startAt} at time zone ${clinicSites.timeZone})::date`
  const where = and(
    q.status?.length ? inArray(appointments.status, q.status) : undefined,
    q.site_id ? eq(appointments.siteId, q.site_id) : undefined,
    q.practitioner_id ? eq(appointments.practitionerId, q.practitioner_id) : undefined,
    q.patient_id ? eq(appointments.patientId, q.patient_id) : undefined,
    q.date_from ? sql`${localDay} >= ${q.date_from}::date` : undefined,
    q.date_to ? sql`${localDay} <= ${q.date_to}::date` : undefined,
  )
  const order = q.order === 'desc' ? desc(appointments.startAt) : asc(appointments.startAt)
  const [rows, [total]] = await Promise.all([
    selectAppointments(db)
      .where(where)
      .orderBy(order, asc(appointments.id))
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db
      .select({ n: count() })
      .from(appointments)
      .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
      .where(where),
  ])
  return pageOf(
    rows.map((r) => appointmentOut(r, now)),
    total?.n ?? 0,
    q.page,
    q.page_size,
  )
}

async function rowOr404(db: Conn, id: number) {
  const [row] = await selectAppointments(db).where(eq(appointments.id, id))
  if (!row) throw new HttpError(404, NOT_FOUND)
  return row
}

export async function appointmentDetail(db: Conn, id: number, now: Date): Promise<AppointmentDetail> {
  const row = await rowOr404(db, id)
  const events = await db
    .select({
      at: appointmentEvents.at,
      action: appointmentEvents.action,
      fromStatus: appointmentEvents.fromStatus,
      toStatus: appointmentEvents.toStatus,
      reason: appointmentEvents.reason,
      by: fullName(users),
    })
    .from(appointmentEvents)
    .leftJoin(users, eq(users.id, appointmentEvents.userId))
    .where(eq(appointmentEvents.appointmentId, id))
    .orderBy(asc(appointmentEvents.at), asc(appointmentEvents.id))
  return {
    ...appointmentOut(row, now),
    events: events.map((e) => ({
      at: iso(e.at)!,
      action: e.action,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      reason: e.reason,
      by: e.by,
    })),
  }
}

/** The one site a practitioner works at, when the booking left it out. */
async function siteOf(db: Conn, practitionerId: number, siteId: number | undefined) {
  if (siteId) return siteId
  const sites = await db
    .selectDistinct({ siteId: availabilityRules.siteId })
    .from(availabilityRules)
    .where(eq(availabilityRules.practitionerId, practitionerId))
  if (sites.length === 1) return sites[0]!.siteId
  throw new HttpError(400, NO_SITE, { site_id: [NO_SITE] })
}

type Placement = { practitionerId: number; siteId: number; start: Date; visitTypeId: number; ignore?: number }

/** Checks a time is one of the engine's free slots now: the same answer GET slots/ gave the caller. */
async function checkFree(db: Conn, p: Placement, now: Date) {
  const service = await visitTypeOr404(db, p.visitTypeId)
  if (!(await offers(db, p.practitionerId, service.id))) {
    throw new HttpError(409, NOT_OFFERED, { service_id: [NOT_OFFERED] })
  }
  const site = await siteOr404(db, p.siteId)
  const day = localDate(p.start, site.timeZone)
  const slots = await computeSlots(db, {
    service,
    practitionerIds: [p.practitionerId],
    siteId: p.siteId,
    from: day,
    to: day,
    now,
    ignoreAppointmentId: p.ignore,
  })
  if (!slots.some((s) => Date.parse(s.start) === p.start.getTime())) {
    throw new HttpError(409, SLOT_TAKEN, { start: [SLOT_TAKEN] })
  }
  return {
    endAt: new Date(p.start.getTime() + service.durationMinutes * 60_000),
    blockedUntil: blockedRange(p.start, service).end,
  }
}

/** The database's exclusion constraints are the last word on a race: a 409 the caller can act on. */
function conflict(error: unknown): never {
  const constraint = constraintViolated(error, '23P01')
  if (constraint === null) throw error
  const message = constraint.includes('patient') ? PATIENT_BUSY : SLOT_TAKEN
  throw new HttpError(409, message, { start: [message] })
}

/**
 * Bookings and moves of one practitioner's diary, and of one patient's, one at a time: the
 * transaction holds these locks until it ends, practitioner first. Without them, concurrent inserts
 * that the exclusion constraints refuse can wait on each other and deadlock: PostgreSQL then breaks
 * the cycle after a second, with an error that was a 500 (twenty clients booking one slot took 19 s
 * on a loaded machine, and some got a 500 instead of the 409).
 */
async function lockDiaries(tx: Conn, practitionerId: number, patientId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DIARY_LOCK.practitioner}, ${practitionerId})`)
  await tx.execute(sql`select pg_advisory_xact_lock(${DIARY_LOCK.patient}, ${patientId})`)
}
/** The first key of the two-key advisory locks (a key space of their own, apart from single-key locks). */
const DIARY_LOCK = { practitioner: 7017101, patient: 7017102 } as const

/** Books a free slot: one transaction, with the exclusion constraints refusing what a race let through. */
export async function bookAppointment(db: Db, actor: Actor, body: CreateAppointmentBody, now: Date) {
  if (!appointmentRule.canBook(actor))
    throw new HttpError(403, 'Only agents, QA supervisors and admins book appointments')
  await patientOr404(db, body.patient_id)
  await practitionerOr404(db, body.practitioner_id)
  const siteId = await siteOf(db, body.practitioner_id, body.site_id)
  const start = new Date(body.start)
  const placement = { practitionerId: body.practitioner_id, siteId, start, visitTypeId: body.service_id }
  const times = await checkFree(db, placement, now)
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      await lockDiaries(tx, body.practitioner_id, body.patient_id)
      const [row] = await tx
        .insert(appointments)
        .values({
          patientId: body.patient_id,
          practitionerId: body.practitioner_id,
          siteId,
          visitTypeId: body.service_id,
          status: 'booked',
          startAt: start,
          ...times,
          bookingNote: body.booking_note ?? '',
          bookedBy: actor.id,
        })
        .returning({ id: appointments.id })
      await tx
        .insert(appointmentEvents)
        .values({ appointmentId: row!.id, userId: actor.id, action: 'booked', toStatus: 'booked' })
      return row!.id
    })
  } catch (error) {
    conflict(error)
  }
  return appointmentDetail(db, id, now)
}

/** Moves an appointment to another free slot (its practitioner's, or another's), keeping its visit type. */
export async function rescheduleAppointment(db: Db, actor: Actor, id: number, body: RescheduleBody, now: Date) {
  if (!appointmentRule.canBook(actor))
    throw new HttpError(403, 'Only agents, QA supervisors and admins move appointments')
  const current = await rowOr404(db, id)
  if (!['proposed', 'pending', 'booked'].includes(current.a.status)) {
    throw new HttpError(
      409,
      `A ${current.a.status === 'checked-in' ? 'started' : current.a.status} appointment cannot be moved`,
    )
  }
  const practitionerId = body.practitioner_id ?? current.a.practitionerId
  if (practitionerId !== current.a.practitionerId) await practitionerOr404(db, practitionerId)
  const siteId =
    body.site_id ??
    (practitionerId === current.a.practitionerId ? current.a.siteId : await siteOf(db, practitionerId, undefined))
  const start = new Date(body.start)
  const times = await checkFree(
    db,
    { practitionerId, siteId, start, visitTypeId: current.a.visitTypeId, ignore: id },
    now,
  )
  try {
    await db.transaction(async (tx) => {
      await lockDiaries(tx, practitionerId, current.a.patientId)
      await tx
        .update(appointments)
        .set({ practitionerId, siteId, startAt: start, ...times, updatedAt: now })
        .where(eq(appointments.id, id))
      await tx.insert(appointmentEvents).values({
        appointmentId: id,
        userId: actor.id,
        action: 'rescheduled',
        fromStatus: current.a.status,
        toStatus: current.a.status,
        details: {
          from: {
            start: current.a.startAt.toISOString(),
            practitionerId: current.a.practitionerId,
            siteId: current.a.siteId,
          },
          to: { start: start.toISOString(), practitionerId, siteId },
        },
      })
      await offerFreedSlot(tx, current.a, now)
    })
  } catch (error) {
    conflict(error)
  }
  return appointmentDetail(db, id, now)
}

/**
 * Changes the status as the machine allows (409 otherwise, with why), records it in the audit trail
 * and moves the visit's Encounter with it: arrived opens it, checked-in is "in room" (in progress),
 * fulfilled finishes it. A cancellation frees the slot, which the waitlist is offered.
 */
export async function setAppointmentStatus(db: Db, actor: Actor, id: number, body: StatusBody, now: Date) {
  const current = await rowOr404(db, id)
  const to = body.status
  if (!appointmentRule.canSetStatus(actor, to)) {
    throw new HttpError(
      403,
      'Clinicians mark arrivals, the room and completed visits; the contact centre books and cancels',
    )
  }
  const why = refusal(current.a.status, to, whenOf(current.a.startAt, current.site.timeZone, now))
  if (why) throw new HttpError(409, why, { status: [why] })
  if (needsReason(to) && !body.reason) {
    throw new HttpError(400, 'Give a reason', { reason: ['Give a reason'] })
  }
  await db.transaction(async (tx) => {
    await tx
      .update(appointments)
      .set({ status: to, updatedAt: now, ...(to === 'cancelled' && { cancelReason: body.reason }) })
      .where(eq(appointments.id, id))
    await tx.insert(appointmentEvents).values({
      appointmentId: id,
      userId: actor.id,
      action: 'status',
      fromStatus: current.a.status,
      toStatus: to,
      reason: body.reason ?? null,
      at: now,
    })
    await moveEncounter(tx, current.a, to, now)
    if (to === 'cancelled') await offerFreedSlot(tx, current.a, now)
  })
  return appointmentDetail(db, id, now)
}

const encounterFor: Partial<Record<AppointmentStatus, 'arrived' | 'in-progress' | 'finished' | 'cancelled'>> = {
  arrived: 'arrived',
  'checked-in': 'in-progress',
  fulfilled: 'finished',
  cancelled: 'cancelled',
  noshow: 'cancelled',
  'entered-in-error': 'cancelled',
}

async function moveEncounter(tx: Conn, a: typeof appointments.$inferSelect, to: AppointmentStatus, now: Date) {
  const status = encounterFor[to]
  if (!status) return
  const [existing] = await tx.select().from(encounters).where(eq(encounters.appointmentId, a.id))
  if (!existing) {
    if (status === 'cancelled') return
    await tx.insert(encounters).values({
      appointmentId: a.id,
      patientId: a.patientId,
      practitionerId: a.practitionerId,
      siteId: a.siteId,
      status,
      startedAt: status === 'arrived' ? null : now,
      endedAt: status === 'finished' ? now : null,
    })
    return
  }
  await tx
    .update(encounters)
    .set({
      status,
      ...(status === 'in-progress' && { startedAt: now }),
      ...(status === 'finished' && { startedAt: existing.startedAt ?? now, endedAt: now }),
    })
    .where(eq(encounters.id, existing.id))
}

/** A slot freed ahead of now (a cancellation, a move) is offered to the first patient waiting for it. */
async function offerFreedSlot(tx: Conn, a: typeof appointments.$inferSelect, now: Date) {
  if (a.startAt <= now || !['proposed', 'pending', 'booked'].includes(a.status)) return
  await offerToWaitlist(
    tx,
    { practitionerId: a.practitionerId, siteId: a.siteId, visitTypeId: a.visitTypeId, start: a.startAt },
    now,
  )
}
