import {
  clinicSiteDefs,
  exceptionDefs,
  practitionerDefs,
  ruleDefs,
  visitMix,
  visitTypeDefs,
  type ExceptionDef,
  type PractitionerKind,
} from './data'
import { CLINIC_SEED, generatePatients, type PatientSeed } from './patients'
import { languageNames, waitlistNotes } from './people'
import { between, pick, rngFor, shuffled } from './random'
import {
  addDays,
  emptyTaken,
  fillWindows,
  localDay,
  weekdayOf,
  workingWindows,
  type Candidate,
  type ClinicInput,
} from './schedule'
import { seededVisit, type AppointmentSeed } from './visits'

/*
 * The demo clinic's generator: patients, six weeks of appointments around `now` (three back, three
 * ahead) with what became of each, and a waitlist. Pure and seeded (same input, same output); rows
 * refer to one another by code and MRN, so they can be checked without a database.
 */

export { CLINIC_SEED, generatePatients, PATIENT_COUNT, type PatientSeed } from './patients'
export type { AppointmentSeed } from './visits'

/** Days either side of today the first seeding covers. */
export const SEED_DAYS = 21
/** The share of a practitioner's day that is booked, drawn per day. */
export const FILL_SHARE: [number, number] = [0.58, 0.74]

/** The seed data as the planner reads it, with the exceptions placed around `now`. */
export function clinicInput(now: Date): ClinicInput {
  return {
    sites: clinicSiteDefs.map(({ code, timeZone }) => ({ code, timeZone })),
    practitioners: practitionerDefs.map(({ code, kind }) => ({ code, kind })),
    visitTypes: visitTypeDefs,
    offers: practitionerOffers(),
    rules: ruleDefs,
    exceptions: resolveExceptions(now),
  }
}

/** Which practitioner offers which visit type, and how often it is booked with them. */
export const practitionerOffers = () =>
  practitionerDefs.flatMap((p) =>
    visitMix[p.kind].map(([visitType, weight]) => ({ practitioner: p.code, visitType, weight })),
  )

export const kindOf = (code: string): PractitionerKind | undefined =>
  practitionerDefs.find((p) => p.code === code)?.kind

/** The exceptions on dates: `weekOffset` weeks from the week of `now` in the zone of the site (or of their first site). */
export function resolveExceptions(now: Date, defs: ExceptionDef[] = exceptionDefs) {
  const zones = new Map(clinicSiteDefs.map((s) => [s.code, s.timeZone]))
  return defs.map((e) => {
    const site = e.site ?? ruleDefs.find((r) => r.practitioner === e.practitioner)?.site ?? ''
    const today = localDay(now, zones.get(site) ?? 'Europe/London')
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7))
    const date = addDays(monday, e.weekOffset * 7 + ((e.weekday + 6) % 7))
    return {
      practitioner: e.practitioner,
      site: e.site,
      date,
      start: e.start,
      end: e.end,
      available: e.available,
      reason: e.reason,
    }
  })
}

/** Patients as the planner sees them: those with long-term problems come more often. */
export const candidates = (patients: PatientSeed[]): Candidate[] =>
  patients.map((p) => ({
    mrn: p.mrn,
    region: p.region,
    birthDate: p.birthDate,
    weight: 1 + p.problemKeys.length / 2,
    newcomer: p.newcomer,
  }))

/** A new patient check is a newcomer's first visit. */
export const FIRST_VISIT_TYPES: ReadonlySet<string> = new Set(['NEWPT30'])

/** Six weeks of appointments around `now`, each with its history, encounter and note, in time order. */
export function generateSchedule(now: Date, patients = generatePatients(), seed = CLINIC_SEED): AppointmentSeed[] {
  const clinic = clinicInput(now)
  const windows = workingWindows(clinic, now, -SEED_DAYS, SEED_DAYS)
  const bookings = fillWindows({
    clinic,
    windows,
    patients: candidates(patients),
    taken: emptyTaken(),
    seed,
    share: FILL_SHARE,
    firstVisitTypes: FIRST_VISIT_TYPES,
  })
  const byMrn = new Map(patients.map((p) => [p.mrn, p]))
  const today = new Map(clinicSiteDefs.map((s) => [s.code, localDay(now, s.timeZone)]))
  const names = new Map(visitTypeDefs.map((v) => [v.code, v.name]))
  const used = new Map<string, Set<string>>()
  return bookings
    .sort((a, b) => a.start - b.start || a.practitioner.localeCompare(b.practitioner))
    .map((b) => {
      const patient = byMrn.get(b.patient)!
      if (!used.has(b.patient)) used.set(b.patient, new Set())
      return seededVisit(b, {
        now,
        seed,
        today: today.get(b.site)!,
        patient,
        kind: kindOf(b.practitioner) ?? 'gp',
        visitTypeName: names.get(b.visitType) ?? b.visitType,
        used: used.get(b.patient)!,
      })
    })
}

export type WaitlistSeed = {
  patient: string
  visitType: string
  practitioner: string | null
  site: string | null
  note: string
  createdAt: Date
}

/** Patients waiting for an earlier physiotherapy assessment or long consultation, some for one clinician or site. */
export function generateWaitlist(now: Date, patients = generatePatients(), seed = CLINIC_SEED): WaitlistSeed[] {
  const rng = rngFor(seed, 'waitlist')
  const adults = shuffled(
    rng,
    patients.filter((p) => Number(p.birthDate.slice(0, 4)) < 2008),
  )
  const queues = [
    { visitType: 'PHYSIO45', practitioner: 'CH-OKONKWO', site: 'CH-DID', ukOnly: true },
    { visitType: 'GP30', practitioner: 'CH-RAMAN', site: 'CH-ISL', ukOnly: false },
  ]
  const waiting = new Set<string>()
  return queues.flatMap((q) => {
    const people = adults.filter((p) => !waiting.has(p.mrn) && (!q.ukOnly || p.region === 'uk')).slice(0, 6)
    return people.map((p, i) => {
      waiting.add(p.mrn)
      const uk = p.region === 'uk'
      return {
        patient: p.mrn,
        visitType: q.visitType,
        // a third ask for the clinician, a third for the site, a third for anyone
        practitioner: i % 3 === 0 && uk ? q.practitioner : null,
        site: i % 3 === 1 ? (uk ? q.site : 'CH-BKN') : null,
        note:
          p.preferredLanguage !== 'en'
            ? `Needs an interpreter (${languageNames[p.preferredLanguage] ?? p.preferredLanguage})`
            : pick(
                rng,
                waitlistNotes.filter((n) => !n.startsWith('Needs')),
              ),
        createdAt: new Date(now.getTime() - between(rng, 1, 25) * 86_400_000 - between(rng, 0, 600) * 60_000),
      }
    })
  })
}
