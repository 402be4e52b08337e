import type { AppointmentStatus, EncounterStatus } from '#contract/reshub'
import type { PractitionerKind } from './data'
import { writeNote, type NotePatient } from './notes'
import type { PatientSeed } from './patients'
import { bookingNotes, cancelReasons, errorReasons, languageNames } from './people'
import { between, chance, pick, rngFor, type Rng } from './random'
import type { Booking } from './schedule'

/*
 * What became of each planned appointment, as the demo tells it: the past mostly fulfilled (with an
 * encounter and, mostly, a clinician's note), some no-shows and cancellations; today's patients
 * arriving and in the room; the future booked. Pure: a booking draws from its own seeded stream.
 */

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

export type EventSeed = {
  action: 'booked' | 'status'
  fromStatus: AppointmentStatus | null
  toStatus: AppointmentStatus
  reason: string | null
  at: Date
}
export type EncounterSeed = { status: EncounterStatus; reason: string; startedAt: Date | null; endedAt: Date | null }
export type NoteSeed = { title: string; text: string; writtenAt: Date }

/** An appointment as rows to insert, referring to its patient, practitioner, site and visit type by MRN and code. */
export type AppointmentSeed = {
  patient: string
  practitioner: string
  site: string
  visitType: string
  status: AppointmentStatus
  startAt: Date
  endAt: Date
  blockedUntil: Date
  bookingNote: string
  cancelReason: string | null
  createdAt: Date
  updatedAt: Date
  events: EventSeed[]
  encounter: EncounterSeed | null
  note: NoteSeed | null
}

export type VisitContext = {
  now: Date
  seed: number
  today: string
  patient: PatientSeed
  kind: PractitionerKind
  visitTypeName: string
  /** The sentences of the patient's notes so far (grows). */
  used: Set<string>
}

const ageOn = (birthDate: string, date: string) =>
  Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4)) - (date.slice(5) < birthDate.slice(5) ? 1 : 0)

export const notePatient = (p: PatientSeed, date: string): NotePatient => ({
  age: ageOn(p.birthDate, date),
  sex: p.gender,
  problems: new Set(p.problemKeys),
  medications: p.medications.filter((m) => m.status === 'active').map((m) => m.name),
  allergies: p.allergies.map((a) => a.substance),
  region: p.region,
})

const at = (ms: number) => new Date(ms)
const ev = (
  fromStatus: AppointmentStatus | null,
  toStatus: AppointmentStatus,
  when: number,
  reason: string | null = null,
) => ({ action: fromStatus ? 'status' : 'booked', fromStatus, toStatus, reason, at: at(when) }) as EventSeed

function bookingNoteFor(rng: Rng, p: PatientSeed, date: string) {
  if (p.preferredLanguage !== 'en' && chance(rng, 0.4))
    return `Needs an interpreter (${languageNames[p.preferredLanguage] ?? p.preferredLanguage})`
  if (ageOn(p.birthDate, date) < 16 && chance(rng, 0.1)) return 'Attending with a parent'
  return chance(rng, 0.1) ? pick(rng, bookingNotes) : ''
}

/** The visit as it happened: arrival, the room, the end, an encounter and (mostly) a note. */
export function fulfilledVisit(
  rng: Rng,
  b: Pick<Booking, 'start' | 'end' | 'visitType' | 'date'>,
  c: Omit<VisitContext, 'today' | 'seed'>,
  from: AppointmentStatus,
  noteShare: number,
) {
  const now = c.now.getTime()
  const arrived = Math.min(b.start - between(rng, 2, 15) * MINUTE, now - 2 * MINUTE)
  const inRoom = Math.min(Math.max(arrived + MINUTE, b.start + between(rng, 0, 12) * MINUTE), now - MINUTE)
  const ended = Math.min(Math.max(inRoom + 5 * MINUTE, inRoom + (b.end - b.start) + between(rng, -3, 6) * MINUTE), now)
  const written = Math.min(ended + between(rng, 1, 20) * MINUTE, now)
  const events: EventSeed[] = []
  if (from === 'pending' || from === 'proposed') events.push(ev(from, 'booked', arrived - DAY))
  if (from !== 'arrived' && from !== 'checked-in') events.push(ev('booked', 'arrived', arrived))
  if (from !== 'checked-in') events.push(ev('arrived', 'checked-in', inRoom))
  events.push(ev('checked-in', 'fulfilled', ended))
  const note = writeNote(rng, c.kind, b.visitType, notePatient(c.patient, b.date), c.used)
  const phone = b.visitType === 'PHONE10'
  return {
    events,
    encounter: { status: 'finished', reason: note.reason, startedAt: at(inRoom), endedAt: at(ended) } as EncounterSeed,
    note: chance(rng, noteShare)
      ? {
          title: phone ? `${note.reason} (telephone)` : note.reason,
          text: note.sentences.join(' '),
          writtenAt: at(written),
        }
      : null,
  }
}

