import { and, between, eq, gte, inArray, lt } from 'drizzle-orm'
import { slotHoldingStatuses, type Slot } from '#contract/reshub'
import { DAY_MS, type Conn } from '../../../db/sql'
import {
  appointments,
  availabilityExceptions,
  availabilityRules,
  practitionerVisitTypes,
  practitioners,
  visitTypes,
} from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { freeSlots, type AvailabilityException, type Busy, type WeeklyRule } from '../free-slots'
import { practitionerOr404, sitesById, type VisitTypeRow } from './catalogue'

export const NO_SUCH_SERVICE = 'No such visit type'

/** An active visit type, or 404. */
export async function visitTypeOr404(db: Conn, id: number): Promise<VisitTypeRow> {
  const [row] = await db
    .select()
    .from(visitTypes)
    .where(and(eq(visitTypes.id, id), eq(visitTypes.isActive, true)))
  if (!row) throw new HttpError(404, NO_SUCH_SERVICE, { service_id: [NO_SUCH_SERVICE] })
  return row
}

/** The active practitioners who offer a visit type (one of them, if asked). */
async function offering(db: Conn, visitTypeId: number, practitionerId?: number) {
  const rows = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .innerJoin(practitionerVisitTypes, eq(practitionerVisitTypes.practitionerId, practitioners.id))
    .where(
      and(
        eq(practitioners.isActive, true),
        eq(practitionerVisitTypes.visitTypeId, visitTypeId),
        practitionerId ? eq(practitioners.id, practitionerId) : undefined,
      ),
    )
  return rows.map((r) => r.id)
}

export type SlotRequest = {
  service: VisitTypeRow
  practitionerIds: number[]
  siteId?: number
  /** Site-local days, inclusive. */
  from: string
  to: string
  now: Date
  /** An appointment being moved: its own time is not busy. */
  ignoreAppointmentId?: number
}

/**
 * Free slots for each practitioner at each site they work at (or the one asked for), computed from
 * their weekly hours, exceptions and the appointments that hold their time, in each site's zone.
 */
export async function computeSlots(db: Conn, req: SlotRequest): Promise<Slot[]> {
  const ids = req.practitionerIds
  if (!ids.length) return []
  // the widest UTC window any site's local days can cover: a day either side
  const lo = new Date(Date.parse(`${req.from}T00:00:00Z`) - DAY_MS)
  const hi = new Date(Date.parse(`${req.to}T00:00:00Z`) + 2 * DAY_MS)
  const [rules, exceptions, taken] = await Promise.all([
    db.select().from(availabilityRules).where(inArray(availabilityRules.practitionerId, ids)),
    db
      .select()
      .from(availabilityExceptions)
      .where(
        and(
          inArray(availabilityExceptions.practitionerId, ids),
          // the engine reads an exception only on its own site-local date
          between(availabilityExceptions.date, req.from, req.to),
        ),
      ),
    db
      .select({
        id: appointments.id,
        practitionerId: appointments.practitionerId,
        start: appointments.startAt,
        end: appointments.blockedUntil,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.practitionerId, ids),
          inArray(appointments.status, [...slotHoldingStatuses]),
          lt(appointments.startAt, hi),
          gte(appointments.blockedUntil, lo),
        ),
      ),
  ])
  const siteIds = [...new Set(rules.map((r) => r.siteId))].filter((id) => !req.siteId || id === req.siteId)
  const sites = await sitesById(db, siteIds)
  const slots: Slot[] = []
  for (const practitionerId of ids) {
    const busy: Busy[] = taken
      .filter((a) => a.practitionerId === practitionerId && a.id !== req.ignoreAppointmentId)
      .map((a) => ({ start: a.start, end: a.end }))
    const theirExceptions: AvailabilityException[] = exceptions
      .filter((e) => e.practitionerId === practitionerId)
      .map((e) => ({ siteId: e.siteId, date: e.date, start: e.startTime, end: e.endTime, available: e.available }))
    const theirRules = rules.filter((r) => r.practitionerId === practitionerId)
    const theirSites = new Set([
      ...theirRules.map((r) => r.siteId),
      ...theirExceptions.flatMap((e) => (e.available && e.siteId ? [e.siteId] : [])),
    ])
    for (const siteId of theirSites) {
      const site = sites.get(siteId)
      if (!site) continue
      const weekly: WeeklyRule[] = theirRules
        .filter((r) => r.siteId === siteId)
        .map((r) => ({
          siteId,
          weekday: r.weekday,
          start: r.startTime,
          end: r.endTime,
          validFrom: r.validFrom,
          validTo: r.validTo,
        }))
      for (const s of freeSlots({
        zone: site.timeZone,
        siteId,
        rules: weekly,
        exceptions: theirExceptions,
        busy,
        service: {
          durationMinutes: req.service.durationMinutes,
          bufferMinutes: req.service.bufferMinutes,
          minNoticeMinutes: req.service.minNoticeMinutes,
        },
        from: req.from,
        to: req.to,
        now: req.now,
      })) {
        slots.push({
          start: s.start.toISOString(),
          end: s.end.toISOString(),
          practitioner_id: practitionerId,
          site_id: siteId,
          time_zone: site.timeZone,
        })
      }
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.practitioner_id - b.practitioner_id)
}

/** GET slots/: 404 for an unknown visit type or practitioner; a practitioner who does not offer it has no slots. */
export async function findSlots(
  db: Conn,
  q: { service_id: number; practitioner_id?: number; site_id?: number; date_from: string; date_to: string },
  now: Date,
) {
  const service = await visitTypeOr404(db, q.service_id)
  if (q.practitioner_id) await practitionerOr404(db, q.practitioner_id)
  const practitionerIds = await offering(db, service.id, q.practitioner_id)
  const slots = await computeSlots(db, {
    service,
    practitionerIds,
    siteId: q.site_id,
    from: q.date_from,
    to: q.date_to,
    now,
  })
  return { service_id: service.id, slots }
}

/** Whether a practitioner offers a visit type. */
export async function offers(db: Conn, practitionerId: number, visitTypeId: number) {
  return (await offering(db, visitTypeId, practitionerId)).length > 0
}
