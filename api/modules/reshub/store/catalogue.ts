import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Practitioner, Service, Site } from '#contract/reshub'
import type { Db } from '../../../db/client'
import type { Conn } from '../../../db/sql'
import { HttpError } from '../../../lib/http-error'
import { availabilityRules, clinicSites, practitioners, practitionerVisitTypes, visitTypes } from '../../../db/schema'

/** "Dr Aisha Khan": how the schedule names a practitioner. */
export const practitionerName = (p: { prefix: string; givenName: string; familyName: string }) =>
  [p.prefix, p.givenName, p.familyName].filter(Boolean).join(' ')

export type SiteRow = typeof clinicSites.$inferSelect
export type VisitTypeRow = typeof visitTypes.$inferSelect

export const siteOut = (s: SiteRow): Site => ({
  id: s.id,
  code: s.code,
  name: s.name,
  address: s.address,
  phone: s.phone,
  time_zone: s.timeZone,
})

export const serviceOut = (v: VisitTypeRow): Service => ({
  id: v.id,
  code: v.code,
  name: v.name,
  duration_minutes: v.durationMinutes,
  buffer_minutes: v.bufferMinutes,
  min_notice_minutes: v.minNoticeMinutes,
})

export async function listSites(db: Db) {
  return (await db.select().from(clinicSites).orderBy(asc(clinicSites.name))).map(siteOut)
}

export async function sitesById(db: Conn, ids?: number[]) {
  const rows = await db
    .select()
    .from(clinicSites)
    .where(ids ? inArray(clinicSites.id, ids.length ? ids : [0]) : undefined)
  return new Map(rows.map((s) => [s.id, s]))
}

/** Active practitioners with their sites (where they have weekly hours) and visit types, filtered by either. */
export async function listPractitioners(db: Db, filter: { site_id?: number; service_id?: number } = {}) {
  const rows = await db
    .select()
    .from(practitioners)
    .where(eq(practitioners.isActive, true))
    .orderBy(asc(practitioners.familyName), asc(practitioners.givenName))
  const ids = rows.map((p) => p.id)
  if (!ids.length) return []
  const [ruleSites, offered] = await Promise.all([
    db
      .selectDistinct({ practitionerId: availabilityRules.practitionerId, siteId: availabilityRules.siteId })
      .from(availabilityRules)
      .where(inArray(availabilityRules.practitionerId, ids)),
    db.select().from(practitionerVisitTypes).where(inArray(practitionerVisitTypes.practitionerId, ids)),
  ])
  const sitesOf = groupIds(
    ruleSites,
    (r) => r.practitionerId,
    (r) => r.siteId,
  )
  const servicesOf = groupIds(
    offered,
    (r) => r.practitionerId,
    (r) => r.visitTypeId,
  )
  return rows
    .map((p): Practitioner => ({
      id: p.id,
      name: practitionerName(p),
      prefix: p.prefix,
      given_name: p.givenName,
      family_name: p.familyName,
      specialty: p.specialty,
      site_ids: sitesOf.get(p.id) ?? [],
      service_ids: servicesOf.get(p.id) ?? [],
    }))
    .filter(
      (p) =>
        (!filter.site_id || p.site_ids.includes(filter.site_id)) &&
        (!filter.service_id || p.service_ids.includes(filter.service_id)),
    )
}

export async function listServices(db: Db, filter: { practitioner_id?: number } = {}) {
  const where: SQL | undefined = filter.practitioner_id
    ? and(eq(visitTypes.isActive, true), eq(practitionerVisitTypes.practitionerId, filter.practitioner_id))
    : eq(visitTypes.isActive, true)
  const rows = filter.practitioner_id
    ? (
        await db
          .select({ v: visitTypes })
          .from(visitTypes)
          .innerJoin(practitionerVisitTypes, eq(practitionerVisitTypes.visitTypeId, visitTypes.id))
          .where(where)
          .orderBy(asc(visitTypes.name))
      ).map((r) => r.v)
    : await db.select().from(visitTypes).where(where).orderBy(asc(visitTypes.name))
  return rows.map(serviceOut)
}

function groupIds<R>(rows: R[], key: (r: R) => number, value: (r: R) => number) {
  const map = new Map<number, number[]>()
  for (const r of rows)
    map.set(
      key(r),
      [...(map.get(key(r)) ?? []), value(r)].sort((a, b) => a - b),
    )
  return map
}

/** An active practitioner as the wire names them, or 404. */
export async function practitionerOr404(db: Conn, id: number) {
  const [p] = await db
    .select()
    .from(practitioners)
    .where(and(eq(practitioners.id, id), eq(practitioners.isActive, true)))
  if (!p) throw new HttpError(404, 'No such practitioner', { practitioner_id: ['No such practitioner'] })
  return { ...p, name: practitionerName(p) }
}

/** A clinic site, or 404 naming the field. */
export async function siteOr404(db: Conn, id: number) {
  const [site] = await db.select().from(clinicSites).where(eq(clinicSites.id, id))
  if (!site) throw new HttpError(404, 'No such site', { site_id: ['No such site'] })
  return site
}
