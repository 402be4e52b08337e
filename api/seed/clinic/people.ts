/*
 * The material the demo's patients are drawn from: names of the communities a London, Manchester or
 * Brooklyn practice serves, and the problems, medicines and allergies a GP list holds, with the ages
 * they come at. Every combination is invented.
 */

export type Region = 'uk' | 'us'

export type Origin = {
  female: string[]
  male: string[]
  /** "Kowalski|Kowalska": the male and female forms. */
  family: string[]
  /** The language a share of this community prefers to be spoken to in (BCP-47). */
  language: string
  /** How many in a hundred patients of each region come from it. */
  weight: Record<Region, number>
}

export const origins: Origin[] = [
  {
    female: [
      'Margaret',
      'Susan',
      'Emma',
      'Olivia',
      'Charlotte',
      'Sophie',
      'Rebecca',
      'Joan',
      'Eileen',
      'Amelia',
      'Grace',
      'Lucy',
    ],
    male: [
      'David',
      'James',
      'Thomas',
      'George',
      'Harry',
      'Oliver',
      'Jack',
      'William',
      'Peter',
      'Robert',
      'Arthur',
      'Samuel',
    ],
    family: [
      'Smith',
      'Taylor',
      'Brown',
      'Wilson',
      'Roberts',
      'Walker',
      'Wright',
      'Thompson',
      'Edwards',
      'Green',
      'Hall',
      'Wood',
      'Harris',
      'Turner',
      'Cooper',
      'Ward',
    ],
    language: 'en',
    weight: { uk: 32, us: 22 },
  },
  {
    female: ['Siobhan', 'Niamh', 'Aoife', 'Eilidh', 'Rhiannon', 'Cerys'],
    male: ['Ciaran', 'Declan', 'Callum', 'Angus', 'Rhys', 'Dafydd'],
    family: ['Murphy', "O'Brien", 'Byrne', 'MacDonald', 'Fraser', 'Doyle', 'Davies', 'Pritchard', 'Llewellyn'],
    language: 'en',
    weight: { uk: 9, us: 4 },
  },
  {
    female: ['Agnieszka', 'Katarzyna', 'Magdalena', 'Joanna', 'Zofia', 'Ewa'],
    male: ['Piotr', 'Tomasz', 'Krzysztof', 'Jakub', 'Paweł', 'Andrzej'],
    family: [
      'Kowalski|Kowalska',
      'Wiśniewski|Wiśniewska',
      'Lewandowski|Lewandowska',
      'Zieliński|Zielińska',
      'Wójcik',
      'Mazur',
      'Kamiński|Kamińska',
    ],
    language: 'pl',
    weight: { uk: 9, us: 3 },
  },
  {
    female: ['Gurpreet', 'Harpreet', 'Manpreet', 'Simran', 'Amrit', 'Jasleen'],
    male: ['Harjit', 'Gurdeep', 'Sukhwinder', 'Balwinder', 'Jaswinder', 'Rajinder'],
    family: ['Sandhu', 'Gill', 'Dhillon', 'Sidhu', 'Grewal', 'Bains'],
    language: 'pa',
    weight: { uk: 7, us: 2 },
  },
  {
    female: ['Ayesha', 'Fatima', 'Zainab', 'Saima', 'Nadia', 'Maryam'],
    male: ['Imran', 'Bilal', 'Tariq', 'Usman', 'Kamran', 'Zubair'],
    family: ['Khan', 'Hussain', 'Iqbal', 'Malik', 'Rashid', 'Chaudhry', 'Mahmood'],
    language: 'ur',
    weight: { uk: 9, us: 2 },
  },
  {
    female: ['Anjali', 'Deepa', 'Kavita', 'Meera', 'Sunita', 'Pooja'],
    male: ['Rajesh', 'Sanjay', 'Vikram', 'Arjun', 'Rohan', 'Anil'],
    family: ['Patel', 'Shah', 'Mistry', 'Sharma', 'Gupta', 'Nair', 'Desai'],
    language: 'en',
    weight: { uk: 8, us: 6 },
  },
  {
    female: ['Chiamaka', 'Adaeze', 'Funmilayo', 'Abena', 'Ngozi', 'Yetunde'],
    male: ['Chinedu', 'Oluwaseun', 'Kwame', 'Emeka', 'Tunde', 'Kofi'],
    family: ['Okafor', 'Adebayo', 'Mensah', 'Eze', 'Boateng', 'Nwosu', 'Asante'],
    language: 'en',
    weight: { uk: 7, us: 4 },
  },
  {
    female: ['Marcia', 'Beverley', 'Sharon', 'Janelle', 'Yvonne'],
    male: ['Desmond', 'Winston', 'Delroy', 'Marlon', 'Clive'],
    family: ['Campbell', 'Grant', 'Francis', 'Reid', 'Stewart', 'Bailey', 'Forbes'],
    language: 'en',
    weight: { uk: 5, us: 6 },
  },
  {
    female: ['Mei', 'Li Na', 'Jia Hui', 'Xiu Ying', 'Linh', 'Huong'],
    male: ['Wei', 'Jun', 'Hao', 'Minh', 'Tuan', 'Duc'],
    family: ['Chen', 'Wang', 'Zhang', 'Liu', 'Huang', 'Wong', 'Tran', 'Pham', 'Le'],
    language: 'en',
    weight: { uk: 4, us: 9 },
  },
  {
    female: ['María', 'Guadalupe', 'Sofía', 'Valentina', 'Camila', 'Lucía', 'Rosa', 'Carmen'],
    male: ['José', 'Luis', 'Miguel', 'Juan', 'Diego', 'Alejandro', 'Javier', 'Rafael'],
    family: [
      'García',
      'Rodríguez',
      'Martínez',
      'Hernández',
      'López',
      'González',
      'Pérez',
      'Sánchez',
      'Ramírez',
      'Torres',
      'Rivera',
    ],
    language: 'es',
    weight: { uk: 2, us: 28 },
  },
  {
    female: ['Ana', 'Beatriz', 'Mariana', 'Inês', 'Letícia'],
    male: ['João', 'Pedro', 'Tiago', 'Gonçalo', 'Rodrigo'],
    family: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Almeida'],
    language: 'pt',
    weight: { uk: 5, us: 5 },
  },
  {
    female: ['Hodan', 'Amina', 'Faduma', 'Leah', 'Miriam'],
    male: ['Abdi', 'Mohamed', 'Yusuf', 'Aaron', 'Eli'],
    family: ['Abdullahi', 'Warsame', 'Farah', 'Cohen', 'Levy', 'Friedman', 'Katz'],
    language: 'en',
    weight: { uk: 3, us: 9 },
  },
]

