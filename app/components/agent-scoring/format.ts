// Paths, labels and formatting of the AI agent scoring pages. Types only from the contract (its
// values would pull zod into the browser bundle), except the small tables below, copied from it
// (format.test.ts holds them equal).
import type { Channel, RejectReason, ScoringBucket, ScoringItemRow, ScoringOrdering } from '#contract/agent-scoring'
import { utcDates } from '~/lib/intl-formats'

export const SCORING_PATH = '/demo-portal/solutions/ai-agent-scoring'
export const SCORING_DEMO_PATH = `${SCORING_PATH}/demo`
export const CALIBRATION_PATH = `${SCORING_PATH}/calibration`
export const SCORING_EXPORT_PATH = '/resources/scoring-export'
export const bucketPath = (bucket: ScoringBucket) => `${SCORING_PATH}/${bucket}`
export const itemPath = (bucket: ScoringBucket, id: number) => `${SCORING_PATH}/${bucket}/${id}`
export const calibrationPath = (templateInternalId?: string) =>
  templateInternalId ? `${CALIBRATION_PATH}?template_internal_id=${templateInternalId}` : CALIBRATION_PATH

/** An item link that leads nowhere. */
export const ITEM_NOT_FOUND = 'Scored interaction not found'

/** The item page's forms: claim the item, score it again, or decide it (accept or reject, with corrections). */
export const CLAIM_INTENT = 'claim'
export const RESCORE_INTENT = 'rescore'
export const DECIDE_INTENT = 'decide'
/** A criterion's fields in the decision form (one plain form post, with or without JavaScript). */
export const correctionField = (questionId: number, part: 'value' | 'reason' | 'comment') => `c${questionId}.${part}`

/** The AI-reviewed queue's bulk accept: each selected row posts `item=<id>:<version>`. */
export const BULK_ACCEPT_INTENT = 'bulk-accept'
export const BULK_ITEM_FIELD = 'item'

/** The demo page's two forms: a pasted chat or e-mail, or a file (a conversation or a call's audio). */
export const PASTE_INTENT = 'paste'
export const UPLOAD_INTENT = 'upload'
/** A pasted conversation: at most this many characters (the contract's SCORING_TEXT_MAX). */
export const PASTE_MAX = 50_000
/** What the file input offers: chats and e-mails as text, .json turns or .eml, and audio. */
export const scoringFileAccept = '.txt,.json,.eml,text/plain,application/json,message/rfc822,audio/*'

/** What the queue's list says when it cannot be loaded. */
export const LIST_ERROR = 'Failed to load the scoring queue'

export const BUCKETS: ScoringBucket[] = ['pending', 'ai_reviewed', 'ai_accepted', 'ai_rejected']
export const bucketLabel: Record<ScoringBucket, string> = {
  pending: 'Pending',
  ai_reviewed: 'AI reviewed',
  ai_accepted: 'AI accepted',
  ai_rejected: 'AI rejected',
}
export const bucketColor: Record<ScoringBucket, string> = {
  pending: 'blue',
  ai_reviewed: 'violet',
  ai_accepted: 'teal',
  ai_rejected: 'red',
}
export const isBucket = (value: unknown): value is ScoringBucket => BUCKETS.includes(value as ScoringBucket)

export const channelLabel: Record<Channel, string> = { call: 'Call', chat: 'Chat', email: 'E-mail' }
export const channelOptions = (Object.keys(channelLabel) as Channel[]).map((value) => ({
  value,
  label: channelLabel[value],
}))

export const reasonLabel: Record<RejectReason, string> = {
  wrong_verdict: 'Wrong verdict',
  evidence_not_in_conversation: 'Evidence not in the conversation',
  criterion_unclear: 'Criterion unclear',
  not_scorable: 'Not scorable',
}

const notScorableLabel: Record<NonNullable<ScoringItemRow['not_scorable_reason']>, string> = {
  voicemail: 'Voicemail',
  too_few_words: 'Too few words to score',
  other_language: 'In another language',
  no_agent_turns: 'The agent never speaks',
}

/** The queue's orderings as the sort picker offers them; the API's default first. */
export const orderingOptions: { value: ScoringOrdering; label: string }[] = [
  { value: 'needs_human', label: 'Least confident first' },
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-confidence', label: 'Most confident first' },
  { value: '-ai_score', label: 'Highest AI score first' },
  { value: 'ai_score', label: 'Lowest AI score first' },
]

/** The queue's filters, as the list's URL, its form and the export carry them. */
export const SCORING_FILTERS = [
  'channel',
  'template_internal_id',
  'agent_id',
  'campaign_id',
  'date_from',
  'date_to',
  'confidence_max',
  'needs_attention',
] as const
export type ScoringFilterValues = Partial<Record<(typeof SCORING_FILTERS)[number] | 'ordering', string>>

/** 0–1 → "42%"; null (not scored yet) → "—". */
export const formatConfidence = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`)

/** Seconds waiting → "40 min", "5 h 20 min", "3 d 4 h". */
export function formatAge(seconds: number | null) {
  if (seconds === null) return '—'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${Math.max(minutes, 1)} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** Why a pending item waits for a person: its job failed (with the reason) or it cannot be scored. */
export function attentionReason(row: Pick<ScoringItemRow, 'failure_reason' | 'not_scorable_reason'>) {
  if (row.not_scorable_reason) return `Not scorable: ${notScorableLabel[row.not_scorable_reason].toLowerCase()}`
  return `Scoring failed: ${row.failure_reason ?? 'no reason given'}`
}

/** κ with two decimals, or why there is none. */
export const formatKappa = (kappa: number | null) => (kappa === null ? '—' : kappa.toFixed(2))
/** An agreement percentage, or a dash when nothing was decided. */
export const formatPct = (pct: number | null) => (pct === null ? '—' : `${pct}%`)

const monthFormat = utcDates({ month: 'long', year: 'numeric' })
/** "2026-03" → "March 2026". */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))
