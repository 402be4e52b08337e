import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { slotHoldingStatuses } from '#contract/reshub'
import type { Db } from '../../db/client'
import type { Tx } from '../../db/sql'
import {
  appointments,
  availabilityExceptions,
  availabilityRules,
  clinicSites,
  clinicalNotes,
  encounters,
  patients,
  practitionerVisitTypes,
  practitioners,
  visitTypes,
} from '../../db/schema'
import { visitMix } from './data'
import { candidates, FILL_SHARE, FIRST_VISIT_TYPES, kindOf } from './generate'
import { reasonKey } from './notes'
import { CLINIC_SEED, generatePatients, type PatientSeed } from './patients'
import { chance, rngFor, seedOf } from './random'
import {
  clinicIds,
  finishEncounter,
  lockClinic,
  setStatus,
  writeAppointments,
  writeEncounters,
  writeEvents,
  writeNotes,
  type Ids,
  type Visit,
} from './rows'
import { addDays, append, emptyTaken, fillWindows, localDay, workingWindows, type ClinicInput } from './schedule'
import { bookedVisit, fulfilledVisit, type EventSeed } from './visits'

/*
 * The demo clinic's daily top-up, so a demo opened months after its first start still has a
 * lived-in calendar: visits left open in the past are closed (most fulfilled, with an encounter and
 * often a note; some no-shows), and the next three weeks are booked up to a share of each
 * practitioner's day. Idempotent for a given `now`, and a few small reads when nothing is missing.
 */

const DAY = 86_400_000
const AHEAD_DAYS = 21
/** A practitioner-day held to this share of its bookable time is left alone. */
const TOP_UP_BELOW = 0.5
const OPEN = ['booked', 'pending', 'arrived', 'checked-in'] as const

export async function topUpClinic(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    await lockClinic(tx)
    const people = generatePatients()
    const closed = await closePast(tx, now, people)
    const booked = await bookAhead(tx, now, people)
    return { closed, booked }
  })
}

/** A patient the generator did not make (booked by hand): what the notes need to know, and nothing more. */
const bare = (row: { mrn: string; birthDate: string; gender: PatientSeed['gender']; zone: string }): PatientSeed => ({
  mrn: row.mrn,
  givenName: '',
  familyName: '',
  birthDate: row.birthDate,
  gender: row.gender,
  phone: '',
  email: '',
  preferredLanguage: 'en',
  address: '',
  region: row.zone.startsWith('America/') ? 'us' : 'uk',
  homeSite: '',
  missesOften: false,
  newcomer: false,
  problemKeys: [],
  problems: [],
  medications: [],
  allergies: [],
})

