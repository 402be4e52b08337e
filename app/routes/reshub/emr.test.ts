import { beforeEach, describe, expect, it } from 'vitest'
import type { NotesSummary, PatientList, PatientRecord } from '#contract/emr'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { emrState, resetEmrMocks } from '#tests/mocks/emr'
import { resetReshubMocks } from '#tests/mocks/reshub'
import { loader } from './emr'

type Emr = {
  q: string
  search: { value: PatientList | null; error: string | null } | null
  record: PatientRecord | null
  summary: { value: NotesSummary | null; error: string | null } | null
}

beforeEach(() => {
  resetReshubMocks()
  resetEmrMocks()
})

async function load(url: string, who: DemoKey) {
  const request = await requestWithTokens(url, tokensFor(who))
  return run<Emr>(() => loader(args(request)))
}

describe('/reshub/emr and /demo-portal/emr', () => {
  it('finds patients by name or date of birth', async () => {
    const byName = await load('/reshub/emr?q=thornton', 'agent')
    expect(byName.body.search?.value?.results.map((p) => p.name)).toEqual(['Margaret Thornton'])
    const byBirth = await load('/demo-portal/emr?q=1956-03-14', 'agent')
    expect(byBirth.body.search?.value?.results.map((p) => p.name)).toEqual(['Margaret Thornton'])
  })

  it('shows an agent the record without notes or their summary', async () => {
    const { status, body } = await load('/reshub/emr?patient=1', 'agent')
    expect(status).toBe(200)
    expect(body.record).toMatchObject({ name: 'Margaret Thornton', can_read_notes: false, notes: [] })
    expect(body.summary).toBeNull()
  })

  it('gives a clinician the notes and a draft summary whose sentences name their notes, and logs both openings', async () => {
    const { body } = await load('/reshub/emr?patient=1', 'clinician')
    expect(body.record?.can_read_notes).toBe(true)
    const summary = body.summary!.value!
    expect(summary.draft).toBe(true)
    expect(summary.key_points.length).toBeGreaterThan(0)
    expect(summary.key_points.length).toBeLessThanOrEqual(3)
    const noteIds = new Set(body.record!.notes.map((n) => n.id))
    for (const s of [...summary.key_points, ...summary.more]) expect(noteIds.has(s.note_id)).toBe(true)
    expect(emrState.accessLog.map((e) => e.kind)).toEqual(['record', 'summary'])
  })

  it('is a 404 page for a patient who does not exist', async () => {
    const res = await load('/reshub/emr?patient=999', 'clinician')
    expect(res.status).toBe(404)
  })
})
