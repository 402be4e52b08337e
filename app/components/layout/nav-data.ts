import {
  IconBrain,
  IconCalendarMonth,
  IconCalendarStats,
  IconFaceId,
  IconFileSearch,
  IconHeadset,
  IconMessageChatbot,
  IconMicrophone,
  IconNotes,
  IconStethoscope,
  type Icon,
} from '~/components/icons'

export type NavItem = {
  label: string
  to: string
  icon: Icon
  /** What it does for a contact centre, in one line (the dashboard cards reuse it). */
  description: string
  /** Highlight the link for every path under this prefix (defaults to `to`). */
  match?: string
  /** Only highlight on an exact match. */
  end?: boolean
}
export type NavSection = { label: string; items: NavItem[] }

export const solutions: NavItem[] = [
  {
    label: 'Facial recognition',
    to: '/demo-portal/solutions/facial-recognition',
    icon: IconFaceId,
    description: 'Verify a caller or agent against an enrolled photo before sensitive actions.',
  },
  {
    label: 'Document OCR',
    to: '/demo-portal/solutions/ocr',
    icon: IconFileSearch,
    description: 'Read the text out of scanned forms, IDs and invoices so agents stop retyping them.',
  },
  {
    label: 'AI agent scoring',
    to: '/demo-portal/solutions/ai-agent-scoring',
    icon: IconBrain,
    description: 'Score every call, chat or email against your rubric; supervisors accept or reject.',
  },
  {
    label: 'Call evaluation',
    to: '/demo-portal/solutions/call-evaluation/evaluation-dashboard',
    match: '/demo-portal/solutions/call-evaluation',
    icon: IconHeadset,
    description: 'Audit calls with templates, AI answers with evidence, and agent performance dashboards.',
  },
]

export const capabilities: NavItem[] = [
  {
    label: 'Speech recognition',
    to: '/demo-portal/capabilities/speech-recognition',
    icon: IconMicrophone,
    description: 'Turn call recordings into searchable transcripts.',
  },
  {
    label: 'Summarization',
    to: '/demo-portal/capabilities/summarization',
    icon: IconNotes,
    description: 'Condense long calls and documents into the few lines a supervisor needs.',
  },
  {
    label: 'Chatbot',
    to: '/demo-portal/capabilities/chatbot',
    icon: IconMessageChatbot,
    description: 'Answer customers and assist agents from your knowledge base, with sources.',
  },
]

export const reservationHub: NavItem[] = [
  {
    label: 'Overview',
    to: '/reshub',
    end: true,
    icon: IconCalendarStats,
    description: "Today's patient appointments booked by the contact centre.",
  },
  {
    label: 'Calendar',
    to: '/reshub/calendar',
    icon: IconCalendarMonth,
    description: 'Every appointment on a day, week or month calendar.',
  },
]

export const emr: NavItem[] = [
  {
    label: 'Patient records',
    to: '/demo-portal/emr',
    icon: IconStethoscope,
    description: 'Demographics, visits and notes with an AI summary.',
  },
]

export const navSections: NavSection[] = [
  { label: 'Solutions', items: solutions },
  { label: 'Capabilities', items: capabilities },
  { label: 'Reservation hub', items: reservationHub },
  { label: 'EMR', items: emr },
]

export function isActive(item: NavItem, pathname: string) {
  const base = item.match ?? item.to
  return item.end ? pathname === base || pathname === `${base}/` : pathname === base || pathname.startsWith(`${base}/`)
}
