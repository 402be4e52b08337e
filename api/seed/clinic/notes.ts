import type { PractitionerKind } from './data'
import { usWords } from './people'
import { scenarios, type Line, type NoteContext, type NotePatient, type Scenario, type Values } from './note-scenarios'
import { between, chance, pick, shuffled, type Rng } from './random'

export type { NotePatient } from './note-scenarios'

const fallback: Scenario = {
  reason: 'Follow-up',
  kinds: [],
  visitTypes: [],
  complaint: ['Follow-up contact arranged at the last visit.'],
  history: ['Symptoms settling since the last appointment.', 'No new concerns raised.'],
  exam: ['Managing day-to-day activities without difficulty.'],
  plan: ['No change to treatment.', 'Review when needed.'],
}

const oneDecimal = (rng: Rng, lo: number, hi: number) => (lo + rng() * (hi - lo)).toFixed(1)

/** The figures a note may quote, drawn for one visit. */
export function drawValues(rng: Rng, p: NotePatient): Values {
  const sys = p.problems.has('hypertension') ? between(rng, 124, 164) : between(rng, 108, 138)
  const dia = Math.min(sys - 30, between(rng, 68, 96))
  const hba1c = between(rng, 46, 76)
  const height = p.sex === 'male' ? between(rng, 164, 192) : between(rng, 152, 178)
  const weight = Math.round((between(rng, 200, 340) / 10) * (height / 100) ** 2)
  return {
    sys,
    dia,
    sys2: sys - between(rng, 2, 9),
    dia2: dia - between(rng, 1, 5),
    homeSys: sys - between(rng, 4, 12),
    homeDia: dia - between(rng, 2, 6),
    hr: between(rng, 58, 96),
    afHr: between(rng, 68, 112),
    childHr: between(rng, 96, 150),
    tempNormal: oneDecimal(rng, 36.4, 37.3),
    tempFever: oneDecimal(rng, 37.9, 39.2),
    spo2: between(rng, 94, 99),
    rr: between(rng, 14, 22),
    childRr: between(rng, 24, 38),
    peak: between(rng, 300, 560),
    peakPct: between(rng, 68, 98),
    puffs: between(rng, 2, 12),
    nights: between(rng, 1, 8),
    hba1c,
    hba1cPrev: hba1c + between(rng, 3, 8) * (chance(rng, 0.5) ? 1 : -1),
    bmi: (weight / (height / 100) ** 2).toFixed(1),
    weight,
    height,
    childWeight: Math.max(4, Math.round(p.age * 3.2 + 4 + rng() * 4)),
    egfr: between(rng, 45, 59),
    acr: oneDecimal(rng, 1.2, 6.5),
    tsh: oneDecimal(rng, 0.8, 6.8),
    chol: oneDecimal(rng, 4.1, 6.9),
    nonHdl: oneDecimal(rng, 2.4, 5.1),
    phq: between(rng, 5, 19),
    gad: between(rng, 6, 17),
    flex: between(rng, 95, 130),
    abd: between(rng, 90, 160),
    walk: between(rng, 10, 40),
    metres: pick(rng, [50, 100, 200, 400]),
    years: between(rng, 2, 15),
    units: between(rng, 0, 20),
    cig: between(rng, 5, 20),
    coffee: between(rng, 1, 5),
    count: between(rng, 2, 8),
    sleep: between(rng, 5, 8),
    mm: between(rng, 4, 30),
    bsa: between(rng, 2, 8),
    vitd: between(rng, 22, 45),
    pain: between(rng, 3, 8),
    days: between(rng, 2, 7),
    fewDays: between(rng, 1, 4),
    weeks: between(rng, 2, 8),
    months: between(rng, 3, 12),
    side: pick(rng, ['left', 'right']),
    companion: pick(rng, ['mum', 'mum', 'dad', 'grandmother', 'foster carer']),
    destination: pick(rng, ['Kenya', 'Thailand', 'Peru', 'India', 'Vietnam', 'Ghana']),
    job: pick(rng, ['hairdresser', 'nurse', 'chef', 'cleaner', 'decorator', 'mechanic']),
    exudate: chance(rng, 0.4),
    smoker: chance(rng, 0.18),
    familyHeart: chance(rng, 0.2),
  }
}