/** Given names for patients recorded with another or an unknown gender. */
export const neutralNames = ['Alex', 'Sam', 'Jordan', 'Charlie', 'Robin', 'Jess']

export const streets: Record<string, string[]> = {
  'CH-ISL': ['Hartley Road', 'Cobden Mews', 'Ashby Grove', 'Penrose Street', 'Larch Walk', 'Milner Terrace'],
  'CH-DID': ['Fernlea Avenue', 'Beechcroft Road', 'Ollerton Close', 'Kingsmere Drive', 'Brantwood Lane'],
  'CH-BKN': ['Halsey Place', 'Vandermeer Street', 'Linden Court', 'Prospect Row', 'Carroll Avenue'],
}

export const townOf: Record<string, (n: number) => string> = {
  'CH-ISL': (n) =>
    `London N${1 + (n % 19)} ${1 + (n % 9)}${'ABDEFGHJLNPQRSTUWXYZ'[n % 20]}${'ABDEFGHJLNPQRSTUWXYZ'[(n * 7) % 20]}`,
  'CH-DID': (n) =>
    `Manchester M20 ${1 + (n % 9)}${'ABDEFGHJLNPQRSTUWXYZ'[(n * 3) % 20]}${'ABDEFGHJLNPQRSTUWXYZ'[(n * 11) % 20]}`,
  'CH-BKN': (n) => `Brooklyn, NY 112${String(n % 40).padStart(2, '0')}`,
}

export type ProblemKey =
  | 'hypertension'
  | 't2dm'
  | 'asthma'
  | 'copd'
  | 'hypothyroidism'
  | 'depression'
  | 'anxiety'
  | 'osteoarthritis'
  | 'af'
  | 'hyperlipidaemia'
  | 'gord'
  | 'migraine'
  | 'ckd'
  | 'eczema'
  | 'backpain'

export type ProblemDef = {
  key: ProblemKey
  description: string
  /** Chance of the problem at an age (in years). */
  chance: (age: number, sex: 'female' | 'male' | 'other' | 'unknown') => number
  /** Age range it starts in. */
  onset: [number, number]
  medications: { name: string; dosage: string }[]
}

