import { z } from 'zod'
import { pageQuery, paged } from './envelope'
import { appointment, encounterStatuses, genders } from './reshub'

/*
 * EMR (SPEC §2 /reshub/emr and /demo-portal/emr, under /api/emr/): the patient's record as the
 * contact centre sees it. Clinical notes and their AI summary are for clinicians (and admins) only;
 * every opening of a record is logged. Keep the names of patients/?q=, patients/{id}/ and
 * patients/{id}/summary/ and of their fields: checks outside the project call them.
 */

/** FHIR R4 Condition.clinicalStatus. */
export const problemStatuses = ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved'] as const
/** FHIR R4 MedicationStatement.status (the ones a record shows). */
export const medicationStatuses = ['active', 'completed', 'stopped', 'on-hold'] as const
/** FHIR R4 AllergyIntolerance.criticality. */
export const allergyCriticalities = ['low', 'high', 'unable-to-assess'] as const
/** What an opening of a record read: the record, or the notes' AI summary. */
export const recordAccessKinds = ['record', 'summary'] as const

export const patientId = z.coerce.number().int().positive().max(2_147_483_647)

const id = z.number().int()

export const patientSearchQuery = pageQuery.extend({
  /** A name (or part of one), a phone number (digits are compared), a date of birth (2001-07-14 or 14/07/2001) or an MRN. */
  q: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(100, 'Search for at most 100 characters')),
})
export type PatientSearchQuery = z.infer<typeof patientSearchQuery>

export const patientSummary = z.object({
  id,
  mrn: z.string(),
  name: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  birth_date: z.string(),
  gender: z.enum(genders),
  phone: z.string(),
  preferred_language: z.string(),
  /** No-shows on record; two or more flag the patient. */
  no_shows: z.number().int(),
  flagged: z.boolean(),
})
export type PatientSummary = z.infer<typeof patientSummary>
export const patientList = paged(patientSummary)
export type PatientList = z.infer<typeof patientList>

export const encounter = z.object({
  id,
  appointment_id: id.nullable(),
  status: z.enum(encounterStatuses),
  reason: z.string(),
  practitioner: z.string().nullable(),
  site: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
})
export const clinicalNote = z.object({
  id,
  encounter_id: id.nullable(),
  title: z.string(),
  text: z.string(),
  author: z.string().nullable(),
  written_at: z.string(),
})
export type ClinicalNote = z.infer<typeof clinicalNote>
export const problem = z.object({
  id,
  description: z.string(),
  clinical_status: z.enum(problemStatuses),
  onset_date: z.string().nullable(),
})
export const medication = z.object({
  id,
  name: z.string(),
  dosage: z.string(),
  status: z.enum(medicationStatuses),
  started_on: z.string().nullable(),
})
export const allergy = z.object({
  id,
  substance: z.string(),
  reaction: z.string(),
  criticality: z.enum(allergyCriticalities),
})

export const patientRecord = patientSummary.extend({
  email: z.string(),
  address: z.string(),
  appointments: z.array(appointment),
  encounters: z.array(encounter),
  problems: z.array(problem),
  medications: z.array(medication),
  allergies: z.array(allergy),
  /** Whether the caller may read clinical notes and their summary (clinicians and admins). */
  can_read_notes: z.boolean(),
  /** The notes, newest first; empty when the caller may not read them. */
  notes: z.array(clinicalNote),
})
export type PatientRecord = z.infer<typeof patientRecord>

/** The local summariser, or the language model when the API has one. */
export const summaryEngines = ['extractive', 'llm'] as const

/** A sentence of the notes' summary, with the note it was taken from. */
export const sourcedSentence = z.object({ text: z.string(), note_id: id, written_at: z.string() })
export const notesSummary = z.object({
  patient_id: id,
  /** Always true: an AI summary is a draft for a clinician to review. */
  draft: z.literal(true),
  engine: z.enum(summaryEngines),
  /** Whether the API has a language model to offer (`engine=llm`). */
  llm_available: z.boolean(),
  fallback_reason: z.string().optional(),
  /** At most three. */
  key_points: z.array(sourcedSentence),
  more: z.array(sourcedSentence),
  notes_count: z.number().int(),
  generated_at: z.string(),
})
export type NotesSummary = z.infer<typeof notesSummary>
export const summaryQuery = z.object({
  /** The local summariser by default; `llm` asks the language model when the API has one (LLM_BASE_URL). */
  engine: z.preprocess((v) => (v === '' ? undefined : v), z.enum(summaryEngines).default('extractive')),
  /** Ask the language model again instead of answering from its kept answer (the local summariser always runs afresh). */
  regenerate: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).optional(),
})

export const accessLogQuery = pageQuery.extend({
  patient_id: z.preprocess((v) => (v === '' ? undefined : v), patientId.optional()),
})
export const accessLogEntry = z.object({
  id,
  at: z.string(),
  kind: z.enum(recordAccessKinds),
  user: z.object({ id, name: z.string(), email: z.string(), role: z.string() }).nullable(),
  patient: z.object({ id, name: z.string(), mrn: z.string() }),
})
export const accessLog = paged(accessLogEntry)
