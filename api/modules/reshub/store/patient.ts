import { eq, sql, type SQL } from 'drizzle-orm'
import type { Conn } from '../../../db/sql'
import { appointments, patients } from '../../../db/schema'
import { HttpError } from '../../../lib/http-error'

/** Two no-shows flag a patient (the portal shows it wherever the patient's name is). */
export const NO_SHOW_FLAG = 2

/** No-shows on a patient's record, as a column of a query on `patients`. */
export const noShowsOf = (patientId: SQL | typeof patients.id) =>
  sql<number>`(select count(*)::int from ${appointments} ns where ns.patient_id = ${patientId} and ns.status = 'noshow')`

/** The patient's columns the schedule shows, for a select on `patients`. */
export const patientColumns = {
  id: patients.id,
  givenName: patients.givenName,
  familyName: patients.familyName,
  mrn: patients.mrn,
  birthDate: patients.birthDate,
  phone: patients.phone,
}
type PatientCols = { id: number; givenName: string; familyName: string; mrn: string; birthDate: string; phone: string }

/** A patient as an appointment, a waitlist entry or a call task names them, flagged after two no-shows. */
export const patientOut = (p: PatientCols, noShows: number) => ({
  id: p.id,
  name: `${p.givenName} ${p.familyName}`,
  mrn: p.mrn,
  birth_date: p.birthDate,
  phone: p.phone,
  no_shows: noShows,
  flagged: noShows >= NO_SHOW_FLAG,
})

/** A patient exists, or 404 naming the field. */
export async function patientOr404(db: Conn, id: number) {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id))
  if (!row) throw new HttpError(404, 'No such patient', { patient_id: ['No such patient'] })
}
