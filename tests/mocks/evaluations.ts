import { HttpResponse } from 'msw'
import { endpoints, pathOf } from '#contract/endpoints'
import {
  changeStatusBody,
  DISPUTE_NEEDS_REASON,
  lacksDisputeReason,
  type AnswerValue,
  type EvaluationStatus,
  type EvaluationSummary,
  type ManualReviewBody,
  type ReviewSessionBody,
} from '#contract/evaluations'
import {
  accessStatusFor,
  actionStatusFor,
  agents,
  aiAnswers,
  allEvaluations,
  audioSignature,
  campaigns,
  chatEvaluationDetail,
  emotionFor,
  evaluationDetail,
  evaluationTypes,
  manualReviewOf,
  profanityFor,
  recordingId,
  rowId,
  sentimentFor,
  sentimentTimingFor,
  services,
  silentWav,
  supervisors,
  templateCategories,
  wordCloudFor,
} from '#tests/fixtures/evaluations'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import type { z } from 'zod'
import { error } from './auth'
import { mock } from './endpoint'

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const evaluationState = {
  auditor: new Map<number, AnswerValue[][]>(),
  status: new Map<number, EvaluationStatus>(),
  saved: [] as ManualReviewBody[],
  statusChanges: [] as z.infer<typeof changeStatusBody>[],
  sessions: [] as ReviewSessionBody[],
  profanityScans: 0,
  /** Evaluations sent back to the scoring queue. */
  rescored: new Set<number>(),
  /** Evaluations that are chats accepted from AI agent scoring (a thread, no recording). */
  chats: new Set<number>(),
}

export function resetEvaluationMocks() {
  evaluationState.auditor.clear()
  evaluationState.status.clear()
  evaluationState.saved = []
  evaluationState.statusChanges = []
  evaluationState.sessions = []
  evaluationState.profanityScans = 0
  evaluationState.rescored.clear()
  evaluationState.chats.clear()
}

function evaluations(): EvaluationSummary[] {
  return allEvaluations(evaluationState.auditor).map((e) => ({
    ...e,
    status: evaluationState.status.get(e.id) ?? e.status,
  }))
}

const NOT_FOUND = 'Call evaluation not found'
/** The agent rule: agents open only their own calls. */
const mayOpen = (key: DemoKey, evaluation: EvaluationSummary) =>
  key !== 'agent' || evaluation.agent.id === demoUsers.agent.id

/** Finds the evaluation and applies the agent rule. */
function access(key: DemoKey, id: number) {
  const found = evaluations().find((e) => e.id === id)
  if (!found) return error(404, NOT_FOUND)
  if (!mayOpen(key, found)) return error(403, 'You can only open your own evaluations.')
  return { key, evaluation: found, id: found.id }
}

type PerCall = (typeof endpoints)['sentimentAnalysis' | 'sentimentTiming' | 'sentimentWordCloud' | 'emotionAnalysis']

const perCall = <E extends PerCall>(endpoint: E, build: (id: number) => z.input<E['response']>, message: string) =>
  mock<PerCall>(
    endpoint,
    ({ key, query }) => {
      const found = access(key, query.call_evaluation_id)
      return found instanceof Response ? found : (build(found.id) as z.input<PerCall['response']>)
    },
    message,
  )

const ORDER: Record<string, (e: EvaluationSummary) => number | string> = {
  call_time: (e) => e.call_time,
  ai_score: (e) => e.ai_score ?? -1,
  auditor_score: (e) => e.auditor_score ?? -1,
  agent: (e) => e.agent.name,
  duration: (e) => e.duration_s ?? -1,
}

let nextSession = 500

