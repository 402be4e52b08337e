import { describe, expect, it } from 'vitest'
import { slotHoldingStatuses, type AppointmentStatus } from '#contract/reshub'
import {
  clinicInput,
  CLINIC_SEED,
  generatePatients,
  generateSchedule,
  generateWaitlist,
  type AppointmentSeed,
} from './generate'
import { workingWindows } from './schedule'

// a Wednesday; the six weeks around it hold both zones' clock changes (8 March in New York, 29 March in London)
const NOW = new Date('2026-03-18T11:00:00Z')
const patients = generatePatients()
const schedule = generateSchedule(NOW, patients)

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/)
const holds = (a: AppointmentSeed) => (slotHoldingStatuses as readonly AppointmentStatus[]).includes(a.status)

describe('the clinic generator', () => {
  it('gives the same output for the same seed, and another for another', () => {
    expect(generatePatients()).toEqual(patients)
    expect(JSON.stringify(generateSchedule(NOW, generatePatients()))).toBe(JSON.stringify(schedule))
    expect(generateWaitlist(NOW)).toEqual(generateWaitlist(NOW))
    expect(generatePatients(CLINIC_SEED + 1).map((p) => p.familyName)).not.toEqual(patients.map((p) => p.familyName))
  })

  it('makes 200 patients with unique MRNs and phones, varied languages and plausible records', () => {
    expect(patients).toHaveLength(200)
    expect(new Set(patients.map((p) => p.mrn)).size).toBe(200)
    expect(patients.every((p) => /^CH\d{6}$/.test(p.mrn))).toBe(true)
    expect(new Set(patients.map((p) => p.phone)).size).toBe(200)
    const years = patients.map((p) => Number(p.birthDate.slice(0, 4)))
    expect(Math.min(...years)).toBeGreaterThanOrEqual(1935)
    expect(Math.max(...years)).toBeLessThanOrEqual(2024)
    const languages = new Set(patients.map((p) => p.preferredLanguage))
    expect(patients.filter((p) => p.preferredLanguage === 'en').length).toBeGreaterThan(150)
    for (const l of ['es', 'pl', 'pa', 'ur', 'pt']) expect(languages).toContain(l)
    const taking = (p: (typeof patients)[number], drug: RegExp) =>
      p.medications.some((m) => m.status === 'active' && drug.test(m.name))
    for (const p of patients) {
      if (p.problemKeys.includes('hypertension')) expect(taking(p, /^Amlodipine/)).toBe(true)
      if (p.problemKeys.includes('t2dm')) expect(taking(p, /^Metformin/)).toBe(true)
      if (p.problemKeys.includes('asthma')) expect(taking(p, /^(Salbutamol|Albuterol)/)).toBe(true)
      if (p.allergies.some((a) => a.substance === 'Penicillin'))
        expect(p.medications.some((m) => m.name.startsWith('Amoxicillin'))).toBe(false)
    }
    expect(patients.filter((p) => p.allergies.some((a) => a.criticality === 'high')).length).toBeGreaterThan(5)
  })

  it('books only inside working windows, never overlapping a practitioner (with buffer) or a patient', () => {
    const windows = workingWindows(clinicInput(NOW), NOW, -21, 21)
    for (const a of schedule) {
      const inside = windows.some(
        (w) =>
          w.practitioner === a.practitioner &&
          w.site === a.site &&
          w.start <= a.startAt.getTime() &&
          a.blockedUntil.getTime() <= w.end,
      )
      expect(inside, `${a.practitioner} ${a.startAt.toISOString()}`).toBe(true)
    }
    const overlaps = (key: (a: AppointmentSeed) => string, end: (a: AppointmentSeed) => Date) => {
      const byKey = new Map<string, AppointmentSeed[]>()
      for (const a of schedule.filter(holds)) byKey.set(key(a), [...(byKey.get(key(a)) ?? []), a])
      let found = 0
      for (const list of byKey.values()) {
        list.sort((x, y) => x.startAt.getTime() - y.startAt.getTime())
        for (let i = 1; i < list.length; i++) if (list[i]!.startAt < end(list[i - 1]!)) found++
      }
      return found
    }
    expect(
      overlaps(
        (a) => a.practitioner,
        (a) => a.blockedUntil,
      ),
    ).toBe(0)
    expect(
      overlaps(
        (a) => a.patient,
        (a) => a.endAt,
      ),
    ).toBe(0)
  })

  it('writes notes of 3 to 8 distinct sentences, none repeated in a patient’s other notes', () => {
    const notes = schedule.filter((a) => a.note)
    expect(notes.length).toBeGreaterThan(500)
    const seen = new Map<string, Set<string>>()
    for (const a of notes) {
      const sentences = sentencesOf(a.note!.text)
      expect(sentences.length).toBeGreaterThanOrEqual(3)
      expect(sentences.length).toBeLessThanOrEqual(8)
      const theirs = seen.get(a.patient) ?? new Set()
      for (const s of sentences) {
        expect(s).toMatch(/^([A-Z0-9]|eGFR).*[.]$/)
        expect(theirs.has(s), s).toBe(false)
        theirs.add(s)
      }
      seen.set(a.patient, theirs)
    }
    // varied per visit type and problem
    expect(new Set(notes.map((a) => a.note!.title)).size).toBeGreaterThan(40)
    expect(schedule.filter((a) => a.status === 'fulfilled').every((a) => a.encounter?.status === 'finished')).toBe(true)
  })

  it('flags a few patients with two or more no-shows, and keeps a waitlist for two visit types', () => {
    const noShows = new Map<string, number>()
    for (const a of schedule.filter((a) => a.status === 'noshow'))
      noShows.set(a.patient, (noShows.get(a.patient) ?? 0) + 1)
    expect([...noShows.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(3)
    const waitlist = generateWaitlist(NOW, patients)
    expect(waitlist).toHaveLength(12)
    expect(new Set(waitlist.map((w) => w.visitType))).toEqual(new Set(['PHYSIO45', 'GP30']))
    expect(waitlist.every((w) => w.createdAt < NOW)).toBe(true)
  })
})
