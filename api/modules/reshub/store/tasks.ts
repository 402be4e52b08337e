import { and, asc, count, eq, gt, inArray, lte, or, sql } from 'drizzle-orm'
import type { CallTask, CallTaskKind, CallTaskStatus } from '#contract/reshub'
import { appointmentRule, type Actor } from '../../../auth/access'
import type { Db } from '../../../db/client'
import { fullName } from '../../../db/sql'
import { appointments, callTasks, clinicSites, patients, practitioners, users, visitTypes } from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'
import { offsetOf, pageOf } from '../../../lib/paging'
import { practitionerName } from './catalogue'
import { noShowsOf, patientColumns, patientOut } from './patient'

type SlotRef = { practitionerId: number; siteId: number; visitTypeId: number; start: string }

/** The practitioners, sites and visit types that slots name, read once for a page of tasks. */
async function slotNames(db: Db, refs: SlotRef[]) {
  const ids = (pick: (r: SlotRef) => number) => [...new Set(refs.map(pick))]
  if (!refs.length) return () => null
  const [people, sites, services] = await Promise.all([
    db
      .select()
      .from(practitioners)
      .where(
        inArray(
          practitioners.id,
          ids((r) => r.practitionerId),
        ),
      ),
    db
      .select()
      .from(clinicSites)
      .where(
        inArray(
          clinicSites.id,
          ids((r) => r.siteId),
        ),
      ),
    db
      .select()
      .from(visitTypes)
      .where(
        inArray(
          visitTypes.id,
          ids((r) => r.visitTypeId),
        ),
      ),
  ])
  return (o: SlotRef): CallTask['offer'] => {
    const p = people.find((x) => x.id === o.practitionerId)
    const s = sites.find((x) => x.id === o.siteId)
    const v = services.find((x) => x.id === o.visitTypeId)
    if (!p || !s || !v) return null
    return {
      start: o.start,
      time_zone: s.timeZone,
      practitioner: { id: p.id, name: practitionerName(p) },
      site: { id: s.id, name: s.name },
      service: { id: v.id, name: v.name },
    }
  }
}

/** The calls the contact centre owes patients (confirmations, waitlist offers), soonest due first; of one site if asked. */
export async function listTasks(
  db: Db,
  q: { page: number; page_size: number; status: CallTaskStatus; kind?: CallTaskKind; site_id?: number },
) {
  const where = and(
    eq(callTasks.status, q.status),
    q.kind ? eq(callTasks.kind, q.kind) : undefined,
    q.site_id
      ? or(eq(appointments.siteId, q.site_id), sql`(${callTasks.offer}->>'siteId')::int = ${q.site_id}`)
      : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        t: callTasks,
        patient: patientColumns,
        noShows: noShowsOf(patients.id),
        doneBy: fullName(users),
        a: {
          practitionerId: appointments.practitionerId,
          siteId: appointments.siteId,
          visitTypeId: appointments.visitTypeId,
          start: appointments.startAt,
        },
      })
      .from(callTasks)
      .innerJoin(patients, eq(patients.id, callTasks.patientId))
      .leftJoin(appointments, eq(appointments.id, callTasks.appointmentId))
      .leftJoin(users, eq(users.id, callTasks.doneBy))
      .where(where)
      .orderBy(asc(callTasks.dueAt), asc(callTasks.id))
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db
      .select({ n: count() })
      .from(callTasks)
      .leftJoin(appointments, eq(appointments.id, callTasks.appointmentId))
      .where(where),
  ])
  // a confirmation names its appointment's slot; an offer, the slot as it was when it freed
  const appointmentRef = (r: (typeof rows)[number]): SlotRef | null =>
    r.a?.start && r.a.practitionerId && r.a.siteId && r.a.visitTypeId
      ? {
          practitionerId: r.a.practitionerId,
          siteId: r.a.siteId,
          visitTypeId: r.a.visitTypeId,
          start: new Date(r.a.start).toISOString(),
        }
      : null
  const named = await slotNames(
    db,
    rows.flatMap((r) => [r.t.offer, appointmentRef(r)].filter((x): x is SlotRef => x !== null)),
  )
  return pageOf(
    rows.map((r): CallTask => {
      const ref = appointmentRef(r)
      return {
        id: r.t.id,
        kind: r.t.kind,
        status: r.t.status,
        patient: patientOut(r.patient, Number(r.noShows)),
        appointment_id: r.t.appointmentId,
        appointment: ref ? named(ref) : null,
        offer: r.t.offer ? named(r.t.offer) : null,
        due_at: r.t.dueAt.toISOString(),
        outcome: r.t.outcome,
        done_by: r.t.doneBy ? r.doneBy : null,
        done_at: r.t.doneAt ? r.t.doneAt.toISOString() : null,
      }
    }),
    total?.n ?? 0,
    q.page,
    q.page_size,
  )
}

/** Closes a call task (done, with what came of it, or cancelled). */
export async function closeTask(
  db: Db,
  actor: Actor,
  body: { task_id: number; status: 'done' | 'cancelled'; outcome?: string },
  now: Date,
) {
  if (!appointmentRule.canBook(actor))
    throw new HttpError(403, 'Only agents, QA supervisors and admins work the call tasks')
  const [task] = await db.select().from(callTasks).where(eq(callTasks.id, body.task_id))
  if (!task) throw new HttpError(404, 'No such call task')
  if (task.status !== 'open') throw new HttpError(409, 'This call task is already closed')
  await db
    .update(callTasks)
    .set({ status: body.status, outcome: body.outcome ?? null, doneBy: actor.id, doneAt: now })
    .where(eq(callTasks.id, task.id))
  return task.id
}

/** Confirmation calls are asked for this many hours ahead of an appointment. */
export const CONFIRM_HOURS_AHEAD = 48

/**
 * Creates a confirmation call task for every booked or pending appointment starting within the
 * next `hours` that has none yet (one per appointment: a unique index makes a second run add
 * nothing). Due `hours` before the appointment, or now when it is booked closer than that.
 */
export async function createConfirmationTasks(db: Db, now: Date, hours = CONFIRM_HOURS_AHEAD) {
  const until = new Date(now.getTime() + hours * 3_600_000)
  const due = sql`greatest(${appointments.startAt} - make_interval(hours => ${hours}), ${now.toISOString()}::timestamptz)`
  const rows = await db
    .select({ appointmentId: appointments.id, patientId: appointments.patientId, dueAt: sql<string>`${due}` })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['booked', 'pending']),
        gt(appointments.startAt, now),
        lte(appointments.startAt, until),
        sql`not exists (select 1 from ${callTasks} ct where ct.appointment_id = ${appointments.id} and ct.kind = 'confirmation')`,
      ),
    )
  if (!rows.length) return 0
  const inserted = await db
    .insert(callTasks)
    .values(
      rows.map((r) => ({
        kind: 'confirmation' as const,
        patientId: r.patientId,
        appointmentId: r.appointmentId,
        dueAt: new Date(r.dueAt),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: callTasks.id })
  return inserted.length
}