export const problemDefs: ProblemDef[] = [
  {
    key: 'hypertension',
    description: 'Essential hypertension',
    chance: (age) => (age < 35 ? 0 : age < 55 ? 0.18 : 0.42),
    onset: [38, 70],
    medications: [{ name: 'Amlodipine 5 mg tablets', dosage: 'One tablet once daily' }],
  },
  {
    key: 't2dm',
    description: 'Type 2 diabetes mellitus',
    chance: (age) => (age < 35 ? 0 : age < 55 ? 0.08 : 0.17),
    onset: [40, 70],
    medications: [{ name: 'Metformin 500 mg tablets', dosage: 'One tablet twice daily with meals' }],
  },
  {
    key: 'asthma',
    description: 'Asthma',
    chance: () => 0.11,
    onset: [3, 30],
    medications: [
      { name: 'Salbutamol 100 micrograms/dose inhaler', dosage: 'Two puffs when required for wheeze' },
      { name: 'Beclometasone 100 micrograms/dose inhaler', dosage: 'Two puffs twice daily' },
    ],
  },
  {
    key: 'copd',
    description: 'Chronic obstructive pulmonary disease',
    chance: (age) => (age < 50 ? 0 : 0.07),
    onset: [50, 72],
    medications: [
      { name: 'Tiotropium 2.5 micrograms inhaler', dosage: 'Two puffs once daily' },
      { name: 'Salbutamol 100 micrograms/dose inhaler', dosage: 'Two puffs when required for breathlessness' },
    ],
  },
  {
    key: 'hypothyroidism',
    description: 'Hypothyroidism',
    chance: (age, sex) => (age < 25 ? 0 : sex === 'female' ? 0.08 : 0.02),
    onset: [25, 65],
    medications: [{ name: 'Levothyroxine 75 micrograms tablets', dosage: 'One tablet each morning before breakfast' }],
  },
  {
    key: 'depression',
    description: 'Depressive episode',
    chance: (age) => (age < 16 ? 0 : 0.09),
    onset: [18, 60],
    medications: [{ name: 'Sertraline 50 mg tablets', dosage: 'One tablet once daily' }],
  },
  {
    key: 'anxiety',
    description: 'Generalised anxiety disorder',
    chance: (age) => (age < 14 ? 0 : 0.07),
    onset: [15, 55],
    medications: [{ name: 'Propranolol 10 mg tablets', dosage: 'One tablet up to three times a day when needed' }],
  },
  {
    key: 'osteoarthritis',
    description: 'Osteoarthritis of knee',
    chance: (age) => (age < 50 ? 0 : age < 65 ? 0.12 : 0.28),
    onset: [50, 75],
    medications: [
      { name: 'Paracetamol 500 mg tablets', dosage: 'Two tablets up to four times a day' },
      { name: 'Ibuprofen 5% gel', dosage: 'Apply to the knee three times a day' },
    ],
  },
  {
    key: 'af',
    description: 'Atrial fibrillation',
    chance: (age) => (age < 60 ? 0 : age < 75 ? 0.06 : 0.13),
    onset: [60, 82],
    medications: [
      { name: 'Apixaban 5 mg tablets', dosage: 'One tablet twice daily' },
      { name: 'Bisoprolol 2.5 mg tablets', dosage: 'One tablet once daily' },
    ],
  },
  {
    key: 'hyperlipidaemia',
    description: 'Hypercholesterolaemia',
    chance: (age) => (age < 40 ? 0 : age < 60 ? 0.12 : 0.25),
    onset: [40, 70],
    medications: [{ name: 'Atorvastatin 20 mg tablets', dosage: 'One tablet at night' }],
  },
  {
    key: 'gord',
    description: 'Gastro-oesophageal reflux disease',
    chance: (age) => (age < 18 ? 0 : 0.08),
    onset: [25, 65],
    medications: [{ name: 'Omeprazole 20 mg capsules', dosage: 'One capsule once daily before breakfast' }],
  },
  {
    key: 'migraine',
    description: 'Migraine without aura',
    chance: (age, sex) => (age < 12 ? 0 : sex === 'female' ? 0.09 : 0.03),
    onset: [12, 40],
    medications: [{ name: 'Sumatriptan 50 mg tablets', dosage: 'One tablet at onset, may repeat after 2 hours' }],
  },
  {
    key: 'ckd',
    description: 'Chronic kidney disease stage 3a',
    chance: (age) => (age < 65 ? 0 : 0.08),
    onset: [65, 85],
    medications: [],
  },
  {
    key: 'eczema',
    description: 'Atopic eczema',
    chance: (age) => (age < 16 ? 0.2 : 0.04),
    onset: [0, 20],
    medications: [
      { name: 'Emollient cream (Epaderm)', dosage: 'Apply liberally twice daily and as needed' },
      { name: 'Hydrocortisone 1% cream', dosage: 'Apply thinly to flares once daily for up to 7 days' },
    ],
  },
  {
    key: 'backpain',
    description: 'Chronic low back pain',
    chance: (age) => (age < 25 ? 0 : 0.07),
    onset: [25, 65],
    medications: [{ name: 'Naproxen 250 mg tablets', dosage: 'One tablet twice daily with food when needed' }],
  },
]

