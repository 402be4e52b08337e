import { demoCampaigns } from '../demo-data'

/*
 * The demo clinic group behind the Patient access line (Contoso Health): its sites, practitioners,
 * visit types and weekly hours. Everyone here is invented; the phone numbers are in the ranges set
 * aside for drama (UK 01632 960xxx, US 555-01xx).
 */

/** The campaign the clinic's sites belong to, found by name so a renamed code follows. */
export const CLINIC_CAMPAIGN = demoCampaigns.find((c) => c.name === 'Patient access line')?.code ?? 'CONTOSO-PATIENT'

export type SiteDef = { code: string; name: string; address: string; phone: string; timeZone: string }

export const clinicSiteDefs: SiteDef[] = [
  {
    code: 'CH-ISL',
    name: 'Contoso Health Islington',
    address: '14 Marlowe Street, London N7 8QA',
    phone: '01632 960101',
    timeZone: 'Europe/London',
  },
  {
    code: 'CH-DID',
    name: 'Contoso Health Didsbury',
    address: '3 Wilmslow Parade, Manchester M20 5PB',
    phone: '01632 960202',
    timeZone: 'Europe/London',
  },
  {
    code: 'CH-BKN',
    name: 'Contoso Health Brooklyn Family Practice',
    address: '245 Atlantic Terrace, Brooklyn, NY 11201',
    phone: '(718) 555-0142',
    timeZone: 'America/New_York',
  },
]

/** What a practitioner does, which picks their visit types, their patients and how their notes read. */
export type PractitionerKind = 'gp' | 'nurse' | 'physio' | 'derm' | 'paeds'

export type PractitionerDef = {
  code: string
  prefix: string
  givenName: string
  familyName: string
  specialty: string
  kind: PractitionerKind
}

export const practitionerDefs: PractitionerDef[] = [
  {
    code: 'CH-RAMAN',
    prefix: 'Dr',
    givenName: 'Priya',
    familyName: 'Raman',
    specialty: 'General practice',
    kind: 'gp',
  },
  {
    code: 'CH-WHITFIELD',
    prefix: 'Dr',
    givenName: 'Tom',
    familyName: 'Whitfield',
    specialty: 'General practice',
    kind: 'gp',
  },
  {
    code: 'CH-BELLO',
    prefix: 'Dr',
    givenName: 'Aisha',
    familyName: 'Bello',
    specialty: 'General practice',
    kind: 'gp',
  },
  {
    code: 'CH-MACLEOD',
    prefix: 'Ms',
    givenName: 'Fiona',
    familyName: 'MacLeod',
    specialty: 'Practice nurse',
    kind: 'nurse',
  },
  {
    code: 'CH-OKONKWO',
    prefix: 'Mr',
    givenName: 'Samuel',
    familyName: 'Okonkwo',
    specialty: 'Physiotherapy',
    kind: 'physio',
  },
  {
    code: 'CH-HUGHES',
    prefix: 'Dr',
    givenName: 'Eleanor',
    familyName: 'Hughes',
    specialty: 'Dermatology',
    kind: 'derm',
  },
  { code: 'CH-NOWAK', prefix: 'Dr', givenName: 'Marek', familyName: 'Nowak', specialty: 'Paediatrics', kind: 'paeds' },
  {
    code: 'CH-CLARKE',
    prefix: 'Dr',
    givenName: 'Hannah',
    familyName: 'Clarke',
    specialty: 'General practice',
    kind: 'gp',
  },
  {
    code: 'CH-ADEYEMI',
    prefix: 'Ms',
    givenName: 'Joy',
    familyName: 'Adeyemi',
    specialty: 'Practice nurse',
    kind: 'nurse',
  },
  {
    code: 'CH-MENDOZA',
    prefix: 'Dr',
    givenName: 'Carlos',
    familyName: 'Mendoza',
    specialty: 'Family medicine',
    kind: 'gp',
  },
  {
    code: 'CH-GOLDBERG',
    prefix: 'Dr',
    givenName: 'Rachel',
    familyName: 'Goldberg',
    specialty: 'Pediatrics',
    kind: 'paeds',
  },
  {
    code: 'CH-NGUYEN',
    prefix: 'Ms',
    givenName: 'Kim',
    familyName: 'Nguyen',
    specialty: 'Nurse practitioner',
    kind: 'gp',
  },
]

