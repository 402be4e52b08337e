import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { AppointmentStatus, ReshubKpi } from '#contract/reshub'
import type { Db } from '../../../db/client'
import { DAY_MS } from '../../../db/sql'
import { appointments, clinicSites, patients, practitioners } from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { localDate } from '../free-slots'
import { practitionerName } from './catalogue'
import { noShowsOf, patientColumns, patientOut } from './patient'

/** Visits that happened or should have: what a no-show rate is counted over. */
const ATTENDED_OR_NOT: AppointmentStatus[] = ['arrived', 'checked-in', 'fulfilled', 'noshow']
const rateOf = (appointments: number, noShows: number) => ({
  appointments,
  no_shows: noShows,
  rate: appointments ? Math.round((noShows / appointments) * 1000) / 1000 : 0,
})

/**
 * The day's counts at a site (or every site) by status, in the site's zone, and no-show rates over
 * the last `days` days per practitioner, per weekday (site-local) and per patient.
 */
export async function reshubKpi(
  db: Db,
  q: { site_id?: number; date?: string; days: number },
  now: Date,
): Promise<ReshubKpi> {
  const [site] = await db
    .select()
    .from(clinicSites)
    .where(q.site_id ? eq(clinicSites.id, q.site_id) : undefined)
    .orderBy(asc(clinicSites.id))
    .limit(1)
  if (q.site_id && !site) throw new HttpError(404, 'No such site', { site_id: ['No such site'] })
  const zone = site?.timeZone ?? 'UTC'
  const date = q.date ?? localDate(now, zone)
  const bySite = q.site_id ? eq(appointments.siteId, q.site_id) : undefined
  const localDay = sql`(${appointments.startAt} at time zone ${clinicSites.timeZone})::date`
  const today = await db
    .select({ status: appointments.status, n: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
    .where(and(bySite, sql`${localDay} = ${date}::date`))
    .groupBy(appointments.status)
  const window = and(
    bySite,
    inArray(appointments.status, ATTENDED_OR_NOT),
    gte(appointments.startAt, new Date(now.getTime() - q.days * DAY_MS)),
    lt(appointments.startAt, now),
  )
  const noShow = sql<number>`count(*) filter (where ${appointments.status} = 'noshow')::int`
  const total = sql<number>`count(*)::int`
  const weekday = sql<number>`extract(dow from ${appointments.startAt} at time zone ${clinicSites.timeZone})::int`
  const [overall, perPractitioner, perWeekday, perPatient] = await Promise.all([
    db.select({ total, noShow }).from(appointments).where(window),
    db
      .select({ p: practitioners, total, noShow })
      .from(appointments)
      .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
      .where(window)
      .groupBy(practitioners.id)
      .orderBy(asc(practitioners.familyName)),
    db
      .select({ weekday, total, noShow })
      .from(appointments)
      .innerJoin(clinicSites, eq(clinicSites.id, appointments.siteId))
      .where(window)
      .groupBy(weekday)
      .orderBy(weekday),
    db
      .select({
        patient: patientColumns,
        allNoShows: noShowsOf(patients.id),
        total,
        noShow,
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(window)
      .groupBy(patients.id)
      .having(sql`count(*) filter (where ${appointments.status} = 'noshow') > 0`)
      .orderBy(sql`count(*) filter (where ${appointments.status} = 'noshow') desc`, asc(patients.familyName))
      .limit(10),
  ])
  return {
    date,
    time_zone: zone,
    today: Object.fromEntries(today.map((r) => [r.status, r.n])),
    no_show_rate: rateOf(overall[0]?.total ?? 0, overall[0]?.noShow ?? 0).rate,
    by_practitioner: perPractitioner.map((r) => ({
      practitioner: { id: r.p.id, name: practitionerName(r.p) },
      ...rateOf(r.total, r.noShow),
    })),
    by_weekday: perWeekday.map((r) => ({ weekday: r.weekday, ...rateOf(r.total, r.noShow) })),
    by_patient: perPatient.map((r) => ({
      patient: patientOut(r.patient, Number(r.allNoShows)),
      ...rateOf(r.total, r.noShow),
    })),
  }
}
