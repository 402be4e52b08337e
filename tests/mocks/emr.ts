import type { ClinicalNote, NotesSummary, PatientRecord, PatientSummary } from '#contract/emr'
import { endpoints } from '#contract/endpoints'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { mock } from './endpoint'
import { page } from './face'
import { PATIENTS, PRACTITIONERS, SITES, listAppointments, patientOut, reshubState, type MockPatient } from './reshub'

/*
 * The EMR of the mock API: the reservation hub's patients (tests/mocks/reshub.ts) with their
 * problems, medications, allergies and clinical notes, the visits' Encounters read from the hub's
 * appointments, a summary that quotes the notes' sentences, and the log of every opening of a record.
 */

export const NO_SUCH_PATIENT = 'No such patient'

type Clinical = Pick<PatientRecord, 'problems' | 'medications' | 'allergies'> & { notes: ClinicalNote[] }

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

/** What the record holds beyond the schedule, by patient id (notes newest first). */
const clinicalOf = (): Record<number, Clinical> => ({
  1: {
    problems: [
      { id: 11, description: 'Type 2 diabetes mellitus', clinical_status: 'active', onset_date: '2014-05-01' },
      { id: 12, description: 'Hypertension', clinical_status: 'active', onset_date: '2011-02-10' },
    ],
    medications: [
      { id: 21, name: 'Metformin', dosage: '500 mg twice daily', status: 'active', started_on: '2014-05-10' },
      { id: 22, name: 'Amlodipine', dosage: '5 mg once daily', status: 'active', started_on: '2011-03-01' },
    ],
    allergies: [{ id: 31, substance: 'Penicillin', reaction: 'Rash', criticality: 'high' }],
    notes: [
      note(401, 'Diabetes review', 'HbA1c 58 mmol/mol, up from 52. Metformin continued. Review in three months.', 10),
      note(402, 'Blood pressure check', 'Blood pressure 148/92 at the clinic. Amlodipine started at 5 mg.', 40),
      note(403, 'Foot check', 'Both feet checked: sensation normal. No ulcers seen.', 90),
      note(404, 'Missed appointments', 'Two appointments missed this year. Patient asked for morning slots.', 120),
    ],
  },
  2: {
    problems: [{ id: 13, description: 'Asthma', clinical_status: 'active', onset_date: '1995-09-01' }],
    medications: [
      { id: 23, name: 'Salbutamol inhaler', dosage: '2 puffs as needed', status: 'active', started_on: null },
    ],
    allergies: [],
    notes: [note(405, 'Asthma review', 'Asthma well controlled. Inhaler technique checked.', 0, 501)],
  },
  4: {
    problems: [{ id: 14, description: 'Knee pain', clinical_status: 'active', onset_date: null }],
    medications: [],
    allergies: [{ id: 32, substance: 'Peanut', reaction: 'Swelling of the lips', criticality: 'high' }],
    notes: [],
  },
})

function note(id: number, title: string, text: string, age: number, encounterId: number | null = null): ClinicalNote {
  return { id, encounter_id: encounterId, title, text, author: PRACTITIONERS[0]!.name, written_at: daysAgo(age) }
}

type AccessEntry = { id: number; at: Date; kind: 'record' | 'summary'; key: DemoKey; patientId: number }

/** What the EMR holds; tests reset it in beforeEach (with resetReshubMocks for the schedule). */
export const emrState = {
  clinical: clinicalOf(),
  /** Every opening of a record or of its notes' summary, oldest first. */
  accessLog: [] as AccessEntry[],
  nextId: 1,
}

export function resetEmrMocks() {
  emrState.clinical = clinicalOf()
  emrState.accessLog = []
  emrState.nextId = 1
}

const readsNotes = (key: DemoKey) => ['clinician', 'admin'].includes(demoUsers[key].role)

function logAccess(key: DemoKey, patientId: number, kind: AccessEntry['kind']) {
  emrState.accessLog.push({ id: emrState.nextId++, at: new Date(), kind, key, patientId })
}

function summaryOut({ email: _email, address: _address, ...p }: MockPatient): PatientSummary {
  const { name, no_shows, flagged } = patientOut(p)
  return { ...p, name, no_shows, flagged }
}