export type VisitTypeDef = {
  code: string
  name: string
  durationMinutes: number
  bufferMinutes: number
  minNoticeMinutes: number
}

export const visitTypeDefs: VisitTypeDef[] = [
  { code: 'GP15', name: 'GP consultation', durationMinutes: 15, bufferMinutes: 5, minNoticeMinutes: 0 },
  { code: 'GP30', name: 'Long consultation', durationMinutes: 30, bufferMinutes: 5, minNoticeMinutes: 120 },
  { code: 'NURSE20', name: 'Nurse appointment', durationMinutes: 20, bufferMinutes: 0, minNoticeMinutes: 60 },
  {
    code: 'PHYSIO45',
    name: 'Physiotherapy assessment',
    durationMinutes: 45,
    bufferMinutes: 15,
    minNoticeMinutes: 1440,
  },
  { code: 'PHONE10', name: 'Telephone consultation', durationMinutes: 10, bufferMinutes: 0, minNoticeMinutes: 0 },
  { code: 'NEWPT30', name: 'New patient check', durationMinutes: 30, bufferMinutes: 0, minNoticeMinutes: 1440 },
]

/** The visit types each kind of practitioner offers, with how often each is booked. */
export const visitMix: Record<PractitionerKind, [visitType: string, weight: number][]> = {
  gp: [
    ['GP15', 60],
    ['GP30', 10],
    ['PHONE10', 22],
    ['NEWPT30', 8],
  ],
  nurse: [
    ['NURSE20', 80],
    ['PHONE10', 8],
    ['NEWPT30', 12],
  ],
  physio: [
    ['PHYSIO45', 75],
    ['PHONE10', 25],
  ],
  derm: [
    ['GP30', 55],
    ['GP15', 25],
    ['PHONE10', 20],
  ],
  paeds: [
    ['GP15', 55],
    ['GP30', 25],
    ['PHONE10', 20],
  ],
}

export type RuleDef = { practitioner: string; site: string; weekday: number; start: string; end: string }

const MON_FRI = [1, 2, 3, 4, 5]

/** Weekly hours on the given weekdays (0 = Sunday), one rule per day and span. */
const hours = (practitioner: string, site: string, weekdays: number[], ...spans: [string, string][]): RuleDef[] =>
  weekdays.flatMap((weekday) => spans.map(([start, end]) => ({ practitioner, site, weekday, start, end })))

