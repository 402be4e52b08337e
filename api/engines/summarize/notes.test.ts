import { describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import type { ChatMessage, Llm } from '../llm/client'
import { summarizeNotes, summarizeNotesExtractive, type ClinicalNoteInput, type NotesSummary } from './notes'

/** One patient's notes over a year: GP, nurse and physio, written as they are in practice. */
const notes: ClinicalNoteInput[] = [
  {
    id: 101,
    title: 'Chest infection, rash',
    author: 'Dr Amara Okafor',
    writtenAt: new Date('2023-06-02T10:15:00Z'),
    text: 'Widespread itchy urticarial rash two days after starting amoxicillin for a chest infection. Likely penicillin allergy: amoxicillin stopped and switched to clarithromycin 500 mg twice daily. Penicillin allergy added to the record. Advised to call 999 if lip or tongue swelling or difficulty breathing.',
  },
  {
    id: 102,
    title: 'Hypertension review',
    author: 'Dr Amara Okafor',
    writtenAt: new Date('2024-01-10T09:00:00Z'),
    text: 'Hypertension review. BP 152/94 in clinic.\nType 2 diabetes, HbA1c 64 mmol/mol, on metformin 500 mg twice daily.\nLifestyle advice given on salt and alcohol. Review in 3 months.',
  },
  {
    id: 103,
    title: 'Annual review',
    author: 'Nurse Jo Hill',
    writtenAt: new Date('2024-02-12T14:30:00Z'),
    text: 'Routine annual review. Patient seen, no concerns raised. Weight stable. Flu vaccine given in left arm.',
  },
  {
    id: 104,
    title: 'Physiotherapy assessment, right knee',
    author: 'Sam Patel (physiotherapist)',
    writtenAt: new Date('2024-03-20T11:00:00Z'),
    text: 'Right knee pain for 6 months, worse on stairs.\nO/E: mild effusion, crepitus, flexion limited to 100 degrees.\nImpression: likely right knee osteoarthritis.\n- Home exercise programme given.\n- Referred to the MSK clinic for an X-ray and orthopaedic opinion.\nNo red flags.',
  },
  {
    id: 105,
    title: 'Hypertension follow-up',
    author: 'Dr Amara Okafor',
    writtenAt: new Date('2024-04-15T09:20:00Z'),
    text: 'Hypertension follow-up. BP 162/98 despite lifestyle changes; home readings average 158/95.\nType 2 diabetes: HbA1c 64 mmol/mol, on metformin  500 mg twice daily.\nStarted amlodipine 5 mg once daily. Repeat BP with the practice nurse in 4 weeks. Seek urgent review if chest pain, severe headache or visual disturbance.',
  },
]
const now = new Date('2024-04-20T12:00:00Z')
const noteOf = (id: number) => notes.find((n) => n.id === id)!
const all = (s: NotesSummary) => [...s.keyPoints, ...s.more]

/** A stand-in model that gives `answer` to every request and keeps the requests. */
function fakeLlm(answer: () => unknown) {
  const requests: ChatMessage[][] = []
  const llm: Llm = {
    model: 'fake',
    json: vi.fn(async <S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S) => {
      requests.push(messages)
      return schema.parse(await answer())
    }),
  }
  return { llm, requests }
}

