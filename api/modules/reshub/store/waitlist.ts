import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm'
import type { WaitlistBody, WaitlistEntry, WaitlistStatus } from '#contract/reshub'
import { appointmentRule, type Actor } from '../../../auth/access'
import type { Db } from '../../../db/client'
import type { Conn } from '../../../db/sql'
import { callTasks, clinicSites, patients, practitioners, visitTypes, waitlistEntries } from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { offsetOf, pageOf } from '../../../lib/paging'
import { visitTypeOr404 } from './availability'
import { practitionerName, practitionerOr404, siteOr404 } from './catalogue'
import { noShowsOf, patientColumns, patientOr404, patientOut } from './patient'

export type FreedSlot = { practitionerId: number; siteId: number; visitTypeId: number; start: Date }

/**
 * Offers a freed slot to the patient who has waited longest for that visit type (with that
 * practitioner or site, if they asked for one): their entry becomes `offered` and a call task asks
 * the contact centre to ring them now. Returns the task's id, or null when nobody waits.
 */
export async function offerToWaitlist(tx: Conn, slot: FreedSlot, now: Date): Promise<number | null> {
  const [entry] = await tx
    .select({ id: waitlistEntries.id, patientId: waitlistEntries.patientId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'waiting'),
        eq(waitlistEntries.visitTypeId, slot.visitTypeId),
        or(isNull(waitlistEntries.practitionerId), eq(waitlistEntries.practitionerId, slot.practitionerId)),
        or(isNull(waitlistEntries.siteId), eq(waitlistEntries.siteId, slot.siteId)),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1)
    .for('update', { skipLocked: true })
  if (!entry) return null
  await tx.update(waitlistEntries).set({ status: 'offered' }).where(eq(waitlistEntries.id, entry.id))
  const [task] = await tx
    .insert(callTasks)
    .values({
      kind: 'waitlist_offer',
      patientId: entry.patientId,
      waitlistEntryId: entry.id,
      offer: { ...slot, start: slot.start.toISOString() },
      dueAt: now,
    })
    .returning({ id: callTasks.id })
  return task!.id
}

/** Who waits for which visit type, longest first. */
export async function listWaitlist(
  db: Db,
  q: { page: number; page_size: number; service_id?: number; status?: WaitlistStatus },
) {
  const where = and(
    q.service_id ? eq(waitlistEntries.visitTypeId, q.service_id) : undefined,
    eq(waitlistEntries.status, q.status ?? 'waiting'),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        e: waitlistEntries,
        patient: patientColumns,
        noShows: noShowsOf(patients.id),
        service: visitTypes.name,
        practitioner: practitioners,
        site: clinicSites.name,
      })
      .from(waitlistEntries)
      .innerJoin(patients, eq(patients.id, waitlistEntries.patientId))
      .innerJoin(visitTypes, eq(visitTypes.id, waitlistEntries.visitTypeId))
      .leftJoin(practitioners, eq(practitioners.id, waitlistEntries.practitionerId))
      .leftJoin(clinicSites, eq(clinicSites.id, waitlistEntries.siteId))
      .where(where)
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db.select({ n: count() }).from(waitlistEntries).where(where),
  ])
  return pageOf(
    rows.map((r): WaitlistEntry => ({
      id: r.e.id,
      status: r.e.status,
      patient: patientOut(r.patient, Number(r.noShows)),
      service: { id: r.e.visitTypeId, name: r.service },
      practitioner: r.practitioner ? { id: r.practitioner.id, name: practitionerName(r.practitioner) } : null,
      site: r.e.siteId && r.site ? { id: r.e.siteId, name: r.site } : null,
      note: r.e.note,
      created_at: r.e.createdAt.toISOString(),
    })),
    total?.n ?? 0,
    q.page,
    q.page_size,
  )
}

/** Puts a patient on the waitlist for a visit type (once: a second entry while waiting is a 409). */
export async function addToWaitlist(db: Db, actor: Actor, body: WaitlistBody) {
  if (!appointmentRule.canBook(actor))
    throw new HttpError(403, 'Only agents, QA supervisors and admins keep the waitlist')
  await patientOr404(db, body.patient_id)
  await visitTypeOr404(db, body.service_id)
  if (body.practitioner_id) await practitionerOr404(db, body.practitioner_id)
  if (body.site_id) await siteOr404(db, body.site_id)
  const [already] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.patientId, body.patient_id),
        eq(waitlistEntries.visitTypeId, body.service_id),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
  if (already) throw new HttpError(409, 'The patient is already on the waitlist for this visit type')
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      patientId: body.patient_id,
      visitTypeId: body.service_id,
      practitionerId: body.practitioner_id ?? null,
      siteId: body.site_id ?? null,
      note: body.note ?? '',
      addedBy: actor.id,
    })
    .returning({ id: waitlistEntries.id })
  return row!.id
}
