import type { Role } from '#contract/accounts'

export const DEMO_PASSWORD = 'Demo@1234'

export const demoUsers: { email: string; firstName: string; lastName: string; role: Role }[] = [
  { email: 'admin@demo.local', firstName: 'Alicia', lastName: 'Morgan', role: 'admin' },
  { email: 'supervisor@demo.local', firstName: 'Daniel', lastName: 'Okafor', role: 'qa_supervisor' },
  { email: 'auditor@demo.local', firstName: 'Sofia', lastName: 'Martinez', role: 'auditor' },
  { email: 'agent@demo.local', firstName: 'James', lastName: 'Carter', role: 'agent' },
  { email: 'visitor@demo.local', firstName: 'Emma', lastName: 'Lindqvist', role: 'visitor' },
  { email: 'clinician@demo.local', firstName: 'Priya', lastName: 'Raman', role: 'clinician' },
]

const ce = '/demo-portal/solutions/call-evaluation'

export const notificationTemplates: { title: string; body: string; link: string | null }[] = [
  {
    title: 'Evaluation ready for review',
    body: 'The AI finished scoring the call with Acme Bank customer #48213. Overall score 82%, one auto-fail category flagged.',
    link: `${ce}/evaluation-list`,
  },
  {
    title: 'Recording transcribed',
    body: 'Your upload "billing-dispute-0412.wav" was transcribed and summarised. It is ready in your history.',
    link: '/demo-portal/capabilities/speech-recognition/past_history',
  },
  {
    title: 'Template updated',
    body: 'The "Inbound Sales QA v3" template gained two questions in the Compliance category.',
    link: `${ce}/manage-template`,
  },
  {
    title: 'Manual review saved',
    body: 'Sofia Martinez completed a manual review of evaluation #1187 and changed the Greeting category to "no".',
    link: `${ce}/evaluation-list`,
  },
  {
    title: 'Document scanned',
    body: 'OCR extracted 14 fields from "claim-form-2291.pdf". Two fields have low confidence and need a check.',
    link: '/demo-portal/solutions/ocr/scanned',
  },
  {
    title: 'AI score awaiting approval',
    body: 'Three chat interactions were scored by the AI and are waiting for a supervisor to accept or reject.',
    link: '/demo-portal/solutions/ai-agent-scoring/ai_reviewed',
  },
  {
    title: 'Weekly performance digest',
    body: 'Team average quality score rose from 76% to 81% this week. Top improver: Greeting and Verification.',
    link: `${ce}/agent-performance-dashboard`,
  },
  {
    title: 'Upload failed',
    body: 'The recording "outbound-renewal-0398.mp3" could not be processed: the file is empty. Please upload it again.',
    link: '/demo-portal/capabilities/speech-recognition/past_history',
  },
  {
    title: 'Summary completed',
    body: 'The summary of "Q3 escalation policy.docx" is ready. Key points: refund limits, escalation tiers, SLA.',
    link: '/demo-portal/capabilities/summarization/past_history',
  },
  {
    title: 'Evaluation disputed',
    body: 'Agent James Carter disputed the Compliance score on evaluation #1179 and left a comment.',
    link: `${ce}/evaluation-list`,
  },
  {
    title: 'New template published',
    body: 'The "Healthcare Appointment Booking" template is now available for call evaluations.',
    link: `${ce}/manage-template`,
  },
  {
    title: 'Face verification batch complete',
    body: '42 identity checks ran overnight: 39 validated, 3 flagged as invalid for manual review.',
    link: '/demo-portal/solutions/face-recognition/validated',
  },
  {
    title: 'Scheduled maintenance',
    body: 'The demo environment will be briefly unavailable on Sunday between 02:00 and 02:30 UTC.',
    link: null,
  },
  {
    title: 'Welcome to the AI demo portal',
    body: 'Explore call evaluation, OCR, facial recognition and the speech, summarization and chatbot capabilities.',
    link: '/demo-portal',
  },
  {
    title: 'Profanity detected',
    body: 'The transcript of call #1192 contains flagged language in the closing segment.',
    link: `${ce}/evaluation-list`,
  },
]

export const domains: [string, string][] = [
  ['banking', 'Banking'],
  ['healthcare', 'Healthcare'],
  ['insurance', 'Insurance'],
  ['telecom', 'Telecom'],
  ['retail', 'Retail'],
  ['travel', 'Travel & Hospitality'],
  ['utilities', 'Utilities'],
  ['ecommerce', 'E-commerce'],
  ['government', 'Public Sector'],
]

export const languages: [string, string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
  ['pt', 'Portuguese'],
  ['it', 'Italian'],
  ['zh', 'Chinese (Mandarin)'],
]