export const evaluationHandlers = [
  mock(endpoints.campaigns, () => campaigns, 'Campaigns retrieved successfully'),
  mock(
    endpoints.services,
    ({ query: { campaign_id: id } }) => (id === undefined ? services : services.filter((s) => s.campaign_id === id)),
    'Services retrieved successfully',
  ),
  mock(endpoints.evaluationTypes, () => evaluationTypes, 'Evaluation types'),

  mock(
    endpoints.projectList,
    ({ query: { role, q, limit } }) => {
      const people = [...agents, ...supervisors]
        .filter((p) => !role || p.role === role)
        .filter((p) => !q || p.name.toLowerCase().includes(q.toLowerCase()))
        .slice(0, limit)
      return { count: people.length, results: people }
    },
    'Project list',
  ),

  mock(
    endpoints.listEvaluations,
    ({ key, query: f }) => {
      const q = f.q?.toLowerCase()
      const rows = evaluations().filter(
        (e) =>
          mayOpen(key, e) &&
          (!f.date_from || e.call_time.slice(0, 10) >= f.date_from) &&
          (!f.date_to || e.call_time.slice(0, 10) <= f.date_to) &&
          (!f.campaign_id || e.campaign.id === f.campaign_id) &&
          (!f.service_id || e.service?.id === f.service_id) &&
          (!f.agent_id || e.agent.id === f.agent_id) &&
          (!f.supervisor_id || e.supervisor?.id === f.supervisor_id) &&
          (!f.status || e.status === f.status) &&
          (f.score_min === undefined || (e.auditor_score ?? e.ai_score ?? -1) >= f.score_min) &&
          (f.score_max === undefined || (e.auditor_score ?? e.ai_score ?? 101) <= f.score_max) &&
          (!f.auto_fail || e.auto_fail) &&
          (!q || [e.customer_name, e.purpose, e.agent.name, String(e.id)].some((t) => t.toLowerCase().includes(q))),
      )
      const field = f.ordering.replace(/^-/, '')
      const sign = f.ordering.startsWith('-') ? -1 : 1
      rows.sort((a, b) => {
        const [x, y] = [ORDER[field](a), ORDER[field](b)]
        return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign
      })
      const totalPages = Math.ceil(rows.length / f.page_size)
      return {
        count: rows.length,
        total_pages: totalPages,
        current_page: f.page,
        next: f.page < totalPages ? f.page + 1 : null,
        previous: f.page > 1 ? f.page - 1 : null,
        results: rows.slice((f.page - 1) * f.page_size, f.page * f.page_size),
      }
    },
    'Evaluations retrieved successfully',
  ),

  mock(
    endpoints.evaluationDetails,
    ({ key, query }) => {
      const found = access(key, query.call_evaluation_id)
      if (found instanceof Response) return found
      const detail = evaluationState.chats.has(found.id)
        ? chatEvaluationDetail(found.id)
        : evaluationDetail(found.id, evaluationState.auditor.get(found.id) ?? null)
      const scoring = evaluationState.rescored.has(found.id) ? { scoring_status: 'in_queue' as const } : {}
      return { ...detail, status: found.evaluation.status, ...scoring }
    },
    'Evaluation details',
  ),

  mock(
    endpoints.getManualReview,
    ({ key, query }) => {
      const found = access(key, query.call_evaluation_id)
      if (found instanceof Response) return found
      return manualReviewOf(found.id, evaluationState.auditor.get(found.id) ?? null)
    },
    'Manual review',
  ),

  // auditors, QA supervisors and admins only: the table's roles, checked by mock()
  mock(
    endpoints.saveManualReview,
    ({ key, body }) => {
      const found = access(key, body.call_evaluation_id)
      if (found instanceof Response) return found
      const values = evaluationState.auditor.get(found.id) ?? aiAnswers(found.id).map((c) => [...c])
      const next = values.map((c) => [...c])
      for (const row of body.rows) {
        const c = templateCategories.findIndex((cat, ci) =>
          cat.questions.some((_, i) => rowId(found.id, ci, i) === row.internal_id),
        )
        if (c < 0)
          return error(400, 'Invalid input', { rows: [`Row ${row.internal_id} is not part of this evaluation`] })
        next[c][row.internal_id % 10] = row.value
      }
      evaluationState.saved.push(body)
      evaluationState.auditor.set(found.id, next)
      return manualReviewOf(found.id, next)
    },
    'Manual review saved',
  ),

  mock(
    endpoints.checkAccessStatus,
    ({ key, query }) => {
      const found = evaluations().find((e) => e.id === query.call_evaluation_id)
      if (!found) return error(404, NOT_FOUND)
      // like the API: a call the user may not open is an answer saying so, not a 403
      if (!mayOpen(key, found))
        return {
          ...accessStatusFor(key, found.id),
          can_view: false,
          can_review: false,
          can_change_status: false,
          reason: 'You can only open your own evaluations.',
        }
      return accessStatusFor(key, found.id)
    },
    'Access status',
  ),

  mock(
    endpoints.getActionStatus,
    ({ key, query }) => {
      const found = access(key, query.ca_audit_id)
      return found instanceof Response ? found : actionStatusFor(found.key, found.evaluation.status, found.id)
    },
    'Action status',
  ),

  mock(
    endpoints.changeStatus,
    ({ key, body }) => {
      const found = access(key, body.call_evaluation_id)
      if (found instanceof Response) return found
      const current = actionStatusFor(found.key, found.evaluation.status, found.id)
      if (!current.allowed.includes(body.status)) return error(400, 'Invalid input', { status: ['Not allowed now'] })
      if (lacksDisputeReason(body)) return error(400, DISPUTE_NEEDS_REASON, { comment: [DISPUTE_NEEDS_REASON] })
      evaluationState.statusChanges.push(body)
      evaluationState.status.set(found.id, body.status)
      return actionStatusFor(found.key, body.status, found.id)
    },
    'Status changed',
  ),

  mock(
    endpoints.accessStartEndTime,
    ({ key, body }) => {
      const found = access(key, body.call_evaluation_id)
      if (found instanceof Response) return found
      evaluationState.sessions.push(body)
      return {
        session_id: body.action === 'start' ? ++nextSession : body.session_id,
        call_evaluation_id: found.id,
        started_at: '2025-06-03T10:00:00.000Z',
        ended_at: body.action === 'end' ? '2025-06-03T10:05:00.000Z' : null,
        total_seconds: 300,
      }
    },
    'Review session',
  ),

  // auditors, QA supervisors and admins only: the table's roles, checked by mock()
  mock(
    endpoints.rescore,
    ({ key, body }) => {
      const found = access(key, body.call_evaluation_id)
      if (found instanceof Response) return found
      evaluationState.rescored.add(found.id)
      return { ...found.evaluation, scoring_status: 'in_queue' as const }
    },
    'The call is queued for scoring',
  ),

  mock(
    endpoints.profanityIdentification,
    ({ key, body }) => {
      const found = access(key, body.call_evaluation_id)
      if (found instanceof Response) return found
      evaluationState.profanityScans += 1
      return profanityFor(found.id)
    },
    'Profanity scan complete',
  ),

  perCall(endpoints.sentimentAnalysis, sentimentFor, 'Sentiment'),
  perCall(endpoints.sentimentTiming, sentimentTimingFor, 'Sentiment timing'),
  perCall(endpoints.sentimentWordCloud, wordCloudFor, 'Word cloud'),
  perCall(endpoints.emotionAnalysis, emotionFor, 'Emotions'),

  mock(endpoints.loadFileAndKid, ({ query: { recording_id: id } }) => {
    if (!evaluations().some((e) => recordingId(e.id) === id)) return error(404, 'Recording not found')
    return { recording_id: id, kid: `7d0c1b2a-3e4f-4a5b-8c6d-${String(id).padStart(12, '0')}`, mime_type: 'audio/wav' }
  }),

  mock(
    endpoints.sendKeyAuthorizedUser,
    ({ user, query: { recording_id: id } }) => {
      const params = new URLSearchParams({ expires: '1893456000', uid: String(user.id), sig: audioSignature(id) })
      return {
        url: `${pathOf(endpoints.recordingAudio, { id })}?${params}`,
        expires_at: '2030-01-01T00:00:00.000Z',
      }
    },
    'Signed URL',
  ),

  /** No bearer: the signature is the credential. Honours one `bytes=a-b` range like a file server. */
  mock(endpoints.recordingAudio, ({ request, params: { id }, query }) => {
    if (query.sig !== audioSignature(id)) return error(403, 'The audio link has expired')
    const bytes = silentWav()
    const headers = { 'Content-Type': 'audio/wav', 'Accept-Ranges': 'bytes' }
    const range = request.headers.get('Range')?.match(/^bytes=(\d+)-(\d*)$/)
    if (!range)
      return new HttpResponse(bytes, { status: 200, headers: { ...headers, 'Content-Length': String(bytes.length) } })
    const start = Number(range[1])
    const end = Math.min(range[2] ? Number(range[2]) : bytes.length - 1, bytes.length - 1)
    if (start >= bytes.length || start > end)
      return new HttpResponse(null, {
        status: 416,
        headers: { ...headers, 'Content-Range': `bytes */${bytes.length}` },
      })
    return new HttpResponse(bytes.slice(start, end + 1), {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${bytes.length}`,
        'Content-Length': String(end - start + 1),
      },
    })
  }),
]