/** What a search means, as the API reads it (api/modules/emr/store.ts): a date of birth, an MRN, a phone number's digits, or words that start the names. */
function matches(p: MockPatient, q: string) {
  const text = q.trim()
  if (!text) return true
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const uk = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text)
  const day = iso ? text : uk ? `${uk[3]}-${uk[2]!.padStart(2, '0')}-${uk[1]!.padStart(2, '0')}` : null
  if (day) return p.birth_date === day
  if (/^[a-z]{2}\d{3,}$/i.test(text)) return p.mrn.startsWith(text.toUpperCase())
  const digits = text.replace(/[\s()+.-]/g, '')
  if (/^\d{4,}$/.test(digits)) {
    const national = digits.replace(/^(44|1)(?=\d{10}$)/, '').replace(/^0/, '')
    return p.phone.replace(/\D/g, '').includes(national)
  }
  const names = [p.given_name, p.family_name].map((n) => n.toLowerCase())
  return text
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 5)
    .every((w) => names.some((n) => n.startsWith(w)))
}

const patientById = (id: number) => PATIENTS.find((p) => p.id === id)

function encountersOf(patientId: number): PatientRecord['encounters'] {
  return reshubState.appointments
    .filter((a) => a.patientId === patientId && a.encounter)
    .map((a) => ({
      id: a.encounter!.id,
      appointment_id: a.id,
      status: a.encounter!.status,
      reason: 'Clinic visit',
      practitioner: PRACTITIONERS.find((p) => p.id === a.practitionerId)?.name ?? null,
      site: SITES.find((s) => s.id === a.siteId)?.name ?? null,
      started_at: a.encounter!.startedAt?.toISOString() ?? null,
      ended_at: a.encounter!.endedAt?.toISOString() ?? null,
    }))
    .sort((x, y) => (y.started_at ?? '9').localeCompare(x.started_at ?? '9') || y.id - x.id)
}

/** The notes' sentences, newest note first: the first three are the key points. */
function summarize(notes: ClinicalNote[]) {
  const sentences = notes.flatMap((n) =>
    (n.text.match(/[^.!?]+[.!?]+/g) ?? [n.text]).map((s) => ({
      text: s.trim(),
      note_id: n.id,
      written_at: n.written_at,
    })),
  )
  return { key_points: sentences.slice(0, 3), more: sentences.slice(3) }
}

export const emrHandlers = [
  mock(endpoints.emrPatients, ({ query }) => {
    const found = PATIENTS.filter((p) => matches(p, query.q))
      .sort(
        (a, b) => a.family_name.localeCompare(b.family_name) || a.given_name.localeCompare(b.given_name) || a.id - b.id,
      )
      .map(summaryOut)
    return page(found, query.page, query.page_size)
  }),

  mock(endpoints.emrPatient, ({ params, key }) => {
    const p = patientById(params.id)
    if (!p) return error(404, NO_SUCH_PATIENT)
    logAccess(key, p.id, 'record')
    const notes = readsNotes(key)
    const clinical = emrState.clinical[p.id]
    const record: PatientRecord = {
      ...summaryOut(p),
      email: p.email,
      address: p.address,
      appointments: listAppointments({ patient_id: p.id, page: 1, page_size: 100, order: 'desc' }, new Date()).results,
      encounters: encountersOf(p.id),
      problems: clinical?.problems ?? [],
      medications: clinical?.medications ?? [],
      allergies: clinical?.allergies ?? [],
      can_read_notes: notes,
      notes: notes ? (clinical?.notes ?? []) : [],
    }
    return record
  }),

  mock(endpoints.emrPatientSummary, ({ params, query, key }) => {
    const p = patientById(params.id)
    if (!p) return error(404, NO_SUCH_PATIENT)
    logAccess(key, p.id, 'summary')
    const notes = emrState.clinical[p.id]?.notes ?? []
    const summary: NotesSummary = {
      patient_id: p.id,
      draft: true,
      engine: 'extractive',
      llm_available: false,
      ...(query.engine === 'llm' && { fallback_reason: 'no language model is configured (LLM_BASE_URL)' }),
      ...summarize(notes),
      notes_count: notes.length,
      generated_at: new Date().toISOString(),
    }
    return summary
  }),

  mock(endpoints.emrAccessLog, ({ query }) => {
    const rows = emrState.accessLog
      .filter((e) => !query.patient_id || e.patientId === query.patient_id)
      .sort((x, y) => y.at.getTime() - x.at.getTime() || y.id - x.id)
      .map((e) => {
        const u = demoUsers[e.key]
        const p = patientById(e.patientId)!
        return {
          id: e.id,
          at: e.at.toISOString(),
          kind: e.kind,
          user: { id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email, role: u.role },
          patient: { id: p.id, name: `${p.given_name} ${p.family_name}`, mrn: p.mrn },
        }
      })
    return page(rows, query.page, query.page_size)
  }),
]