const fill = (text: string, v: Values) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(v[key] ?? key))

const localise = (text: string, p: NotePatient) =>
  p.region === 'us'
    ? usWords
        .reduce((t, [from, to]) => t.replace(from, to), text)
        .replace(/\b999\b/g, '911')
        .replace(/\bmetres\b/g, 'yards')
    : text

/** Kept in a patient's `used` set beside their sentences: the reasons of their notes so far. */
export const reasonKey = (reason: string) => `reason:${reason}`

/**
 * A scenario that fits this visit, one for the patient's problems first when one fits, and one they
 * have not had yet where there is one (a patient seen often would otherwise get the same note again).
 */
function chooseScenario(rng: Rng, kind: PractitionerKind, visitType: string, p: NotePatient, used: Set<string>) {
  const fits = scenarios.filter(
    (s) =>
      s.kinds.includes(kind) &&
      s.visitTypes.includes(visitType) &&
      (!s.fits || s.fits(p)) &&
      (!s.problem || p.problems.has(s.problem)),
  )
  const fresh = fits.filter((s) => !used.has(reasonKey(s.reason)))
  const fitting = fresh.length ? fresh : fits
  const ofProblems = fitting.filter((s) => s.problem)
  const reviewShare = visitType === 'GP30' ? 0.8 : kind === 'nurse' ? 0.6 : 0.45
  if (ofProblems.length && chance(rng, reviewShare)) return pick(rng, ofProblems)
  const others = fitting.filter((s) => !s.problem)
  if (others.length) return pick(rng, others)
  return ofProblems.length ? pick(rng, ofProblems) : fallback
}

export type WrittenNote = { reason: string; sentences: string[] }

/**
 * A note for one visit, in 3 to 8 sentences, none of which the patient's earlier notes already hold
 * (`used` is theirs and grows with each note): a summary then links every sentence to one note.
 */
export function writeNote(
  rng: Rng,
  kind: PractitionerKind,
  visitType: string,
  p: NotePatient,
  used: Set<string>,
): WrittenNote {
  const scenario = chooseScenario(rng, kind, visitType, p, used)
  const c: NoteContext = { v: drawValues(rng, p), p }
  const sentences: string[] = []
  const take = (lines: Line[] | undefined, howMany: number) => {
    let taken = 0
    for (const line of shuffled(rng, lines ?? [])) {
      if (taken >= howMany || sentences.length >= 8) return
      const raw = typeof line === 'function' ? line(c) : line
      if (!raw) continue
      const sentence = localise(fill(raw, c.v), p)
      if (used.has(sentence) || sentences.includes(sentence)) continue
      sentences.push(sentence)
      taken++
    }
  }
  take(scenario.complaint, 1)
  if (!sentences.length) {
    const about = scenario.reason.toLowerCase()
    take([`Follow-up: ${about}.`, `Further review: ${about}.`, `Seen again about ${about}.`], 1)
  }
  take(scenario.history, between(rng, 1, 2))
  take(scenario.exam, between(rng, 1, 2))
  take(scenario.assessment, 1)
  take(scenario.plan, between(rng, 1, 2))
  if (chance(rng, 0.75)) take(scenario.safety, 1)
  // a patient seen often has used the common lines up: top up from what is left
  for (const part of [scenario.history, scenario.plan, scenario.exam, scenario.safety]) {
    if (sentences.length < 3) take(part, 3 - sentences.length)
  }
  if (sentences.length < 3) take(fallback.history.concat(fallback.plan, fallback.exam), 3 - sentences.length)
  for (let weeks = 2; sentences.length < 3 && weeks < 60; weeks++) take([`Next review planned in ${weeks} weeks.`], 1)
  for (const s of sentences) used.add(s)
  used.add(reasonKey(scenario.reason))
  return { reason: scenario.reason, sentences }
}
