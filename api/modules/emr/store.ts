import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { NotesSummary, PatientRecord, PatientSearchQuery, PatientSummary } from '#contract/emr'
import { patientRecordRule, type Actor } from '../../auth/access'
import type { Db } from '../../db/client'
import { fullName } from '../../db/sql'
import {
  clinicalNotes,
  clinicSites,
  encounters,
  patientAccessLog,
  patientAllergies,
  patientMedications,
  patientProblems,
  patients,
  practitioners,
  users,
} from '../../db/schema'
import type { Llm } from '../../engines/llm/client'
import { summarizeNotes } from '../../engines/summarize/notes'
import { HttpError } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'
import { listAppointments } from '../reshub/store/appointments'
import { NO_SHOW_FLAG, noShowsOf } from '../reshub/store/patient'
import { practitionerName } from '../reshub/store/catalogue'

export const NO_SUCH_PATIENT = 'No such patient'
const NOTES_ARE_CLINICAL = 'Clinical notes and their summary are for clinicians'

type PatientRow = typeof patients.$inferSelect

const summaryOut = (p: PatientRow, noShows: number): PatientSummary => ({
  id: p.id,
  mrn: p.mrn,
  name: `${p.givenName} ${p.familyName}`,
  given_name: p.givenName,
  family_name: p.familyName,
  birth_date: p.birthDate,
  gender: p.gender,
  phone: p.phone,
  preferred_language: p.preferredLanguage,
  no_shows: noShows,
  flagged: noShows >= NO_SHOW_FLAG,
})

/**
 * What a search means: a date of birth (2001-07-14 or 14/07/2001), an MRN (CH123456), a phone number
 * (its digits, at least four, compared with the stored number's digits), or words of a name (each
 * word must start the given or the family name).
 */
export function searchCondition(q: string): SQL | undefined {
  const text = q.trim()
  if (!text) return undefined
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const uk = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text)
  const day = iso ? text : uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : null
  if (day) {
    return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? sql`false` : eq(patients.birthDate, day)
  }
  if (/^[a-z]{2}\d{3,}$/i.test(text)) return ilike(patients.mrn, `${text.toUpperCase()}%`)
  const digits = text.replace(/[\s()+.-]/g, '')
  if (/^\d{4,}$/.test(digits)) {
    const national = digits.replace(/^(44|1)(?=\d{10}$)/, '').replace(/^0/, '')
    return sql`regexp_replace(${patients.phone}, '\\D', '', 'g') like ${likePattern(national)}`
  }
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5)
  return and(
    ...words.map((w) => {
      const prefix = `${likePattern(w).slice(1)}`
      return or(ilike(patients.givenName, prefix), ilike(patients.familyName, prefix))
    }),
  )
}

export async function searchPatients(db: Db, q: PatientSearchQuery) {
  const where = searchCondition(q.q)
  const [rows, [total]] = await Promise.all([
    db
      .select({ p: patients, noShows: noShowsOf(patients.id) })
      .from(patients)
      .where(where)
      .orderBy(asc(patients.familyName), asc(patients.givenName), asc(patients.id))
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db.select({ n: count() }).from(patients).where(where),
  ])
  return pageOf(
    rows.map((r) => summaryOut(r.p, Number(r.noShows))),
    total?.n ?? 0,
    q.page,
    q.page_size,
  )
}

async function patientOr404(db: Db, id: number) {
  const [row] = await db
    .select({ p: patients, noShows: noShowsOf(patients.id) })
    .from(patients)
    .where(eq(patients.id, id))
  if (!row) throw new HttpError(404, NO_SUCH_PATIENT)
  return row
}

const logAccess = (db: Db, actor: Actor, patientId: number, kind: 'record' | 'summary') =>
  db.insert(patientAccessLog).values({ userId: actor.id, patientId, kind })

const iso = (d: Date | null) => (d ? d.toISOString() : null)

async function notesOf(db: Db, patientId: number) {
  return db
    .select({ n: clinicalNotes, author: practitioners })
    .from(clinicalNotes)
    .leftJoin(practitioners, eq(practitioners.id, clinicalNotes.authorId))
    .where(eq(clinicalNotes.patientId, patientId))
    .orderBy(desc(clinicalNotes.writtenAt), desc(clinicalNotes.id))
}

