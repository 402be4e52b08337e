// Labels and formatting for the evaluation pages. Types only from the contract: importing its values
// would pull zod into the browser bundle.
import type { AnswerValue, EvaluationStatus } from '#contract/evaluations'
import type { TagColor } from '~/components/layout/tag'
import { utcDates } from '~/lib/intl-formats'

export const EVALUATIONS_PATH = '/demo-portal/solutions/call-evaluation'
export const evaluationListPath = `${EVALUATIONS_PATH}/evaluation-list`
export const evaluationDetailPath = (id: number | string) => `${EVALUATIONS_PATH}/evaluation-detail/${id}`

export const statusLabel: Record<EvaluationStatus, string> = {
  ai_evaluated: 'AI evaluated',
  under_review: 'Under review',
  reviewed: 'Reviewed',
  acknowledged: 'Acknowledged',
  disputed: 'Disputed',
}
export const statusColor: Record<EvaluationStatus, TagColor> = {
  ai_evaluated: 'blue',
  under_review: 'yellow',
  reviewed: 'teal',
  acknowledged: 'green',
  disputed: 'red',
}
export const statusOptions = (Object.keys(statusLabel) as EvaluationStatus[]).map((value) => ({
  value,
  label: statusLabel[value],
}))

export const answerLabel: Record<AnswerValue, string> = { yes: 'Yes', no: 'No', 'n/a': 'N/A' }
export const answerColor: Record<AnswerValue, string> = { yes: 'teal', no: 'red', 'n/a': 'gray' }

/** Green when the answer is the compliant one ("no" to "Did the agent blame the customer?"), red when not. */
export function outcomeColor(value: AnswerValue, expected: 'yes' | 'no') {
  if (value === 'n/a') return answerColor['n/a']
  return value === expected ? 'teal' : 'red'
}
export const answers: AnswerValue[] = ['yes', 'no', 'n/a']
/** SPEC §4: yes, then no, then n/a, then yes again. */
export const nextAnswer = (value: AnswerValue): AnswerValue => answers[(answers.indexOf(value) + 1) % answers.length]

/** 0–100 with at most one decimal: 91.7%, 100%. */
export function formatScore(score: number | null | undefined) {
  return score === null || score === undefined ? '—' : `${Math.round(score * 10) / 10}%`
}

/** m:ss (h:mm:ss past an hour); a dash for no duration (a chat or an e-mail). */
export function formatDuration(seconds: number | null) {
  if (seconds === null) return '—'
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}

// One fixed zone and locale so the server's HTML and the browser's hydration agree.
const dateTime = utcDates({ dateStyle: 'medium', timeStyle: 'short' })
export function formatDateTime(iso: string | null | undefined) {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`
}

/** "00:01:05" → 65; null for anything else. */
export function secondsOf(hhmmss: string | null | undefined): number | null {
  const match = hhmmss?.match(/^(\d+):(\d{2}):(\d{2})$/)
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null
}