/** Past problems a record shows as resolved. */
export const resolvedProblems: { description: string; chance: (age: number) => number }[] = [
  { description: 'Appendicectomy', chance: (age) => (age < 12 ? 0 : 0.05) },
  { description: 'Fracture of left distal radius', chance: (age) => (age < 8 ? 0 : 0.04) },
  { description: 'Community-acquired pneumonia', chance: (age) => (age < 40 ? 0.02 : 0.05) },
  { description: 'Gestational diabetes', chance: (age) => (age < 25 || age > 60 ? 0 : 0.05) },
  { description: 'Tonsillitis, recurrent', chance: (age) => (age > 30 ? 0 : 0.06) },
]

export type AllergyDef = {
  substance: string
  reactions: [reaction: string, criticality: 'low' | 'high' | 'unable-to-assess'][]
  chance: (age: number) => number
}

export const allergyDefs: AllergyDef[] = [
  {
    substance: 'Penicillin',
    reactions: [
      ['Widespread itchy rash', 'low'],
      ['Anaphylaxis', 'high'],
      ['Reported as a child, reaction not known', 'unable-to-assess'],
    ],
    chance: () => 0.08,
  },
  { substance: 'Latex', reactions: [['Contact dermatitis', 'low']], chance: (age) => (age < 18 ? 0.005 : 0.03) },
  {
    substance: 'Peanuts',
    reactions: [
      ['Anaphylaxis', 'high'],
      ['Lip swelling and hives', 'high'],
    ],
    chance: (age) => (age < 18 ? 0.07 : 0.02),
  },
  {
    substance: 'Ibuprofen',
    reactions: [['Bronchospasm', 'high']],
    chance: () => 0.015,
  },
  { substance: 'Codeine', reactions: [['Nausea and vomiting', 'low']], chance: (age) => (age < 18 ? 0 : 0.03) },
  { substance: 'Trimethoprim', reactions: [['Rash', 'low']], chance: () => 0.015 },
]

/** Courses that were taken and finished, for the medicines list's history. */
export const pastCourses = [
  {
    name: 'Amoxicillin 500 mg capsules',
    dosage: 'One capsule three times a day for 5 days',
    needsNoPenicillinAllergy: true,
  },
  { name: 'Prednisolone 5 mg tablets', dosage: 'Eight tablets once daily for 5 days', needsNoPenicillinAllergy: false },
  {
    name: 'Nitrofurantoin 100 mg MR capsules',
    dosage: 'One capsule twice daily for 3 days',
    needsNoPenicillinAllergy: false,
  },
]

export const bookingNotes = [
  'Prefers morning appointments',
  'Prefers afternoon appointments after school pick-up',
  'Wheelchair access needed',
  'Hearing impaired: please call the name in the waiting room clearly',
  'Attending with a carer',
  'Please call the mobile, not the landline',
  'Requested a female clinician if possible',
  'Prefers text reminders',
  'Has a guide dog',
  'Parking permit needed at reception',
]

export const languageNames: Record<string, string> = {
  es: 'Spanish',
  pl: 'Polish',
  pa: 'Punjabi',
  ur: 'Urdu',
  pt: 'Portuguese',
}

export const cancelReasons = [
  'Patient feeling better',
  'Clash with a work shift',
  'Childcare fell through',
  'Clinician unwell: clinic cancelled',
  'Patient admitted to hospital',
  'Transport problem',
  'Patient asked to rebook for a later date',
  'Booked twice by mistake: duplicate cancelled',
]

export const errorReasons = ['Booked under the wrong patient record', 'Duplicate booking', 'Wrong visit type chosen']

export const waitlistNotes = [
  'Can come at short notice, call the mobile',
  'Only Tuesdays or Thursdays',
  'Would like an earlier appointment if one frees up',
  'Prefers mornings',
  'Happy to see any clinician',
  'Needs an interpreter',
]

/** The words a US record uses for the same things. */
export const usWords: [RegExp, string][] = [
  [/\bSalbutamol\b/g, 'Albuterol'],
  [/\bsalbutamol\b/g, 'albuterol'],
  [/\bParacetamol\b/g, 'Acetaminophen'],
  [/\bparacetamol\b/g, 'acetaminophen'],
  [/\bA&E\b/g, 'the emergency room'],
  [/\bNHS 111\b/g, 'the after-hours nurse line'],
  [/\bGP\b/g, 'primary care'],
  [/\bpaediatric/g, 'pediatric'],
  [/\bhaemoglobin/g, 'hemoglobin'],
  [/\bfit note\b/g, 'work note'],
]
