import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client'
import {
  appointmentEvents,
  appointments,
  campaigns,
  clinicalNotes,
  clinicSites,
  encounters,
  patientAllergies,
  patientMedications,
  patientProblems,
  patients,
  practitioners,
  waitlistEntries,
} from '#api/db/schema'
import { constraintViolated } from '#api/db/sql'
import { demoCampaigns } from '#api/seed/demo-data'
import { createTestDatabase } from '#api/test-utils'
import { CLINIC_CAMPAIGN } from './data'
import { seedClinic, topUpClinic } from './seed'

// a Wednesday; the six weeks around it hold both zones' clock changes
const NOW = new Date('2026-03-18T11:00:00Z')
const DAY = 86_400_000
const LATER = new Date(NOW.getTime() + 60 * DAY)

let database: Database
let seeded: Awaited<ReturnType<typeof seedClinic>>
let seedMs = 0
beforeAll(async () => {
  database = await createTestDatabase()
  const campaign = demoCampaigns.find((c) => c.code === CLINIC_CAMPAIGN)!
  await database.db.insert(campaigns).values({ code: campaign.code, name: campaign.name, client: campaign.client })
  const started = performance.now()
  seeded = await seedClinic(database.db, NOW)
  seedMs = performance.now() - started
}, 120_000)
afterAll(() => database.close())

const db = () => database.db

async function counts() {
  const tables = {
    sites: clinicSites,
    practitioners,
    patients,
    appointments,
    events: appointmentEvents,
    encounters,
    notes: clinicalNotes,
    problems: patientProblems,
    medications: patientMedications,
    allergies: patientAllergies,
    waitlist: waitlistEntries,
  }
  const out: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) out[name] = (await db().select({ n: count() }).from(table))[0]!.n
  return out
}

/** Appointments per London-local day, for the statuses given. */
async function perLondonDay(from: Date, to: Date, statuses?: string[]) {
  const day = sql<string>`to_char(${appointments.startAt} at time zone 'Europe/London', 'YYYY-MM-DD')`
  const rows = await db()
    .select({ day, n: count() })
    .from(appointments)
    .where(
      and(
        gte(appointments.startAt, from),
        lt(appointments.startAt, to),
        statuses ? inArray(appointments.status, statuses as never) : undefined,
      ),
    )
    .groupBy(day)
  return new Map(rows.map((r) => [r.day, r.n]))
}

function weekdaysBetween(from: Date, to: Date) {
  const days: string[] = []
  for (let t = from.getTime(); t < to.getTime(); t += DAY) {
    const d = new Date(t)
    if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) days.push(d.toISOString().slice(0, 10))
  }
  return days
}

/** Pairs of slot-holding appointments that overlap: a practitioner's held time, or a patient's visits. */
async function overlaps() {
  const { rows } = (await db().execute(sql`
    select
      (select count(*) from appointments a join appointments b on a.id < b.id and a.practitioner_id = b.practitioner_id
        and tstzrange(a.start_at, a.blocked_until) && tstzrange(b.start_at, b.blocked_until)
        where a.status in ('proposed','pending','booked','arrived','checked-in','fulfilled')
          and b.status in ('proposed','pending','booked','arrived','checked-in','fulfilled'))::int as practitioner,
      (select count(*) from appointments a join appointments b on a.id < b.id and a.patient_id = b.patient_id
        and tstzrange(a.start_at, a.end_at) && tstzrange(b.start_at, b.end_at)
        where a.status in ('proposed','pending','booked','arrived','checked-in','fulfilled')
          and b.status in ('proposed','pending','booked','arrived','checked-in','fulfilled'))::int as patient
  `)) as unknown as { rows: { practitioner: number; patient: number }[] }
  return rows[0]
}

