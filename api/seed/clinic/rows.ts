import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/sql'
import {
  appointmentEvents,
  appointments,
  clinicSites,
  clinicalNotes,
  encounters,
  patients,
  practitioners,
  visitTypes,
} from '../../db/schema'
import { clinicSiteDefs, practitionerDefs, visitTypeDefs } from './data'
import type { AppointmentSeed, EncounterSeed, EventSeed, NoteSeed } from './visits'

/* Writing the generator's rows: codes and MRNs turned into ids, inserted in batches. */

/** Serialises the clinic's seeding and top-up across processes (PostgreSQL with several API instances). */
export const lockClinic = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(7017001)`)

const BATCH = 400

export async function inBatches<T, R>(rows: T[], write: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await write(rows.slice(i, i + BATCH))))
  return out
}

export type Ids = {
  site: Map<string, number>
  practitioner: Map<string, number>
  visitType: Map<string, number>
  patient: Map<string, number>
}

/** The ids of the demo clinic's rows, by code and MRN (one query after another: a transaction has one connection). */
export async function clinicIds(tx: Tx, mrns: string[]): Promise<Ids> {
  const byCode = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]))
  const codes = (defs: { code: string }[]) => defs.map((d) => d.code)
  return {
    site: byCode(
      await tx
        .select({ id: clinicSites.id, code: clinicSites.code })
        .from(clinicSites)
        .where(inArray(clinicSites.code, codes(clinicSiteDefs))),
    ),
    practitioner: byCode(
      await tx
        .select({ id: practitioners.id, code: practitioners.code })
        .from(practitioners)
        .where(inArray(practitioners.code, codes(practitionerDefs))),
    ),
    visitType: byCode(
      await tx
        .select({ id: visitTypes.id, code: visitTypes.code })
        .from(visitTypes)
        .where(inArray(visitTypes.code, codes(visitTypeDefs))),
    ),
    patient: byCode(
      mrns.length
        ? await tx.select({ id: patients.id, code: patients.mrn }).from(patients).where(inArray(patients.mrn, mrns))
        : [],
    ),
  }
}

/** Sets the clinic's campaign on sites seeded before the campaign existed. */
export async function linkCampaign(tx: Tx, campaignId: number | undefined) {
  if (!campaignId) return
  await tx
    .update(clinicSites)
    .set({ campaignId })
    .where(
      and(
        isNull(clinicSites.campaignId),
        inArray(
          clinicSites.code,
          clinicSiteDefs.map((d) => d.code),
        ),
      ),
    )
}

const key = (practitionerId: number, start: Date) => `${practitionerId}|${start.getTime()}`

/**
 * Inserts appointments with their events, encounters and notes. Those whose patient, practitioner,
 * site or visit type is gone (deleted since) are left out. Returns how many of each were written.
 */
export async function writeAppointments(tx: Tx, ids: Ids, seeds: AppointmentSeed[]) {
  const rows = seeds.flatMap((a) => {
    const patientId = ids.patient.get(a.patient)
    const practitionerId = ids.practitioner.get(a.practitioner)
    const siteId = ids.site.get(a.site)
    const visitTypeId = ids.visitType.get(a.visitType)
    if (!patientId || !practitionerId || !siteId || !visitTypeId) return []
    return [{ a, ids: { patientId, practitionerId, siteId } as const, visitTypeId }]
  })
  const inserted = await inBatches(rows, (batch) =>
    tx
      .insert(appointments)
      .values(
        batch.map(({ a, ids, visitTypeId }) => ({
          ...ids,
          visitTypeId,
          status: a.status,
          startAt: a.startAt,
          endAt: a.endAt,
          blockedUntil: a.blockedUntil,
          bookingNote: a.bookingNote,
          cancelReason: a.cancelReason,
          createdAt: a.createdAt,
          updatedAt: a.updatedAt,
        })),
      )
      .returning({ id: appointments.id, practitionerId: appointments.practitionerId, startAt: appointments.startAt }),
  )
  const idOf = new Map(inserted.map((r) => [key(r.practitionerId, r.startAt), r.id]))
  const written = rows.map((r) => ({ ...r, id: idOf.get(key(r.ids.practitionerId, r.a.startAt))! }))
  await writeEvents(
    tx,
    written.flatMap((r) => r.a.events.map((e) => ({ appointmentId: r.id, event: e }))),
  )
  const visits = written.flatMap((r) =>
    r.a.encounter ? [{ appointmentId: r.id, ...r.ids, encounter: r.a.encounter, note: r.a.note }] : [],
  )
  const notes = await writeEncounters(tx, visits)
  return { appointments: written.length, encounters: visits.length, notes }
}

export async function writeEvents(tx: Tx, events: { appointmentId: number; event: EventSeed }[]) {
  await inBatches(events, (batch) =>
    tx
      .insert(appointmentEvents)
      .values(batch.map(({ appointmentId, event }) => ({ appointmentId, ...event })))
      .returning({ id: appointmentEvents.id }),
  )
}

export type Visit = {
  appointmentId: number
  patientId: number
  practitionerId: number
  siteId: number
  encounter: EncounterSeed
  note: NoteSeed | null
}

/** New encounters and the notes written on them; returns how many notes. */
export async function writeEncounters(tx: Tx, visits: Visit[]) {
  const made = await inBatches(visits, (batch) =>
    tx
      .insert(encounters)
      .values(
        batch.map((v) => ({
          appointmentId: v.appointmentId,
          patientId: v.patientId,
          practitionerId: v.practitionerId,
          siteId: v.siteId,
          ...v.encounter,
        })),
      )
      .returning({ id: encounters.id, appointmentId: encounters.appointmentId }),
  )
  const encounterOf = new Map(made.map((e) => [e.appointmentId, e.id]))
  const notes = visits.flatMap((v) =>
    v.note
      ? [
          {
            patientId: v.patientId,
            encounterId: encounterOf.get(v.appointmentId) ?? null,
            authorId: v.practitionerId,
            note: v.note,
          },
        ]
      : [],
  )
  await writeNotes(tx, notes)
  return notes.length
}

/** Marks the given appointments with one status, as of `now`. */
export async function setStatus(tx: Tx, ids: number[], status: 'fulfilled' | 'noshow', now: Date) {
  await inBatches(ids, (batch) =>
    tx
      .update(appointments)
      .set({ status, updatedAt: now })
      .where(inArray(appointments.id, batch))
      .returning({ id: appointments.id }),
  )
}

/** Finishes an encounter opened on arrival (keeping when the patient went in, if they did). */
export async function finishEncounter(tx: Tx, encounterId: number, encounter: EncounterSeed) {
  await tx
    .update(encounters)
    .set({
      status: 'finished',
      startedAt: sql`coalesce(${encounters.startedAt}, ${encounter.startedAt!.toISOString()}::timestamptz)`,
      endedAt: encounter.endedAt,
    })
    .where(eq(encounters.id, encounterId))
}

export async function writeNotes(
  tx: Tx,
  notes: { patientId: number; encounterId: number | null; authorId: number | null; note: NoteSeed }[],
) {
  await inBatches(notes, (batch) =>
    tx
      .insert(clinicalNotes)
      .values(batch.map(({ note, ...ids }) => ({ ...ids, ...note })))
      .returning({ id: clinicalNotes.id }),
  )
}
