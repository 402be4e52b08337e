import { http, HttpResponse } from 'msw'
import { serviceQuery } from '#contract/call-evaluation'
import {
  actionStatusQuery,
  audioKeyQuery,
  changeStatusBody,
  evaluationIdQuery,
  evaluationListQuery,
  manualReviewBody,
  profanityBody,
  projectListQuery,
  recordingIdQuery,
  reviewSessionBody,
  type AnswerValue,
  type EvaluationStatus,
  type EvaluationSummary,
  type ManualReviewBody,
  type ReviewSessionBody,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import {
  accessStatusFor,
  actionStatusFor,
  agents,
  aiAnswers,
  allEvaluations,
  audioSignature,
  campaigns,
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
import { UPSTREAM, authenticate, error, ok } from './auth'
import type { z } from 'zod'

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
}

export function resetEvaluationMocks() {
  evaluationState.auditor.clear()
  evaluationState.status.clear()
  evaluationState.saved = []
  evaluationState.statusChanges = []
  evaluationState.sessions = []
  evaluationState.profanityScans = 0
  evaluationState.rescored.clear()
}

function evaluations(): EvaluationSummary[] {
  return allEvaluations(evaluationState.auditor).map((e) => ({
    ...e,
    status: evaluationState.status.get(e.id) ?? e.status,
  }))
}

const REVIEWERS: DemoKey[] = ['admin', 'supervisor', 'auditor']
const invalid = (issues: z.ZodError) =>
  error(400, 'Invalid input', issues.flatten().fieldErrors as Record<string, string[]>)
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

/** Authenticates, finds the evaluation and applies the agent rule: agents open only their own calls. */
function access(request: Request, rawId: unknown) {
  const key = authenticate(request)
  if (key instanceof Response) return key
  const parsed = evaluationIdQuery.safeParse({ call_evaluation_id: rawId })
  if (!parsed.success) return invalid(parsed.error)
  const found = evaluations().find((e) => e.id === parsed.data.call_evaluation_id)
  if (!found) return error(404, 'Call evaluation not found')
  if (key === 'agent' && found.agent.id !== demoUsers.agent.id)
    return error(403, 'You can only view your own evaluations')
  return { key, evaluation: found, id: found.id }
}

const perCall = (path: string, build: (id: number) => unknown, message: string) =>
  http.get(UPSTREAM + path, ({ request }) => {
    const found = access(request, queryOf(request).call_evaluation_id)
    return found instanceof Response ? found : ok(build(found.id), message)
  })

const ORDER: Record<string, (e: EvaluationSummary) => number | string> = {
  call_time: (e) => e.call_time,
  ai_score: (e) => e.ai_score ?? -1,
  auditor_score: (e) => e.auditor_score ?? -1,
  agent: (e) => e.agent.name,
  duration: (e) => e.duration_s,
}

let nextSession = 500

export const evaluationHandlers = [
  http.get(UPSTREAM + paths.campaigns, ({ request }) => {
    const key = authenticate(request)
    return key instanceof Response ? key : ok(campaigns, 'Campaigns retrieved successfully')
  }),
  http.get(UPSTREAM + paths.services, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = serviceQuery.safeParse(queryOf(request))
    if (!query.success) return invalid(query.error)
    const id = query.data.campaign_id
    return ok(
      id === undefined ? services : services.filter((s) => s.campaign_id === id),
      'Services retrieved successfully',
    )
  }),
  http.get(UPSTREAM + paths.evaluationTypes, ({ request }) => {
    const key = authenticate(request)
    return key instanceof Response ? key : ok(evaluationTypes, 'Evaluation types')
  }),

  http.get(UPSTREAM + paths.projectList, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = projectListQuery.safeParse(queryOf(request))
    if (!query.success) return invalid(query.error)
    const { role, q, limit } = query.data
    const people = [...agents, ...supervisors]
      .filter((p) => !role || p.role === role)
      .filter((p) => !q || p.name.toLowerCase().includes(q.toLowerCase()))
      .slice(0, limit)
    return ok({ count: people.length, results: people }, 'Project list')
  }),

  http.get(UPSTREAM + paths.evaluationList, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = evaluationListQuery.safeParse(queryOf(request))
    if (!query.success) return invalid(query.error)
    const f = query.data
    const q = f.q?.toLowerCase()
    const rows = evaluations().filter(
      (e) =>
        (key !== 'agent' || e.agent.id === demoUsers.agent.id) &&
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
    return ok(
      {
        count: rows.length,
        total_pages: totalPages,
        current_page: f.page,
        next: f.page < totalPages ? f.page + 1 : null,
        previous: f.page > 1 ? f.page - 1 : null,
        results: rows.slice((f.page - 1) * f.page_size, f.page * f.page_size),
      },
      'Evaluations retrieved successfully',
    )
  }),

  http.get(UPSTREAM + paths.evaluationDetails, ({ request }) => {
    const found = access(request, queryOf(request).call_evaluation_id)
    if (found instanceof Response) return found
    const detail = evaluationDetail(found.id, evaluationState.auditor.get(found.id) ?? null)
    const scoring = evaluationState.rescored.has(found.id) ? { scoring_status: 'in_queue' as const } : {}
    return ok({ ...detail, status: found.evaluation.status, ...scoring }, 'Evaluation details')
  }),

  http.get(UPSTREAM + paths.manualReview, ({ request }) => {
    const found = access(request, queryOf(request).call_evaluation_id)
    if (found instanceof Response) return found
    return ok(manualReviewOf(found.id, evaluationState.auditor.get(found.id) ?? null), 'Manual review')
  }),

  http.put(UPSTREAM + paths.manualReview, async ({ request }) => {
    const parsed = manualReviewBody.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
    const found = access(request, parsed.success ? parsed.data.call_evaluation_id : undefined)
    if (found instanceof Response) return found
    if (!parsed.success) return invalid(parsed.error)
    if (!REVIEWERS.includes(found.key))
      return error(403, 'Only auditors, QA supervisors and admins edit manual reviews.')
    const values = evaluationState.auditor.get(found.id) ?? aiAnswers(found.id).map((c) => [...c])
    const next = values.map((c) => [...c])
    for (const row of parsed.data.rows) {
      const c = templateCategories.findIndex((cat, ci) =>
        cat.questions.some((_, i) => rowId(found.id, ci, i) === row.internal_id),
      )
      if (c < 0) return error(400, 'Invalid input', { rows: [`Row ${row.internal_id} is not part of this evaluation`] })
      next[c][row.internal_id % 10] = row.value
    }
    evaluationState.saved.push(parsed.data)
    evaluationState.auditor.set(found.id, next)
    return ok(manualReviewOf(found.id, next), 'Manual review saved')
  }),

  http.get(UPSTREAM + paths.checkAccessStatus, ({ request }) => {
    const found = access(request, queryOf(request).call_evaluation_id)
    return found instanceof Response ? found : ok(accessStatusFor(found.key, found.id), 'Access status')
  }),

  http.get(UPSTREAM + paths.getActionStatus, ({ request }) => {
    const query = actionStatusQuery.safeParse(queryOf(request))
    const found = access(request, query.success ? query.data.ca_audit_id : undefined)
    if (found instanceof Response) return found
    return ok(actionStatusFor(found.key, found.evaluation.status, found.id), 'Action status')
  }),

  http.put(UPSTREAM + paths.changeStatus, async ({ request }) => {
    const parsed = changeStatusBody.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
    const found = access(request, parsed.success ? parsed.data.call_evaluation_id : undefined)
    if (found instanceof Response) return found
    if (!parsed.success) return invalid(parsed.error)
    const current = actionStatusFor(found.key, found.evaluation.status, found.id)
    if (!current.allowed.includes(parsed.data.status))
      return error(400, 'Invalid input', { status: ['Not allowed now'] })
    evaluationState.statusChanges.push(parsed.data)
    evaluationState.status.set(found.id, parsed.data.status)
    return ok(actionStatusFor(found.key, parsed.data.status, found.id), 'Status changed')
  }),

  http.put(UPSTREAM + paths.accessStartEndTime, async ({ request }) => {
    const parsed = reviewSessionBody.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
    const found = access(request, parsed.success ? parsed.data.call_evaluation_id : undefined)
    if (found instanceof Response) return found
    if (!parsed.success) return invalid(parsed.error)
    evaluationState.sessions.push(parsed.data)
    const sessionId = parsed.data.action === 'start' ? ++nextSession : parsed.data.session_id
    return ok(
      {
        session_id: sessionId,
        call_evaluation_id: found.id,
        started_at: '2025-06-03T10:00:00.000Z',
        ended_at: parsed.data.action === 'end' ? '2025-06-03T10:05:00.000Z' : null,
        total_seconds: 300,
      },
      'Review session',
    )
  }),

  http.post(UPSTREAM + paths.rescore, async ({ request }) => {
    const parsed = evaluationIdQuery.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
    const found = access(request, parsed.success ? parsed.data.call_evaluation_id : undefined)
    if (found instanceof Response) return found
    if (!REVIEWERS.includes(found.key)) return error(403, 'You do not have permission to perform this action.')
    evaluationState.rescored.add(found.id)
    return ok({ ...found.evaluation, scoring_status: 'in_queue' }, 'The call is queued for scoring')
  }),

  http.put(UPSTREAM + paths.profanityIdentification, async ({ request }) => {
    const parsed = profanityBody.safeParse(
      await request
        .clone()
        .json()
        .catch(() => null),
    )
    const found = access(request, parsed.success ? parsed.data.call_evaluation_id : undefined)
    if (found instanceof Response) return found
    evaluationState.profanityScans += 1
    return ok(profanityFor(found.id), 'Profanity scan complete')
  }),

  perCall(paths.sentimentAnalysis, sentimentFor, 'Sentiment'),
  perCall(paths.sentimentTiming, sentimentTimingFor, 'Sentiment timing'),
  perCall(paths.sentimentWordCloud, wordCloudFor, 'Word cloud'),
  perCall(paths.emotionAnalysis, emotionFor, 'Emotions'),

  http.get(UPSTREAM + paths.loadFileAndKid, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = recordingIdQuery.safeParse(queryOf(request))
    if (!query.success) return invalid(query.error)
    const id = query.data.recording_id
    if (!evaluations().some((e) => recordingId(e.id) === id)) return error(404, 'Recording not found')
    return ok({
      recording_id: id,
      kid: `7d0c1b2a-3e4f-4a5b-8c6d-${String(id).padStart(12, '0')}`,
      mime_type: 'audio/wav',
    })
  }),

  http.get(UPSTREAM + paths.sendKeyAuthorizedUser, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    const query = audioKeyQuery.safeParse(queryOf(request))
    if (!query.success) return invalid(query.error)
    const id = query.data.recording_id
    const params = new URLSearchParams({
      expires: '1893456000',
      uid: String(demoUsers[key].id),
      sig: audioSignature(id),
    })
    return ok({ url: `${paths.recordingAudio(id)}?${params}`, expires_at: '2030-01-01T00:00:00.000Z' }, 'Signed URL')
  }),

  /** No bearer: the signature is the credential. Honours one `bytes=a-b` range like a file server. */
  http.get(UPSTREAM + paths.recordingAudio(':id'), ({ request, params }) => {
    const id = Number(params.id)
    if (queryOf(request).sig !== audioSignature(id)) return error(403, 'The audio link has expired')
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