describe('seedClinic', () => {
  it('seeds 3 sites in two zones for the Contoso campaign, 12 practitioners and 200 patients, quickly', async () => {
    expect(seedMs).toBeLessThan(20_000)
    expect(seeded).toMatchObject({ sites: 3, practitioners: 12, patients: 200 })
    const sites = await db().select().from(clinicSites)
    expect(sites).toHaveLength(3)
    expect(new Set(sites.map((s) => s.timeZone)).size).toBeGreaterThanOrEqual(2)
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.code, CLINIC_CAMPAIGN))
    expect(sites.every((s) => s.campaignId === campaign!.id)).toBe(true)
    const c = await counts()
    expect(c).toMatchObject({ practitioners: 12, patients: 200, waitlist: 12 })
    expect(c.problems).toBeGreaterThan(100)
    expect(c.medications).toBeGreaterThan(100)
    expect(c.allergies).toBeGreaterThan(20)
  })

  it('books every weekday of the six weeks around now, with a realistic mix of statuses', async () => {
    const from = new Date(NOW.getTime() - 21 * DAY)
    const to = new Date(NOW.getTime() + 21 * DAY)
    const byDay = await perLondonDay(from, to)
    for (const day of weekdaysBetween(from, to)) expect(byDay.get(day) ?? 0, day).toBeGreaterThan(20)
    const mix = async (where: ReturnType<typeof and>) => {
      const rows = await db()
        .select({ status: appointments.status, n: count() })
        .from(appointments)
        .where(where)
        .groupBy(appointments.status)
      const total = rows.reduce((s, r) => s + r.n, 0)
      return Object.fromEntries(rows.map((r) => [r.status, r.n / total]))
    }
    const past = await mix(lt(appointments.startAt, new Date(NOW.getTime() - DAY)))
    expect(past.fulfilled).toBeGreaterThan(0.7)
    expect(past.fulfilled).toBeLessThan(0.9)
    expect(past.noshow).toBeGreaterThan(0.03)
    expect(past.noshow).toBeLessThan(0.12)
    expect(past.cancelled).toBeGreaterThan(0.05)
    expect(past.cancelled).toBeLessThan(0.15)
    expect(past['entered-in-error']).toBeGreaterThan(0)
    expect(past.booked).toBeUndefined()
    const future = await mix(gte(appointments.startAt, new Date(NOW.getTime() + DAY)))
    expect(future.booked).toBeGreaterThan(0.7)
    expect(future.pending).toBeGreaterThan(0.03)
    expect(future.cancelled).toBeGreaterThan(0.03)
    expect(future.fulfilled).toBeUndefined()
    // today in London: the morning seen, patients waiting and in the room now, the afternoon booked
    const today = await mix(
      and(
        gte(appointments.startAt, new Date('2026-03-18T00:00:00Z')),
        lt(appointments.startAt, new Date('2026-03-18T18:00:00Z')),
        inArray(
          appointments.siteId,
          db().select({ id: clinicSites.id }).from(clinicSites).where(eq(clinicSites.timeZone, 'Europe/London')),
        ),
      ),
    )
    for (const status of ['fulfilled', 'booked'] as const) expect(today[status], status).toBeGreaterThan(0)
    expect((today.arrived ?? 0) + (today['checked-in'] ?? 0)).toBeGreaterThan(0)
    // the product flags patients with two or more no-shows
    const flagged = await db()
      .select({ patientId: appointments.patientId })
      .from(appointments)
      .where(eq(appointments.status, 'noshow'))
      .groupBy(appointments.patientId)
      .having(sql`count(*) >= 2`)
    expect(flagged.length).toBeGreaterThanOrEqual(3)
  })

  it('gives every fulfilled visit a finished encounter, most of them a note of distinct sentences', async () => {
    const visits = await db()
      .select({ encounter: encounters, noteText: clinicalNotes.text })
      .from(appointments)
      .leftJoin(encounters, eq(encounters.appointmentId, appointments.id))
      .leftJoin(clinicalNotes, eq(clinicalNotes.encounterId, encounters.id))
      .where(eq(appointments.status, 'fulfilled'))
    expect(visits.length).toBeGreaterThan(1000)
    expect(
      visits.every((v) => v.encounter?.status === 'finished' && v.encounter.startedAt! < v.encounter.endedAt!),
    ).toBe(true)
    const noted = visits.filter((v) => v.noteText)
    expect(noted.length / visits.length).toBeGreaterThan(0.75)
    for (const v of noted) {
      const sentences = v.noteText!.split(/(?<=[.!?])\s+/)
      expect(new Set(sentences).size).toBe(sentences.length)
    }
    const notes = await db().select({ writtenAt: clinicalNotes.writtenAt }).from(clinicalNotes)
    expect(notes.every((n) => n.writtenAt <= NOW)).toBe(true)
  })

  it('never double-books: the direct check finds no overlap and the constraints refuse one', async () => {
    expect(await overlaps()).toEqual({ practitioner: 0, patient: 0 })
    const [taken] = await db().select().from(appointments).where(eq(appointments.status, 'booked')).limit(1)
    const { id: _id, ...copy } = taken!
    const [other] = await db()
      .select({ id: patients.id })
      .from(patients)
      .where(sql`${patients.id} <> ${taken!.patientId}`)
      .limit(1)
    const error = await db()
      .insert(appointments)
      .values({ ...copy, patientId: other!.id })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect(constraintViolated(error, '23P01')).toBe('appointments_practitioner_no_overlap')
  })

  it('adds nothing on a second run', async () => {
    const before = await counts()
    expect(await seedClinic(db(), NOW)).toEqual({
      sites: 0,
      practitioners: 0,
      patients: 0,
      appointments: 0,
      encounters: 0,
      notes: 0,
      waitlist: 0,
    })
    expect(await counts()).toEqual(before)
  })
})

describe('topUpClinic', () => {
  it('run on the seeding day closes nothing, and a second run adds nothing', async () => {
    const first = await topUpClinic(db(), NOW)
    expect(first.closed).toBe(0)
    const before = await counts()
    expect(await topUpClinic(db(), NOW)).toEqual({ closed: 0, booked: 0 })
    expect(await counts()).toEqual(before)
  })

  it('sixty days on, closes the past and books the next three weeks, once', async () => {
    const result = await topUpClinic(db(), LATER)
    expect(result.closed).toBeGreaterThan(1000)
    expect(result.booked).toBeGreaterThan(1000)
    const [open] = await db()
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          inArray(appointments.status, ['booked', 'pending', 'arrived', 'checked-in']),
          lt(appointments.startAt, new Date(LATER.getTime() - DAY)),
        ),
      )
    expect(open!.n).toBe(0)
    const ahead = await perLondonDay(LATER, new Date(LATER.getTime() + 21 * DAY), ['booked', 'pending'])
    for (const day of weekdaysBetween(new Date(LATER.getTime() + DAY), new Date(LATER.getTime() + 21 * DAY)))
      expect(ahead.get(day) ?? 0, day).toBeGreaterThan(20)
    expect(await overlaps()).toEqual({ practitioner: 0, patient: 0 })
    // the closed visits have their encounters, and some their notes
    const [missing] = await db()
      .select({ n: count() })
      .from(appointments)
      .leftJoin(encounters, eq(encounters.appointmentId, appointments.id))
      .where(and(eq(appointments.status, 'fulfilled'), sql`${encounters.id} is null`))
    expect(missing!.n).toBe(0)

    const before = await counts()
    expect(await topUpClinic(db(), LATER)).toEqual({ closed: 0, booked: 0 })
    expect(await counts()).toEqual(before)
  })
})