/** A booking the daily top-up makes now: booked, a few still pending confirmation. */
export function bookedVisit(b: Booking, patient: PatientSeed, now: Date, seed: number): AppointmentSeed {
  const rng = rngFor(seed, 'top-up', b.practitioner, b.start)
  const status = chance(rng, 0.12) ? 'pending' : 'booked'
  return {
    patient: b.patient,
    practitioner: b.practitioner,
    site: b.site,
    visitType: b.visitType,
    status,
    startAt: at(b.start),
    endAt: at(b.end),
    blockedUntil: at(b.blockedUntil),
    bookingNote: bookingNoteFor(rng, patient, b.date),
    cancelReason: null,
    createdAt: now,
    updatedAt: now,
    events: [ev(null, status, now.getTime())],
    encounter: null,
    note: null,
  }
}

/** A planned booking with the status, history, encounter and note it has at `now`. */
export function seededVisit(b: Booking, c: VisitContext): AppointmentSeed {
  const rng = rngFor(c.seed, 'visit', b.practitioner, b.start)
  const now = c.now.getTime()
  const lead = between(rng, 1, 21) * DAY + between(rng, 0, 8 * 60) * MINUTE
  const createdAt = Math.min(b.start - lead, now - between(rng, 10, 5 * 24 * 60) * MINUTE)
  const booked = ev(null, 'booked', createdAt)
  const base = {
    patient: b.patient,
    practitioner: b.practitioner,
    site: b.site,
    visitType: b.visitType,
    startAt: at(b.start),
    endAt: at(b.end),
    blockedUntil: at(b.blockedUntil),
    bookingNote: bookingNoteFor(rng, c.patient, b.date),
    cancelReason: null,
    createdAt: at(createdAt),
    encounter: null,
    note: null,
  }
  const cancelled = (): AppointmentSeed => {
    const when = createdAt + rng() * (Math.min(b.start, now) - createdAt)
    const reason = pick(rng, cancelReasons)
    return {
      ...base,
      status: 'cancelled',
      cancelReason: reason,
      events: [booked, ev('booked', 'cancelled', when, reason)],
      updatedAt: at(when),
    }
  }
  const noShow = (): AppointmentSeed => {
    const when = Math.min(b.end + between(rng, 15, 90) * MINUTE, now)
    return { ...base, status: 'noshow', events: [booked, ev('booked', 'noshow', when)], updatedAt: at(when) }
  }
  const fulfilled = (): AppointmentSeed => {
    const visit = fulfilledVisit(rng, b, c, 'booked', 0.85)
    return {
      ...base,
      status: 'fulfilled',
      ...visit,
      events: [booked, ...visit.events],
      updatedAt: visit.events.at(-1)!.at,
    }
  }
  const plain = (status: AppointmentStatus): AppointmentSeed => ({
    ...base,
    status,
    events: [ev(null, status, createdAt)],
    updatedAt: at(createdAt),
  })
  if (b.date < c.today) {
    const r = rng()
    if (r < 0.1) return cancelled()
    if (r < 0.12) {
      const when = createdAt + rng() * (b.start - createdAt)
      const reason = pick(rng, errorReasons)
      return {
        ...base,
        status: 'entered-in-error',
        events: [booked, ev('booked', 'entered-in-error', when, reason)],
        updatedAt: at(when),
      }
    }
    return chance(rng, c.patient.missesOften ? 0.35 : 0.06) ? noShow() : fulfilled()
  }
  if (b.date === c.today) {
    if (b.end <= now) {
      const r = rng()
      return r < 0.05 ? cancelled() : r < 0.11 ? noShow() : fulfilled()
    }
    if (b.start <= now + 30 * MINUTE && (b.start <= now || chance(rng, 0.5))) {
      const arrived = Math.min(b.start - between(rng, 2, 15) * MINUTE, now - between(rng, 1, 5) * MINUTE)
      const reason = writeNote(rng, c.kind, b.visitType, notePatient(c.patient, b.date), new Set()).reason
      if (b.start > now || chance(rng, 0.2))
        return {
          ...base,
          status: 'arrived',
          events: [booked, ev('booked', 'arrived', arrived)],
          encounter: { status: 'arrived', reason, startedAt: null, endedAt: null },
          updatedAt: at(arrived),
        }
      const inRoom = Math.max(arrived + MINUTE, Math.min(b.start + between(rng, 0, 10) * MINUTE, now - MINUTE))
      return {
        ...base,
        status: 'checked-in',
        events: [booked, ev('booked', 'arrived', arrived), ev('arrived', 'checked-in', inRoom)],
        encounter: { status: 'in-progress', reason, startedAt: at(inRoom), endedAt: null },
        updatedAt: at(inRoom),
      }
    }
  }
  const r = rng()
  if (r < 0.08) return cancelled()
  if (r < 0.18) return plain('pending')
  return { ...base, status: 'booked', events: [booked], updatedAt: at(createdAt) }
}
