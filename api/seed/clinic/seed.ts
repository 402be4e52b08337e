import { count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Tx } from '../../db/sql'
import {
  appointments,
  availabilityExceptions,
  availabilityRules,
  campaigns,
  clinicSites,
  patientAllergies,
  patientMedications,
  patientProblems,
  patients,
  practitionerVisitTypes,
  practitioners,
  visitTypes,
  waitlistEntries,
} from '../../db/schema'
import { CLINIC_CAMPAIGN, clinicSiteDefs, practitionerDefs, ruleDefs, visitTypeDefs } from './data'
import {
  generatePatients,
  generateSchedule,
  generateWaitlist,
  practitionerOffers,
  resolveExceptions,
  type PatientSeed,
} from './generate'
import { clinicIds, inBatches, linkCampaign, lockClinic, writeAppointments, type Ids } from './rows'

export { topUpClinic } from './top-up'

/**
 * The demo clinic behind the Patient access line: sites, practitioners and their hours, visit types,
 * 200 patients with their records, and six weeks of appointments around `now` with encounters,
 * notes and a waitlist. Idempotent and safe on every start: rows are keyed on their codes and MRNs,
 * and the appointments are made only while the clinic has none (`topUpClinic` keeps them current).
 */
export async function seedClinic(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    await lockClinic(tx)
    const [campaign] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.code, CLINIC_CAMPAIGN))
    const sites = await tx
      .insert(clinicSites)
      .values(clinicSiteDefs.map((s) => ({ ...s, campaignId: campaign?.id ?? null })))
      .onConflictDoNothing()
      .returning({ id: clinicSites.id })
    await linkCampaign(tx, campaign?.id)
    const newPractitioners = await tx
      .insert(practitioners)
      .values(practitionerDefs.map(({ kind: _kind, ...p }) => p))
      .onConflictDoNothing()
      .returning({ code: practitioners.code })
    await tx.insert(visitTypes).values(visitTypeDefs).onConflictDoNothing()
    const people = generatePatients()
    const newPatients = await inBatches(people, (batch) =>
      tx
        .insert(patients)
        .values(batch.map(patientRow))
        .onConflictDoNothing()
        .returning({ id: patients.id, mrn: patients.mrn }),
    )
    const ids = await clinicIds(
      tx,
      people.map((p) => p.mrn),
    )
    await seedHours(tx, ids, new Set(newPractitioners.map((p) => p.code)), now)
    const fresh = new Set(newPatients.map((p) => p.mrn))
    await seedRecords(
      tx,
      ids,
      people.filter((p) => fresh.has(p.mrn)),
    )
    const calendar = await seedCalendar(tx, ids, people, now)
    return {
      sites: sites.length,
      practitioners: newPractitioners.length,
      patients: newPatients.length,
      ...calendar,
    }
  })
}

const patientRow = (p: PatientSeed) => ({
  mrn: p.mrn,
  givenName: p.givenName,
  familyName: p.familyName,
  birthDate: p.birthDate,
  gender: p.gender,
  phone: p.phone,
  email: p.email,
  preferredLanguage: p.preferredLanguage,
  address: p.address,
})

/** Visit types, weekly hours and exceptions (placed around `now`) for the practitioners this run created. */
async function seedHours(tx: Tx, ids: Ids, created: Set<string>, now: Date) {
  if (!created.size) return
  const offers = practitionerOffers().flatMap((o) => {
    const practitionerId = ids.practitioner.get(o.practitioner)
    const visitTypeId = ids.visitType.get(o.visitType)
    return created.has(o.practitioner) && practitionerId && visitTypeId ? [{ practitionerId, visitTypeId }] : []
  })
  if (offers.length) await tx.insert(practitionerVisitTypes).values(offers).onConflictDoNothing()
  const rules = ruleDefs.flatMap((r) => {
    const practitionerId = ids.practitioner.get(r.practitioner)
    const siteId = ids.site.get(r.site)
    if (!created.has(r.practitioner) || !practitionerId || !siteId) return []
    return [{ practitionerId, siteId, weekday: r.weekday, startTime: r.start, endTime: r.end }]
  })
  if (rules.length) await tx.insert(availabilityRules).values(rules)
  const exceptions = resolveExceptions(now).flatMap((e) => {
    const practitionerId = ids.practitioner.get(e.practitioner)
    const siteId = e.site ? ids.site.get(e.site) : null
    if (!created.has(e.practitioner) || !practitionerId || siteId === undefined) return []
    return [
      {
        practitionerId,
        siteId,
        date: e.date,
        startTime: e.start,
        endTime: e.end,
        available: e.available,
        reason: e.reason,
      },
    ]
  })
  if (exceptions.length) await tx.insert(availabilityExceptions).values(exceptions)
}

/** Problems, medicines and allergies of the patients this run created. */
async function seedRecords(tx: Tx, ids: Ids, created: PatientSeed[]) {
  const of = <T>(pick: (p: PatientSeed) => T[]) =>
    created.flatMap((p) => pick(p).map((row) => ({ patientId: ids.patient.get(p.mrn)!, ...row })))
  const write = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    await inBatches(rows, async (batch) => {
      await insert(batch)
      return []
    })
  }
  await write(
    of((p) => p.problems),
    (b) => tx.insert(patientProblems).values(b),
  )
  await write(
    of((p) => p.medications),
    (b) => tx.insert(patientMedications).values(b),
  )
  await write(
    of((p) => p.allergies),
    (b) => tx.insert(patientAllergies).values(b),
  )
}

/** Six weeks of appointments and the waitlist, while the clinic's practitioners have no appointments at all. */
async function seedCalendar(tx: Tx, ids: Ids, people: PatientSeed[], now: Date) {
  const practitionerIds = [...ids.practitioner.values()]
  const none = { appointments: 0, encounters: 0, notes: 0, waitlist: 0 }
  if (!practitionerIds.length) return none
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(appointments)
    .where(inArray(appointments.practitionerId, practitionerIds))) as [{ n: number }]
  if (n > 0) return none
  const written = await writeAppointments(tx, ids, generateSchedule(now, people))
  const waitlist = generateWaitlist(now, people).flatMap((w) => {
    const patientId = ids.patient.get(w.patient)
    const visitTypeId = ids.visitType.get(w.visitType)
    if (!patientId || !visitTypeId) return []
    return [
      {
        patientId,
        visitTypeId,
        practitionerId: w.practitioner ? (ids.practitioner.get(w.practitioner) ?? null) : null,
        siteId: w.site ? (ids.site.get(w.site) ?? null) : null,
        note: w.note,
        createdAt: w.createdAt,
      },
    ]
  })
  if (waitlist.length) await tx.insert(waitlistEntries).values(waitlist)
  return { ...written, waitlist: waitlist.length }
}