describe('summarizeNotesExtractive', () => {
  const summary = summarizeNotesExtractive(notes, now)

  it('leads with at most three key points: the new medication and the allergy, not the routine review', () => {
    expect(summary.engine).toBe('extractive')
    expect(summary.keyPoints.length).toBeGreaterThan(0)
    expect(summary.keyPoints.length).toBeLessThanOrEqual(3)
    const keys = summary.keyPoints.map((s) => s.text)
    expect(keys).toContainEqual(expect.stringMatching(/Started amlodipine 5 mg/))
    expect(keys).toContainEqual(expect.stringMatching(/penicillin allergy/i))
    expect(all(summary).map((s) => s.text)).not.toContainEqual(expect.stringMatching(/no concerns/))
    expect(summary.more.length).toBeGreaterThan(0)
    expect(summary.more.length).toBeLessThanOrEqual(8)
  })

  it('quotes every sentence verbatim from the note whose id and date it carries', () => {
    for (const s of all(summary)) {
      const note = noteOf(s.noteId)
      expect(note.text).toContain(s.text)
      expect(s.text).toBe(s.text.trim())
      expect(s.writtenAt).toBe(note.writtenAt.toISOString())
    }
    // a bullet's marker is not part of the sentence
    expect(all(summary)).toContainEqual({
      text: 'Referred to the MSK clinic for an X-ray and orthopaedic opinion.',
      noteId: 104,
      writtenAt: '2024-03-20T11:00:00.000Z',
    })
  })

  it('keeps a fact repeated across visits once, from the newer note', () => {
    const copies = all(summary).filter((s) => s.text.includes('HbA1c 64'))
    expect(copies).toEqual([expect.objectContaining({ noteId: 105 })])
  })

  it('lists the further sentences newest note first', () => {
    const times = summary.more.map((s) => Date.parse(s.writtenAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('is deterministic, whatever order the notes come in', () => {
    expect(summarizeNotesExtractive([...notes].reverse(), now)).toEqual(summary)
  })

  it('has nothing to say without notes', () => {
    expect(summarizeNotesExtractive([], now)).toEqual({ keyPoints: [], more: [], engine: 'extractive' })
  })
})

describe('summarizeNotes with an LLM', () => {
  it("keeps only the model's sentences found in the note they name, as the note writes them", async () => {
    const { llm, requests } = fakeLlm(() => ({
      key_points: [
        { text: 'started amlodipine 5 mg   once daily.', note_id: 105 },
        { text: 'Started ramipril 2.5 mg once daily.', note_id: 105 },
        { text: 'Known penicillin allergy.', note_id: 999 },
      ],
      more: [],
    }))
    await expect(summarizeNotes(notes, { llm, now })).resolves.toEqual({
      keyPoints: [{ text: 'Started amlodipine 5 mg once daily.', noteId: 105, writtenAt: '2024-04-15T09:20:00.000Z' }],
      more: [],
      engine: 'llm',
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.[0]?.content).toMatch(/word for word/)
    expect(requests[0]?.[1]?.content).toContain('<note id="105" written="2024-04-15" title="Hypertension follow-up"')
  })

  it('falls back to the extractive summary, with the reason, when the model fails', async () => {
    const { llm } = fakeLlm(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434')
    })
    await expect(summarizeNotes(notes, { llm, now })).resolves.toEqual({
      ...summarizeNotesExtractive(notes, now),
      fallback_reason: 'connect ECONNREFUSED 127.0.0.1:11434',
    })
  })

  it('falls back when none of its sentences is in the notes', async () => {
    const { llm } = fakeLlm(() => ({ key_points: [{ text: 'BP is now well controlled.', note_id: 105 }] }))
    const summary = await summarizeNotes(notes, { llm, now })
    expect(summary).toMatchObject({ engine: 'extractive', fallback_reason: expect.stringMatching(/no sentence/) })
  })

  it('throws when the caller has given up, and does not ask the model', async () => {
    const { llm } = fakeLlm(() => ({ key_points: [] }))
    const controller = new AbortController()
    controller.abort()
    await expect(summarizeNotes(notes, { llm, signal: controller.signal, now })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(llm.json).not.toHaveBeenCalled()
  })

  it('answers empty lists for a patient without notes', async () => {
    const { llm } = fakeLlm(() => ({ key_points: [] }))
    await expect(summarizeNotes([], { llm, now })).resolves.toEqual({ keyPoints: [], more: [], engine: 'extractive' })
    expect(llm.json).not.toHaveBeenCalled()
  })
})
