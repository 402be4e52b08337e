import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '#contract/accounts'
import { endpoints, pathOf } from '#contract/endpoints'
import { accessLog, notesSummary, patientList, patientRecord } from '#contract/emr'
import { clinicalNotes, patientAllergies, patientMedications, patientProblems } from '#api/db/schema'
import type { Llm } from '#api/engines/llm/client'
import { createUser, setupTestApp, tokensFor, type TestApp } from '#api/test-utils'
import { seedTestClinic, type TestClinic } from '../reshub/test-data'
import { patientNotesSummary } from './store'

let t: TestApp
let clinic: TestClinic
const auth = {} as Record<Role, Record<string, string>>
const ids = {} as Record<Role, number>

const NOTES = [
  {
    title: 'Hypertension review',
    text: 'Blood pressure today 164/98 on repeat readings. Started amlodipine 5 mg once daily. Review in four weeks with home readings.',
    writtenAt: new Date('2026-09-14T09:20:00Z'),
  },
  {
    title: 'Rash after antibiotics',
    text: 'Widespread itchy rash two days after starting amoxicillin. Penicillin allergy recorded. Antibiotic stopped and cetirizine advised.',
    writtenAt: new Date('2026-06-02T10:05:00Z'),
  },
]

beforeAll(async () => {
  t = await setupTestApp()
  clinic = await seedTestClinic(t.db)
  for (const role of ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor', 'clinician'] as const) {
    const user = await createUser(t, { role })
    ids[role] = user.id
    auth[role] = (await tokensFor(t, user)).auth
  }
  const margaret = clinic.patients[0]!
  await t.db.insert(clinicalNotes).values(NOTES.map((n) => ({ ...n, patientId: margaret.id, authorId: clinic.drA.id })))
  await t.db
    .insert(patientProblems)
    .values({ patientId: margaret.id, description: 'Essential hypertension', clinicalStatus: 'active' })
  await t.db
    .insert(patientMedications)
    .values({ patientId: margaret.id, name: 'Amlodipine', dosage: '5 mg once daily', status: 'active' })
  await t.db
    .insert(patientAllergies)
    .values({ patientId: margaret.id, substance: 'Penicillin', reaction: 'Rash', criticality: 'high' })
}, 60_000)
afterAll(() => t.close())

const get = (url: string, who: Role) => t.app.inject({ method: 'GET', url, headers: auth[who] })
const search = async (q: string) => {
  const res = await get(`${endpoints.emrPatients.path}?q=${encodeURIComponent(q)}`, 'agent')
  expect(res.statusCode, res.body).toBe(200)
  return patientList.parse(res.json().data).results.map((p) => p.name)
}

describe('GET /api/emr/patients/?q=', () => {
  it('finds a patient by name, by part of a name, by date of birth in either form, by phone number and by MRN', async () => {
    expect(await search('Margaret Thornton')).toEqual(['Margaret Thornton'])
    expect(await search('thorn')).toEqual(['Margaret Thornton'])
    expect(await search('1956-03-14')).toEqual(['Margaret Thornton'])
    expect(await search('14/03/1956')).toEqual(['Margaret Thornton'])
    expect(await search('+44 7700 900123')).toEqual(['Margaret Thornton'])
    expect(await search('07700900123')).toEqual(['Margaret Thornton'])
    expect(await search('CH900000')).toEqual(['Margaret Thornton'])
  })

  it('finds nobody for a name no patient has, and takes % and _ literally', async () => {
    expect(await search('Zebedee')).toEqual([])
    expect(await search('%')).toEqual([])
  })
})

describe('GET /api/emr/patients/{id}/', () => {
  const url = () => pathOf(endpoints.emrPatient, { id: clinic.patients[0]!.id })

  it('shows an agent demographics, problems, medications and allergies, but never the clinical notes', async () => {
    const res = await get(url(), 'agent')
    expect(res.statusCode, res.body).toBe(200)
    const record = patientRecord.parse(res.json().data)
    expect(record).toMatchObject({
      name: 'Margaret Thornton',
      birth_date: '1956-03-14',
      can_read_notes: false,
      notes: [],
    })
    expect(record.allergies).toMatchObject([{ substance: 'Penicillin', criticality: 'high' }])
    expect(res.body).not.toContain('amoxicillin')
    expect(res.body).not.toContain('164/98')
  })

  it('shows a clinician and an admin the notes, newest first, with their author', async () => {
    for (const who of ['clinician', 'admin'] as const) {
      const record = patientRecord.parse((await get(url(), who)).json().data)
      expect(record.can_read_notes).toBe(true)
      expect(record.notes.map((n) => [n.title, n.author])).toEqual([
        ['Hypertension review', 'Dr Ada Okoro'],
        ['Rash after antibiotics', 'Dr Ada Okoro'],
      ])
    }
  })

  it('is 404 for a patient who does not exist', async () => {
    expect((await get(pathOf(endpoints.emrPatient, { id: 999_999 }), 'clinician')).statusCode).toBe(404)
  })
})

