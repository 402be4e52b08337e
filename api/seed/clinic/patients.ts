import {
  allergyDefs,
  neutralNames,
  origins,
  pastCourses,
  problemDefs,
  resolvedProblems,
  streets,
  townOf,
  usWords,
  type ProblemKey,
  type Region,
} from './people'
import { between, chance, mulberry32, pick, shuffled, weighted, type Rng } from './random'

/*
 * The demo clinic's patients: names from the communities each site serves, and records a GP list
 * would hold. Pure and seeded: the same seed gives the same patients.
 */

export const CLINIC_SEED = 20_260_317
export const PATIENT_COUNT = 200
/** Ages are reckoned at this date, so the patients do not change with the day they are made. */
export const AGE_AT = 2026

export type Gender = 'female' | 'male' | 'other' | 'unknown'

export type PatientSeed = {
  mrn: string
  givenName: string
  familyName: string
  birthDate: string
  gender: Gender
  phone: string
  email: string
  preferredLanguage: string
  address: string
  /** Not stored: where they live, which site is theirs and whether they often miss appointments. */
  region: Region
  homeSite: string
  missesOften: boolean
  /** Registered lately: their first visit is a new patient check. */
  newcomer: boolean
  problemKeys: ProblemKey[]
  problems: { description: string; clinicalStatus: 'active' | 'remission' | 'resolved'; onsetDate: string }[]
  medications: { name: string; dosage: string; status: 'active' | 'completed' | 'stopped'; startedOn: string }[]
  allergies: { substance: string; reaction: string; criticality: 'low' | 'high' | 'unable-to-assess' }[]
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const dateIn = (rng: Rng, year: number) => `${year}-${pad(between(rng, 1, 12))}-${pad(between(rng, 1, 28))}`
const localiseUs = (text: string, region: Region) =>
  region === 'us' ? usWords.reduce((t, [from, to]) => t.replace(from, to), text) : text

/** `count` synthetic patients: names from the communities each site serves, and a plausible record. */
export function generatePatients(seed = CLINIC_SEED, count = PATIENT_COUNT): PatientSeed[] {
  const rng = mulberry32(seed)
  const ukPhones = shuffled(
    rng,
    Array.from({ length: 1000 }, (_, i) => `07700 900${pad(i, 3)}`),
  )
  const usPhones = shuffled(
    rng,
    ['212', '347', '646', '718', '917', '929'].flatMap((area) =>
      Array.from({ length: 100 }, (_, i) => `(${area}) 555-01${pad(i)}`),
    ),
  )
  return Array.from({ length: count }, (_, i) => {
    // three in ten live near the Brooklyn practice
    const region: Region = i % 10 < 3 ? 'us' : 'uk'
    const homeSite = region === 'us' ? 'CH-BKN' : chance(rng, 0.55) ? 'CH-ISL' : 'CH-DID'
    const origin = weighted(
      rng,
      origins.map((o) => [o, o.weight[region]] as const),
    )
    const roll = rng()
    const gender: Gender = roll < 0.5 ? 'female' : roll < 0.98 ? 'male' : roll < 0.99 ? 'other' : 'unknown'
    const givenName = pick(rng, gender === 'female' ? origin.female : gender === 'male' ? origin.male : neutralNames)
    const forms = pick(rng, origin.family).split('|')
    const familyName = (gender === 'male' ? forms[0] : forms.at(-1)) ?? forms[0]!
    const birthYear = chance(rng, 0.25) ? between(rng, 2010, 2024) : between(rng, 1935, 2009)
    const age = AGE_AT - birthYear
    const n = between(rng, 2, 180)
    const record = recordFor(rng, age, gender, birthYear, region)
    return {
      // 4021 is prime to 100000, so the numbers never repeat
      mrn: `CH${100_000 + (((i + 1) * 4021) % 100_000)}`,
      givenName,
      familyName,
      birthDate: dateIn(rng, birthYear),
      gender,
      phone: (region === 'us' ? usPhones : ukPhones)[i] ?? '',
      email:
        age >= 16 && chance(rng, 0.85)
          ? `${ascii(givenName)}.${ascii(familyName)}${between(rng, 1, 99)}@${pick(rng, ['example.com', 'example.org', 'example.net'])}`
          : '',
      preferredLanguage: origin.language !== 'en' && chance(rng, 0.45) ? origin.language : 'en',
      address: `${n} ${pick(rng, streets[homeSite] ?? [])}, ${townOf[homeSite]?.(n + i) ?? ''}`,
      region,
      homeSite,
      missesOften: chance(rng, 0.07),
      newcomer: chance(rng, 0.15),
      ...record,
    }
  })
}

function recordFor(rng: Rng, age: number, gender: Gender, birthYear: number, region: Region) {
  const allergies = allergyDefs.flatMap((a) => {
    if (!chance(rng, a.chance(age))) return []
    const [reaction, criticality] = pick(rng, a.reactions)
    return [{ substance: a.substance, reaction, criticality }]
  })
  const allergic = (substance: string) => allergies.some((a) => a.substance === substance)
  const problemKeys: ProblemKey[] = []
  const problems: PatientSeed['problems'] = []
  const medications: PatientSeed['medications'] = []
  for (const p of problemDefs) {
    if (!chance(rng, p.chance(age, gender))) continue
    const onsetYear = Math.min(
      AGE_AT - 1,
      birthYear + between(rng, p.onset[0], Math.max(p.onset[0], Math.min(p.onset[1], age))),
    )
    const onsetDate = dateIn(rng, onsetYear)
    const inRemission = p.key === 'depression' && chance(rng, 0.3)
    problemKeys.push(p.key)
    problems.push({ description: p.description, clinicalStatus: inRemission ? 'remission' : 'active', onsetDate })
    for (const m of p.medications) {
      if (m.name.startsWith('Propranolol') && problemKeys.includes('asthma')) continue
      if (m.name.startsWith('Ibuprofen') && allergic('Ibuprofen')) continue
      medications.push({
        name: localiseUs(m.name, region),
        dosage: m.dosage,
        status: inRemission ? 'completed' : 'active',
        startedOn: dateIn(rng, onsetYear),
      })
    }
    if (p.key === 'hypertension' && chance(rng, 0.15))
      medications.push({
        name: 'Ramipril 5 mg capsules',
        dosage: 'One capsule once daily',
        status: 'stopped',
        startedOn: onsetDate,
      })
  }
  for (const r of resolvedProblems)
    if (chance(rng, r.chance(age)))
      problems.push({
        description: r.description,
        clinicalStatus: 'resolved',
        onsetDate: dateIn(rng, Math.min(AGE_AT - 1, birthYear + between(rng, 1, Math.max(1, age - 1)))),
      })
  if (chance(rng, 0.2)) {
    const course = pick(rng, pastCourses)
    if (!(course.needsNoPenicillinAllergy && allergic('Penicillin')))
      medications.push({
        name: course.name,
        dosage: course.dosage,
        status: 'completed',
        startedOn: dateIn(rng, AGE_AT - 1),
      })
  }
  return { problemKeys, problems, medications, allergies }
}
