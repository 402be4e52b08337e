import type { DocumentType } from '#contract/ocr'
import type { SummaryTypeCode } from '#contract/summarization'
import type { Degradation } from '../../engines/ocr/test-pages'

/*
 * What a fresh demo opens with in facial recognition, document OCR, speech recognition and
 * summarization (issue 19): inputs the repository ships or generates, handed to the engines as
 * uploads. Nothing here is a result: every field, transcript, summary and distance is the engines'.
 */

/** A page of api/engines/ocr/test-pages.ts, uploaded as `fileName` (optionally as a phone would photograph it). */
export type ShowcaseDocument = { page: string; fileName: string; documentType: DocumentType; as?: Degradation }

/**
 * A demo call of api/seed/calls/ (its synthesized audio). Mono is the shipped Ogg Opus file as it
 * is; stereo puts the agent on the left channel and the customer on the right, from the call's
 * timings, as a contact centre's recorder does. `clipS` keeps the turns that end by then (tests).
 */
export type ShowcaseRecording = {
  call: string
  channels: 1 | 2
  domain: string
  clipS?: number
}

/** A demo call's shipped transcript, summarised as if its text file had been uploaded. */
export type ShowcaseSummary = { call: string; summaryType: SummaryTypeCode }

/**
 * A photo the face job analyses: one of the engine's fixtures (api/engines/face/fixtures/), or a
 * face of @vladmandic/face-api's demo group photos (api/engines/face/samples.ts), counted from the
 * left, cropped around it; optionally captured again: tilted, bright and compressed, or off a screen.
 */
export type PhotoSource = (
  { fixture: 'person-a-1.jpg' | 'person-a-2.jpg' | 'person-b.jpg' } | { sample: number; face: number }
) & { as?: Recapture }
export type Recapture = 'tilted' | 'webcam' | 'screen'

export type ShowcasePerson = { name: string; externalId: string; photo: PhotoSource }
export type ShowcaseScan =
  | { kind: 'verify'; /** the claimed person's external id */ claimed: string; photo: PhotoSource }
  | { kind: 'identify'; photo: PhotoSource }
/** One account's enrolled people and the scans made against them. */
export type FaceCast = { people: ShowcasePerson[]; scans: ShowcaseScan[] }

export type ShowcasePlan = {
  documents: ShowcaseDocument[]
  recordings: ShowcaseRecording[]
  summaries: ShowcaseSummary[]
  /** Per demo account (email); an account without one gets no people of its own. */
  face: Record<string, FaceCast>
}

/**
 * The demo accounts, in the order their jobs are queued (each account's all together): the
 * visitor's first, the account a prospect is shown, whose pages are then complete within a minute
 * or two; the others' show their items queued until the workers reach them (speech takes longest).
 */
export const SHOWCASE_ACCOUNTS = [
  'visitor@demo.local',
  'admin@demo.local',
  'supervisor@demo.local',
  'auditor@demo.local',
  'agent@demo.local',
  'clinician@demo.local',
] as const

const sample = (n: number, face: number, as?: Recapture): PhotoSource => ({
  sample: n,
  face,
  ...(as ? { as } : {}),
})

type Enrolled = { name: string; externalId: string; sample: number; face: number }

/** Two people enrolled, a second capture of the first verified, a stranger claiming to be them, the second identified. */
function pairCast(x: Enrolled, y: Enrolled, stranger: [sample: number, face: number]): FaceCast {
  const person = ({ name, externalId, sample: n, face }: Enrolled) => ({ name, externalId, photo: sample(n, face) })
  return {
    people: [person(x), person(y)],
    scans: [
      { kind: 'verify', claimed: x.externalId, photo: sample(x.sample, x.face, 'tilted') },
      { kind: 'verify', claimed: x.externalId, photo: sample(...stranger) },
      { kind: 'identify', photo: sample(y.sample, y.face, 'webcam') },
    ],
  }
}

export const showcasePlan: ShowcasePlan = {
  documents: [
    { page: 'invoice-t', fileName: 'brightwater-supplies-INV-20931.png', documentType: 'invoice' },
    { page: 'bill-t', fileName: 'northgate-energy-statement-feb-2024.png', documentType: 'invoice' },
    { page: 'receipt-t', fileName: 'corner-market-receipt-photo.jpg', documentType: 'invoice', as: 'jpeg' },
    { page: 'bill-h', fileName: 'clearwater-utilities-bill-aug-2024.png', documentType: 'invoice' },
  ],
  recordings: [
    { call: 'acme-standing-order-setup', channels: 1, domain: 'banking' },
    { call: 'contoso-test-results-callback', channels: 1, domain: 'healthcare' },
    { call: 'northwind-court-threat', channels: 2, domain: 'utilities' },
  ],
  summaries: [
    { call: 'acme-standing-order-setup', summaryType: 'call_notes' },
    { call: 'northwind-winter-bill-payment-plan', summaryType: 'action_items' },
    { call: 'contoso-double-charge-refund', summaryType: 'bullet_points' },
    { call: 'acme-card-declined-abroad', summaryType: 'brief' },
  ],
  // Admins see everyone's people and scans (personRule, scanRule): admin@demo.local gets none of its
  // own, and every other account enrols people of its own, so the admin's lists hold no one twice.
  face: {
    // the fixtures: one man photographed years apart (a genuine pair, just under the threshold) and
    // his nearest look-alike among the calibration photos (just over it); a face of the samples
    'visitor@demo.local': {
      people: [
        { name: 'Marcus Whitfield', externalId: 'CUST-20418', photo: { fixture: 'person-a-1.jpg' } },
        { name: 'Owen Gallagher', externalId: 'CUST-20533', photo: { fixture: 'person-b.jpg' } },
        { name: 'Jordan Reyes', externalId: 'CUST-20611', photo: sample(6, 2) },
      ],
      scans: [
        { kind: 'verify', claimed: 'CUST-20418', photo: { fixture: 'person-a-2.jpg' } },
        { kind: 'verify', claimed: 'CUST-20418', photo: { fixture: 'person-b.jpg' } },
        { kind: 'identify', photo: sample(6, 2, 'webcam') },
        // his enrolment photo held up on a phone: the right face, refused as not live
        { kind: 'verify', claimed: 'CUST-20418', photo: { fixture: 'person-a-1.jpg', as: 'screen' } },
      ],
    },
    'supervisor@demo.local': pairCast(
      { name: 'Alex Morgan', externalId: 'CUST-31042', sample: 1, face: 0 },
      { name: 'Sam Okoro', externalId: 'CUST-31077', sample: 1, face: 1 },
      [2, 2],
    ),
    'auditor@demo.local': pairCast(
      { name: 'Robin Hayes', externalId: 'CUST-42105', sample: 3, face: 1 },
      { name: 'Casey Lindgren', externalId: 'CUST-42139', sample: 6, face: 3 },
      [1, 2],
    ),
    'agent@demo.local': pairCast(
      { name: 'Jamie Patel', externalId: 'CUST-53216', sample: 6, face: 0 },
      { name: 'Taylor Brooks', externalId: 'CUST-53250', sample: 2, face: 2 },
      [5, 4],
    ),
    'clinician@demo.local': pairCast(
      { name: 'Riley Chen', externalId: 'PAT-64327', sample: 1, face: 2 },
      { name: 'Quinn Adeyemi', externalId: 'PAT-64361', sample: 5, face: 4 },
      [6, 0],
    ),
  },
}