describe('GET /api/emr/patients/{id}/summary/', () => {
  const url = () => pathOf(endpoints.emrPatientSummary, { id: clinic.patients[0]!.id })

  it('is refused to agents, QA supervisors, auditors and visitors', async () => {
    for (const who of ['agent', 'qa_supervisor', 'auditor', 'visitor'] as const) {
      expect((await get(url(), who)).statusCode, who).toBe(403)
    }
  })

  it('gives a clinician a draft of at most three key points, each sentence linked to the note it came from', async () => {
    const res = await get(url(), 'clinician')
    expect(res.statusCode, res.body).toBe(200)
    const summary = notesSummary.parse(res.json().data)
    expect(summary).toMatchObject({ draft: true, engine: 'extractive', llm_available: false, notes_count: 2 })
    expect(summary.key_points.length).toBeGreaterThan(0)
    expect(summary.key_points.length).toBeLessThanOrEqual(3)
    const notes = await t.db.select().from(clinicalNotes)
    for (const s of [...summary.key_points, ...summary.more]) {
      const note = notes.find((n) => n.id === s.note_id)
      expect(note?.text).toContain(s.text)
    }
  })
})

describe('GET /api/emr/patients/{id}/summary/?engine=llm', () => {
  it('answers with the local summariser, saying why, when the API has no language model', async () => {
    const url = `${pathOf(endpoints.emrPatientSummary, { id: clinic.patients[0]!.id })}?engine=llm&regenerate=1`
    const res = await get(url, 'clinician')
    expect(res.statusCode, res.body).toBe(200)
    expect(notesSummary.parse(res.json().data)).toMatchObject({
      engine: 'extractive',
      llm_available: false,
      fallback_reason: 'no language model is configured (LLM_BASE_URL)',
    })
  })

  it('asks the language model only when asked for it, and asks it again on regenerate', async () => {
    const asked: boolean[] = []
    const llm: Llm = {
      model: 'notes-1',
      async json(messages, schema, options) {
        asked.push(Boolean(options?.fresh))
        const first = /<note id="(\d+)"[^>]*>\n([^.]+\.)/.exec(String(messages[1]!.content))!
        return schema.parse({ key_points: [{ note_id: Number(first[1]), text: first[2] }], more: [] })
      },
    }
    const actor = { id: ids.clinician, role: 'clinician' as const }
    const call = (query: { engine?: 'extractive' | 'llm'; regenerate?: boolean }) =>
      patientNotesSummary(t.db, actor, clinic.patients[0]!.id, { llm, now: new Date(), ...query })
    expect(await call({})).toMatchObject({ engine: 'extractive', llm_available: true })
    expect(asked).toEqual([])
    expect(await call({ engine: 'llm' })).toMatchObject({ engine: 'llm', llm_available: true })
    expect(await call({ engine: 'llm', regenerate: true })).toMatchObject({ engine: 'llm' })
    expect(asked).toEqual([false, true])
  })
})

describe('GET /api/emr/access_log/', () => {
  it('records every opening of a record and of its summary, which only admins read', async () => {
    const patientId = clinic.patients[3]!.id
    await get(pathOf(endpoints.emrPatient, { id: patientId }), 'agent')
    await get(pathOf(endpoints.emrPatientSummary, { id: patientId }), 'clinician')
    expect((await get(`${endpoints.emrAccessLog.path}?patient_id=${patientId}`, 'clinician')).statusCode).toBe(403)
    const res = await get(`${endpoints.emrAccessLog.path}?patient_id=${patientId}`, 'admin')
    expect(res.statusCode, res.body).toBe(200)
    const log = accessLog.parse(res.json().data).results
    expect(log.map((e) => [e.user?.id, e.kind])).toEqual([
      [ids.clinician, 'summary'],
      [ids.agent, 'record'],
    ])
  })
})