export const ruleDefs: RuleDef[] = [
  ...hours('CH-RAMAN', 'CH-ISL', [1, 2, 3, 4], ['08:30', '12:30'], ['14:00', '17:30']),
  ...hours('CH-RAMAN', 'CH-ISL', [5], ['08:30', '12:30']),
  ...hours('CH-WHITFIELD', 'CH-ISL', [1, 2, 4], ['09:00', '12:30'], ['14:00', '17:30']),
  ...hours('CH-WHITFIELD', 'CH-DID', [3, 5], ['09:00', '12:30'], ['14:00', '17:00']),
  ...hours('CH-BELLO', 'CH-ISL', [2, 3, 4], ['09:00', '13:00'], ['14:00', '18:00']),
  // the Saturday morning clinic
  ...hours('CH-BELLO', 'CH-ISL', [6], ['09:00', '12:00']),
  ...hours('CH-MACLEOD', 'CH-ISL', MON_FRI, ['08:00', '13:00']),
  ...hours('CH-OKONKWO', 'CH-ISL', [2, 4], ['08:30', '12:30'], ['13:30', '16:30']),
  ...hours('CH-OKONKWO', 'CH-DID', [1, 3], ['08:30', '12:30'], ['13:30', '16:30']),
  ...hours('CH-OKONKWO', 'CH-DID', [5], ['08:30', '12:30']),
  ...hours('CH-HUGHES', 'CH-ISL', [3], ['09:00', '13:00']),
  ...hours('CH-HUGHES', 'CH-DID', [4], ['09:00', '13:00'], ['14:00', '17:00']),
  ...hours('CH-NOWAK', 'CH-DID', [1, 2, 3, 4], ['09:00', '12:30'], ['13:30', '16:30']),
  ...hours('CH-CLARKE', 'CH-DID', [1, 2, 4, 5], ['08:30', '12:30'], ['14:00', '17:30']),
  ...hours('CH-CLARKE', 'CH-DID', [3], ['08:30', '12:30']),
  ...hours('CH-ADEYEMI', 'CH-DID', MON_FRI, ['08:30', '13:30']),
  ...hours('CH-MENDOZA', 'CH-BKN', MON_FRI, ['08:00', '12:00'], ['13:00', '17:00']),
  ...hours('CH-GOLDBERG', 'CH-BKN', [1, 3, 5], ['09:00', '13:00']),
  ...hours('CH-NGUYEN', 'CH-BKN', [1, 2, 3, 5], ['10:00', '13:00'], ['14:00', '18:00']),
  ...hours('CH-NGUYEN', 'CH-BKN', [4], ['11:00', '13:00'], ['14:00', '19:00']),
]

/**
 * Changes to the weekly hours, placed relative to the week the demo is first seeded in (weekOffset 0:
 * that week; the weekday as in the rules). No times: the whole day. No site: every site.
 */
export type ExceptionDef = {
  practitioner: string
  site: string | null
  weekOffset: number
  weekday: number
  start: string | null
  end: string | null
  available: boolean
  reason: string
}

export const exceptionDefs: ExceptionDef[] = [
  {
    practitioner: 'CH-OKONKWO',
    site: null,
    weekOffset: -1,
    weekday: 3,
    start: null,
    end: null,
    available: false,
    reason: 'Sick leave',
  },
  {
    practitioner: 'CH-MACLEOD',
    site: null,
    weekOffset: 1,
    weekday: 5,
    start: null,
    end: null,
    available: false,
    reason: 'Annual leave',
  },
  {
    practitioner: 'CH-RAMAN',
    site: 'CH-ISL',
    weekOffset: 1,
    weekday: 4,
    start: '18:00',
    end: '20:00',
    available: true,
    reason: 'Extra evening clinic',
  },
  {
    practitioner: 'CH-WHITFIELD',
    site: 'CH-ISL',
    weekOffset: 1,
    weekday: 2,
    start: '14:00',
    end: '17:30',
    available: false,
    reason: 'Appraisal',
  },
  {
    practitioner: 'CH-CLARKE',
    site: 'CH-DID',
    weekOffset: 2,
    weekday: 2,
    start: '08:30',
    end: '10:30',
    available: false,
    reason: 'Safeguarding training',
  },
  {
    practitioner: 'CH-MENDOZA',
    site: null,
    weekOffset: 2,
    weekday: 1,
    start: null,
    end: null,
    available: false,
    reason: 'Conference',
  },
  {
    practitioner: 'CH-NGUYEN',
    site: 'CH-BKN',
    weekOffset: 1,
    weekday: 2,
    start: '18:00',
    end: '20:00',
    available: true,
    reason: 'Extra evening clinic: flu vaccinations',
  },
  {
    practitioner: 'CH-HUGHES',
    site: null,
    weekOffset: 3,
    weekday: 3,
    start: null,
    end: null,
    available: false,
    reason: 'Annual leave',
  },
]