/** A patient's record as the caller may see it; the opening is logged first, whatever follows. */
export async function patientRecord(db: Db, actor: Actor, id: number, now: Date): Promise<PatientRecord> {
  const { p, noShows } = await patientOr404(db, id)
  await logAccess(db, actor, id, 'record')
  const readsNotes = patientRecordRule.readsNotes(actor)
  const [visits, problems, medications, allergies, encounterRows, notes] = await Promise.all([
    listAppointments(db, { patient_id: id, page: 1, page_size: 100, order: 'desc' }, now),
    db.select().from(patientProblems).where(eq(patientProblems.patientId, id)).orderBy(asc(patientProblems.id)),
    db
      .select()
      .from(patientMedications)
      .where(eq(patientMedications.patientId, id))
      .orderBy(asc(patientMedications.id)),
    db.select().from(patientAllergies).where(eq(patientAllergies.patientId, id)).orderBy(asc(patientAllergies.id)),
    db
      .select({ e: encounters, practitioner: practitioners, site: clinicSites.name })
      .from(encounters)
      .leftJoin(practitioners, eq(practitioners.id, encounters.practitionerId))
      .leftJoin(clinicSites, eq(clinicSites.id, encounters.siteId))
      .where(eq(encounters.patientId, id))
      .orderBy(desc(encounters.startedAt), desc(encounters.id)),
    readsNotes ? notesOf(db, id) : Promise.resolve([]),
  ])
  return {
    ...summaryOut(p, Number(noShows)),
    email: p.email,
    address: p.address,
    appointments: visits.results,
    encounters: encounterRows.map(({ e, practitioner, site }) => ({
      id: e.id,
      appointment_id: e.appointmentId,
      status: e.status,
      reason: e.reason,
      practitioner: practitioner ? practitionerName(practitioner) : null,
      site,
      started_at: iso(e.startedAt),
      ended_at: iso(e.endedAt),
    })),
    problems: problems.map((r) => ({
      id: r.id,
      description: r.description,
      clinical_status: r.clinicalStatus,
      onset_date: r.onsetDate,
    })),
    medications: medications.map((r) => ({
      id: r.id,
      name: r.name,
      dosage: r.dosage,
      status: r.status,
      started_on: r.startedOn,
    })),
    allergies: allergies.map((r) => ({
      id: r.id,
      substance: r.substance,
      reaction: r.reaction,
      criticality: r.criticality,
    })),
    can_read_notes: readsNotes,
    notes: notes.map(({ n, author }) => ({
      id: n.id,
      encounter_id: n.encounterId,
      title: n.title,
      text: n.text,
      author: author ? practitionerName(author) : null,
      written_at: n.writtenAt.toISOString(),
    })),
  }
}

/** The notes' draft summary, every sentence with its note (clinicians and admins; logged). */
export async function patientNotesSummary(
  db: Db,
  actor: Actor,
  id: number,
  options: { llm?: Llm | null; now: Date; engine?: 'extractive' | 'llm'; regenerate?: boolean },
): Promise<NotesSummary> {
  if (!patientRecordRule.readsNotes(actor)) throw new HttpError(403, NOTES_ARE_CLINICAL)
  await patientOr404(db, id)
  await logAccess(db, actor, id, 'summary')
  const notes = await notesOf(db, id)
  const summary = await summarizeNotes(
    notes.map(({ n, author }) => ({
      id: n.id,
      title: n.title,
      text: n.text,
      writtenAt: n.writtenAt,
      author: author ? practitionerName(author) : null,
    })),
    { llm: options.engine === 'llm' ? options.llm : null, now: options.now, fresh: options.regenerate },
  )
  const fallback_reason =
    options.engine === 'llm' && !options.llm
      ? 'no language model is configured (LLM_BASE_URL)'
      : summary.fallback_reason
  const out = (s: { text: string; noteId: number; writtenAt: string }) => ({
    text: s.text,
    note_id: s.noteId,
    written_at: s.writtenAt,
  })
  return {
    patient_id: id,
    draft: true,
    engine: summary.engine,
    llm_available: Boolean(options.llm),
    ...(fallback_reason && { fallback_reason }),
    key_points: summary.keyPoints.map(out),
    more: summary.more.map(out),
    notes_count: notes.length,
    generated_at: options.now.toISOString(),
  }
}

/** Who opened which record, newest first (admins). */
export async function accessLog(db: Db, q: { page: number; page_size: number; patient_id?: number }) {
  const where = q.patient_id ? eq(patientAccessLog.patientId, q.patient_id) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: patientAccessLog.id,
        at: patientAccessLog.at,
        kind: patientAccessLog.kind,
        userId: users.id,
        userName: fullName(users),
        email: users.email,
        role: users.role,
        patient: patients,
      })
      .from(patientAccessLog)
      .innerJoin(patients, eq(patients.id, patientAccessLog.patientId))
      .leftJoin(users, eq(users.id, patientAccessLog.userId))
      .where(where)
      .orderBy(desc(patientAccessLog.at), desc(patientAccessLog.id))
      .limit(q.page_size)
      .offset(offsetOf(q.page, q.page_size)),
    db.select({ n: count() }).from(patientAccessLog).where(where),
  ])
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.kind,
      user: r.userId ? { id: r.userId, name: r.userName, email: r.email!, role: r.role! } : null,
      patient: { id: r.patient.id, name: `${r.patient.givenName} ${r.patient.familyName}`, mrn: r.patient.mrn },
    })),
    total?.n ?? 0,
    q.page,
    q.page_size,
  )
}