/** Appointments still open more than a day after their start: fulfilled (the visit as it went) or a no-show. */
async function closePast(tx: Tx, now: Date, people: PatientSeed[]) {
  const stale = await tx
    .select({
      id: appointments.id,
      status: appointments.status,
      start: appointments.startAt,
      end: appointments.endAt,
      patientId: appointments.patientId,
      practitionerId: appointments.practitionerId,
      siteId: appointments.siteId,
      visitType: visitTypes.code,
      visitTypeName: visitTypes.name,
      practitioner: practitioners.code,
      mrn: patients.mrn,
      birthDate: patients.birthDate,
      gender: patients.gender,
      zone: clinicSites.timeZone,
    })
    .from(appointments)
    .innerJoin(visitTypes, eq(visitTypes.id, appointments.visitTypeId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
    .where(and(inArray(appointments.status, [...OPEN]), lt(appointments.startAt, new Date(now.getTime() - DAY))))
    .orderBy(appointments.startAt, appointments.id)
  if (!stale.length) return 0
  const ids = stale.map((a) => a.id)
  const open = new Map(
    (
      await tx
        .select({ id: encounters.id, appointmentId: encounters.appointmentId })
        .from(encounters)
        .where(inArray(encounters.appointmentId, ids))
    ).map((e) => [e.appointmentId, e.id]),
  )
  const used = await usedSentences(tx, [...new Set(stale.map((a) => a.patientId))])
  const seeds = new Map(people.map((p) => [p.mrn, p]))
  const fulfilled: number[] = []
  const noShows: number[] = []
  const events: { appointmentId: number; event: EventSeed }[] = []
  const visits: Visit[] = []
  const notesOnOpen: Parameters<typeof writeNotes>[1] = []
  for (const a of stale) {
    const rng = rngFor(CLINIC_SEED, 'close', a.id)
    const patient = seeds.get(a.mrn) ?? bare(a)
    const inClinic = a.status === 'arrived' || a.status === 'checked-in'
    if (!inClinic && chance(rng, patient.missesOften ? 0.35 : 0.1)) {
      noShows.push(a.id)
      if (a.status === 'pending')
        events.push({ appointmentId: a.id, event: status('pending', 'booked', a.start.getTime() - DAY) })
      events.push({
        appointmentId: a.id,
        event: status('booked', 'noshow', Math.min(a.end.getTime() + 30 * 60_000, now.getTime())),
      })
      continue
    }
    const theirs = used.get(a.patientId) ?? new Set<string>()
    used.set(a.patientId, theirs)
    const visit = fulfilledVisit(
      rng,
      { start: a.start.getTime(), end: a.end.getTime(), visitType: a.visitType, date: localDay(a.start, a.zone) },
      { now, patient, kind: kindOf(a.practitioner) ?? 'gp', visitTypeName: a.visitTypeName, used: theirs },
      a.status,
      0.7,
    )
    fulfilled.push(a.id)
    events.push(...visit.events.map((event) => ({ appointmentId: a.id, event })))
    const encounterId = open.get(a.id)
    if (encounterId) {
      await finishEncounter(tx, encounterId, visit.encounter)
      if (visit.note)
        notesOnOpen.push({ patientId: a.patientId, encounterId, authorId: a.practitionerId, note: visit.note })
    } else
      visits.push({
        appointmentId: a.id,
        patientId: a.patientId,
        practitionerId: a.practitionerId,
        siteId: a.siteId,
        encounter: visit.encounter,
        note: visit.note,
      })
  }
  await setStatus(tx, fulfilled, 'fulfilled', now)
  await setStatus(tx, noShows, 'noshow', now)
  await writeEvents(tx, events)
  await writeEncounters(tx, visits)
  await writeNotes(tx, notesOnOpen)
  return stale.length
}

const status = (fromStatus: EventSeed['fromStatus'], toStatus: EventSeed['toStatus'], at: number): EventSeed => ({
  action: 'status',
  fromStatus,
  toStatus,
  reason: null,
  at: new Date(at),
})

/** The sentences of each patient's notes, so a new note repeats none of them. */
async function usedSentences(tx: Tx, patientIds: number[]) {
  const used = new Map<number, Set<string>>()
  if (!patientIds.length) return used
  const notes = await tx
    .select({ patientId: clinicalNotes.patientId, title: clinicalNotes.title, text: clinicalNotes.text })
    .from(clinicalNotes)
    .where(inArray(clinicalNotes.patientId, patientIds))
  for (const n of notes) {
    const set = used.get(n.patientId) ?? new Set<string>()
    for (const s of n.text.split(/(?<=[.!?])\s+/)) set.add(s)
    set.add(reasonKey(n.title.replace(/ \(telephone\)$/, '')))
    used.set(n.patientId, set)
  }
  return used
}

/** Bookings for the days up to three weeks ahead whose practitioners are held under the share. */
async function bookAhead(tx: Tx, now: Date, people: PatientSeed[]) {
  const ids = await clinicIds(
    tx,
    people.map((p) => p.mrn),
  )
  if (!ids.practitioner.size || !ids.patient.size) return 0
  const clinic = await readClinic(tx, ids, now)
  const windows = workingWindows(clinic, now, 0, AHEAD_DAYS)
  if (!windows.length) return 0
  const from = new Date(Math.min(...windows.map((w) => w.start)) - DAY)
  const to = new Date(Math.max(...windows.map((w) => w.end)) + DAY)
  const held = await tx
    .select({
      practitionerId: appointments.practitionerId,
      mrn: patients.mrn,
      start: appointments.startAt,
      end: appointments.endAt,
      blockedUntil: appointments.blockedUntil,
      zone: clinicSites.timeZone,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
    .where(
      and(
        inArray(appointments.status, [...slotHoldingStatuses]),
        lt(appointments.startAt, to),
        gte(appointments.blockedUntil, from),
      ),
    )
  const codeOf = new Map([...ids.practitioner].map(([code, id]) => [id, code]))
  const taken = emptyTaken()
  for (const h of held) {
    const practitioner = codeOf.get(h.practitionerId) ?? `#${h.practitionerId}`
    const start = h.start.getTime()
    append(taken.practitioner, practitioner, { start, end: h.blockedUntil.getTime() })
    append(taken.patient, h.mrn, { start, end: h.end.getTime(), date: localDay(start, h.zone) })
  }
  const seed = seedOf(CLINIC_SEED, 'top-up')
  const present = people.filter((p) => ids.patient.has(p.mrn))
  const bookings = fillWindows({
    clinic,
    windows,
    patients: candidates(present),
    taken,
    seed,
    share: FILL_SHARE,
    firstVisitTypes: FIRST_VISIT_TYPES,
    topUp: { now, threshold: TOP_UP_BELOW },
  })
  if (!bookings.length) return 0
  const byMrn = new Map(present.map((p) => [p.mrn, p]))
  const written = await writeAppointments(
    tx,
    ids,
    bookings.map((b) => bookedVisit(b, byMrn.get(b.patient)!, now, seed)),
  )
  return written.appointments
}

/** The demo clinic's hours and offers as they are in the database now (people may have changed them). */
async function readClinic(tx: Tx, ids: Ids, now: Date): Promise<ClinicInput> {
  const practitionerIds = [...ids.practitioner.values()]
  const siteIds = [...ids.site.values()]
  // one query after another: a transaction has one connection
  const sites = await tx
    .select({ id: clinicSites.id, code: clinicSites.code, timeZone: clinicSites.timeZone })
    .from(clinicSites)
    .where(inArray(clinicSites.id, siteIds))
  const active = await tx
    .select({ id: practitioners.id, code: practitioners.code })
    .from(practitioners)
    .where(and(inArray(practitioners.id, practitionerIds), eq(practitioners.isActive, true)))
  const types = await tx
    .select()
    .from(visitTypes)
    .where(and(inArray(visitTypes.id, [...ids.visitType.values()]), eq(visitTypes.isActive, true)))
  const offers = await tx
    .select()
    .from(practitionerVisitTypes)
    .where(inArray(practitionerVisitTypes.practitionerId, practitionerIds))
  const rules = await tx
    .select()
    .from(availabilityRules)
    .where(and(inArray(availabilityRules.practitionerId, practitionerIds), inArray(availabilityRules.siteId, siteIds)))
  const exceptions = await tx
    .select()
    .from(availabilityExceptions)
    .where(
      and(
        inArray(availabilityExceptions.practitionerId, practitionerIds),
        gte(availabilityExceptions.date, addDays(now.toISOString().slice(0, 10), -2)),
      ),
    )
  const practitionerCode = new Map(active.map((p) => [p.id, p.code]))
  const siteCode = new Map(sites.map((s) => [s.id, s.code]))
  const typeCode = new Map(types.map((t) => [t.id, t.code]))
  return {
    sites: sites.map((s) => ({ code: s.code, timeZone: s.timeZone })),
    practitioners: active.map((p) => ({ code: p.code, kind: kindOf(p.code) ?? 'gp' })),
    visitTypes: types,
    offers: offers.flatMap((o) => {
      const practitioner = practitionerCode.get(o.practitionerId)
      const visitType = typeCode.get(o.visitTypeId)
      if (!practitioner || !visitType) return []
      const weight = visitMix[kindOf(practitioner) ?? 'gp'].find(([code]) => code === visitType)?.[1] ?? 5
      return [{ practitioner, visitType, weight }]
    }),
    rules: rules.flatMap((r) => {
      const practitioner = practitionerCode.get(r.practitionerId)
      const site = siteCode.get(r.siteId)
      return practitioner && site
        ? [
            {
              practitioner,
              site,
              weekday: r.weekday,
              start: r.startTime,
              end: r.endTime,
              validFrom: r.validFrom,
              validTo: r.validTo,
            },
          ]
        : []
    }),
    exceptions: exceptions.flatMap((e) => {
      const practitioner = practitionerCode.get(e.practitionerId)
      const site = e.siteId === null ? null : siteCode.get(e.siteId)
      return practitioner && site !== undefined
        ? [{ practitioner, site, date: e.date, start: e.startTime, end: e.endTime, available: e.available }]
        : []
    }),
  }
}