/** Three client programmes, each with its lines of business. */
export const demoCampaigns: {
  code: string
  name: string
  client: string
  services: string[]
  /** The demo template its chats, e-mails and calls are scored against by default (AI agent scoring). */
  defaultTemplate: string
}[] = [
  {
    code: 'ACME-RETAIL',
    name: 'Retail banking inbound',
    client: 'Acme Bank',
    services: ['Card services', 'Current accounts', 'Personal loans', 'Fraud and disputes'],
    defaultTemplate: 'Inbound customer service',
  },
  {
    code: 'NORTHWIND-COLL',
    name: 'Energy collections',
    client: 'Northwind Energy',
    services: ['Early arrears', 'Payment plans', 'Vulnerable customers'],
    defaultTemplate: 'Collections compliance',
  },
  {
    code: 'CONTOSO-PATIENT',
    name: 'Patient access line',
    client: 'Contoso Health',
    services: ['Appointments', 'Billing enquiries', 'Prescription refills'],
    defaultTemplate: 'Inbound customer service',
  },
]

export const demoEvaluationTypes: [code: string, name: string][] = [
  ['ai', 'AI evaluation'],
  ['manual_audit', 'Manual audit'],
  ['calibration', 'Calibration'],
  ['dispute', 'Dispute review'],
]

export const demoDepartments = ['Retail Banking Inbound', 'Energy Collections', 'Patient Access', 'Quality Assurance']

export const demoLocations: { name: string; city: string; country: string }[] = [
  { name: 'Manchester Hub', city: 'Manchester', country: 'United Kingdom' },
  { name: 'Cape Town Centre', city: 'Cape Town', country: 'South Africa' },
  { name: 'Manila Bay Site', city: 'Manila', country: 'Philippines' },
  { name: 'Remote (UK)', city: '', country: 'United Kingdom' },
]

type StaffSeed = { firstName: string; lastName: string; location: string }

/** QA supervisors besides the demo supervisor, each leading a team in a campaign. */
export const demoSupervisors: (StaffSeed & { email: string; campaign: string })[] = [
  {
    email: 'supervisor@demo.local',
    firstName: 'Daniel',
    lastName: 'Okafor',
    location: 'Manchester Hub',
    campaign: 'ACME-RETAIL',
  },
  {
    email: 'helen.park@demo.local',
    firstName: 'Helen',
    lastName: 'Park',
    location: 'Cape Town Centre',
    campaign: 'NORTHWIND-COLL',
  },
  {
    email: 'rajesh.iyer@demo.local',
    firstName: 'Rajesh',
    lastName: 'Iyer',
    location: 'Manila Bay Site',
    campaign: 'CONTOSO-PATIENT',
  },
  {
    email: 'claire.fontaine@demo.local',
    firstName: 'Claire',
    lastName: 'Fontaine',
    location: 'Manchester Hub',
    campaign: 'ACME-RETAIL',
  },
]

/** Thirty agents in three campaigns; the demo agent (James Carter) is the first. */
export const demoAgents: (StaffSeed & { campaign: string; supervisor: string })[] = [
  ['James', 'Carter', 'Manchester Hub', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Priya', 'Shah', 'Manchester Hub', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Marcus', 'Reid', 'Manchester Hub', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Aisha', 'Bello', 'Remote (UK)', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Tom', 'Walsh', 'Manchester Hub', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Chloe', 'Dubois', 'Manchester Hub', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Ravi', 'Menon', 'Remote (UK)', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Hannah', 'Kim', 'Manchester Hub', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Omar', 'Haddad', 'Manchester Hub', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Lucy', 'Bennett', 'Remote (UK)', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Diego', 'Alvarez', 'Manchester Hub', 'ACME-RETAIL', 'claire.fontaine@demo.local'],
  ['Fatima', 'Noor', 'Manchester Hub', 'ACME-RETAIL', 'supervisor@demo.local'],
  ['Ben', 'Turner', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Mei', 'Chen', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Samuel', 'Osei', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Olivia', 'Grant', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Kenji', 'Sato', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Zara', 'Ahmed', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Liam', "O'Connor", 'Remote (UK)', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Nadia', 'Petrova', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Ethan', 'Brooks', 'Cape Town Centre', 'NORTHWIND-COLL', 'helen.park@demo.local'],
  ['Grace', 'Mensah', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Victor', 'Silva', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Amira', 'Saleh', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Noah', 'Fischer', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Sara', 'Lindgren', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Jack', 'Moreno', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Ella', 'Novak', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Isaac', 'Cohen', 'Remote (UK)', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
  ['Ruby', 'Adams', 'Manila Bay Site', 'CONTOSO-PATIENT', 'rajesh.iyer@demo.local'],
].map(([firstName, lastName, location, campaign, supervisor]) => ({
  firstName,
  lastName,
  location,
  campaign,
  supervisor,
}))

export const departmentOfCampaign: Record<string, string> = {
  'ACME-RETAIL': 'Retail Banking Inbound',
  'NORTHWIND-COLL': 'Energy Collections',
  'CONTOSO-PATIENT': 'Patient Access',
}

/** The demo agent's login; the other agents sign in as first.last@demo.local. */
export const agentEmail = (a: { firstName: string; lastName: string }, index: number) =>
  index === 0
    ? 'agent@demo.local'
    : `${a.firstName}.${a.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@demo.local'
