import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  DISPUTE_NEEDS_REASON,
  type EvaluationDetail,
  type ManualReview,
  type ProfanityResult,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import { audioSignature, recordingId, rowId } from '#tests/fixtures/evaluations'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { evaluationState, resetEvaluationMocks } from '#tests/mocks/evaluations'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { getToast } from '~/sessions.server'
import { action, loader, meta } from './evaluation-detail'

const PATH = (id: number) => `/demo-portal/solutions/call-evaluation/evaluation-detail/${id}`

type Body = {
  id: number
  mode: string
  sessionId: number | null
  open: number[]
  audio: { src: string } | null
  review: ManualReview | null
  access: { can_review: boolean } | null
  detail: Pick<EvaluationDetail, 'id' | 'auditor_score' | 'scoring_status' | 'channel' | 'recording' | 'thread'>
  sentiment: unknown
  timing: unknown
  cloud: unknown
  emotion: unknown
  actionStatus: unknown
}

async function load(id: number, search = '', key: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${PATH(id)}${search}`, tokensFor(key))
  return run<Body>(() => loader(args(request, { userId: String(id) })))
}

async function post(id: number, fields: Record<string, string>, key: DemoKey = 'auditor') {
  const request = await requestWithTokens(PATH(id), tokensFor(key), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run<{ intent: string; result?: { error?: Record<string, string[]> }; profanity?: ProfanityResult }>(() =>
    action(args(request, { userId: String(id) })),
  )
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

/** Every question of evaluation 101 answered `value`, as the edit form posts them. */
function rowsOf(review: ManualReview, value: (i: number) => string) {
  const fields: Record<string, string> = {}
  review.categories
    .flatMap((c) => c.questions)
    .forEach((q, i) => {
      fields[`rows[${i}].internal_id`] = String(q.internal_id)
      fields[`rows[${i}].value`] = value(i)
    })
  return fields
}

beforeEach(() => resetEvaluationMocks())

describe('evaluation detail loader', () => {
  it('loads the call, its review, access, status, insights and a portal URL for the signed audio', async () => {
    const result = await load(101)
    expect(result.status).toBe(200)
    const body = result.body
    expect(body.detail.id).toBe(101)
    expect(body.review?.categories.map((c) => c.template_category.name)).toEqual([
      'Opening',
      'Identity verification',
      'Resolution',
      'Closing',
    ])
    expect(body.access?.can_review).toBe(true)
    expect(body.mode).toBe('review')
    for (const part of ['sentiment', 'timing', 'cloud', 'emotion', 'actionStatus'] as const)
      expect(body[part]).not.toBeNull()
    const src = new URL(body.audio!.src, 'http://portal.test')
    expect(src.pathname).toBe(`/resources/call-audio/${recordingId(101)}`)
    expect(src.searchParams.get('sig')).toBe(audioSignature(recordingId(101)))
    expect(src.searchParams.get('expires')).toBe('1893456000')
  })

  it('shows a chat accepted from agent scoring by its thread, and asks for no audio', async () => {
    evaluationState.chats.add(101)
    let audioAsked = false
    server.use(
      http.get(UPSTREAM + paths.loadFileAndKid, () => {
        audioAsked = true
      }),
    )
    const result = await load(101)
    expect(result.status).toBe(200)
    expect(result.body.detail).toMatchObject({ channel: 'chat', recording: null, duration_s: null })
    expect(result.body.detail.thread?.map((m) => m.speaker)).toEqual(['customer', 'agent'])
    expect(result.body.audio).toBeNull()
    expect(audioAsked).toBe(false)
  })

  it('makes its upstream calls concurrently: only details → key → signed URL are chained', async () => {
    let inFlight = 0
    let most = 0
    const DELAY = 100
    const slow = (path: string) =>
      http.get(UPSTREAM + path, async () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, DELAY))
        inFlight -= 1
      })
    const all = [
      paths.evaluationDetails,
      paths.manualReview,
      paths.checkAccessStatus,
      paths.getActionStatus,
      paths.sentimentAnalysis,
      paths.sentimentTiming,
      paths.sentimentWordCloud,
      paths.emotionAnalysis,
      paths.loadFileAndKid,
      paths.sendKeyAuthorizedUser,
    ]
    server.use(...all.map(slow))
    const started = performance.now()
    const result = await load(101)
    const took = performance.now() - started
    expect(result.status).toBe(200)
    expect(result.body.audio).not.toBeNull()
    // One after another would take 10 × 100 ms; the chain of three is the floor.
    expect(took).toBeGreaterThanOrEqual(3 * DELAY - 5)
    expect(took).toBeLessThan(3 * DELAY + 250)
    expect(most).toBe(8)
  })

  it("answers 403 with a clear message when an agent opens another agent's call", async () => {
    const own = await load(101, '', 'agent')
    expect(own.status).toBe(200)
    const other = await load(102, '', 'agent')
    expect(other.thrown).toBe(true)
    expect(other.status).toBe(403)
    expect(other.body).toBe('You can only open your own evaluations.')
  })

  it("says 'Something went wrong in details Api Error' when the details fail", async () => {
    const missing = await load(999)
    expect(missing.status).toBe(404)
    expect(missing.body).toBe('Something went wrong in details Api Error')
    server.use(http.get(UPSTREAM + paths.evaluationDetails, () => errorReply(500, 'boom')))
    const result = await load(101)
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
    expect(result.body).toBe('Something went wrong in details Api Error')
    const bad = await run(async () =>
      loader(args(await requestWithTokens(PATH(1), tokensFor('auditor')), { userId: 'abc' })),
    )
    expect(bad.status).toBe(404)
  })

  it('shows the rest of the page when the manual review or an insight fails', async () => {
    server.use(
      http.get(UPSTREAM + paths.manualReview, () => errorReply(500, 'boom')),
      http.get(UPSTREAM + paths.sentimentTiming, () => errorReply(422, 'No transcript')),
      http.get(UPSTREAM + paths.sendKeyAuthorizedUser, () => errorReply(404, 'No audio')),
    )
    const result = await load(101)
    expect(result.status).toBe(200)
    expect(result.body.review).toBeNull()
    expect(result.body.timing).toBeNull()
    expect(result.body.audio).toBeNull()
    expect(result.body.sentiment).not.toBeNull()
  })

  it('opens edit mode only for someone who may review, and reads the session and open categories', async () => {
    const auditor = await load(101, '?mode=edit&session=77&open=11,x,13')
    expect(auditor.body.mode).toBe('edit')
    expect(auditor.body.sessionId).toBe(77)
    expect(auditor.body.open).toEqual([11, 13])
    const agent = await load(101, '?mode=edit', 'agent')
    expect(agent.body.mode).toBe('review')
    expect((await load(101, '?mode=ai')).body.mode).toBe('ai')
    expect((await load(101, '?mode=weird')).body.mode).toBe('review')
  })
})

describe('evaluation detail action', () => {
  it('starts a review session and opens edit mode', async () => {
    const result = await post(101, { intent: 'start-review' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(new RegExp(`^${PATH(101)}\\?mode=edit&session=\\d+$`))
    expect(evaluationState.sessions).toEqual([{ action: 'start', call_evaluation_id: 101 }])
  })

  it('saves every row with a PUT, ends the session and leaves edit mode with a toast', async () => {
    const review = (await load(101)).body.review!
    const fields = rowsOf(review, (i) => (i === 0 ? 'no' : i === 1 ? 'n/a' : 'yes'))
    const result = await post(101, { intent: 'save-review', session_id: '42', ...fields })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${PATH(101)}?mode=review`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Manual review saved', type: 'success' })
    expect(evaluationState.saved).toHaveLength(1)
    const saved = evaluationState.saved[0]
    expect(saved.call_evaluation_id).toBe(101)
    expect(saved.rows).toHaveLength(10)
    expect(saved.rows[0]).toEqual({ internal_id: rowId(101, 0, 0), value: 'no' })
    expect(saved.rows[1]).toEqual({ internal_id: rowId(101, 0, 1), value: 'n/a' })
    expect(evaluationState.sessions).toEqual([{ action: 'end', call_evaluation_id: 101, session_id: 42 }])
    // The new auditor score is what the page shows next.
    const after = await load(101)
    expect(after.body.detail.auditor_score).not.toBeNull()
    // Opening: no, n/a, yes → one of two applicable answers.
    expect(after.body.review?.categories[0].auditor_score).toBe(50)
  })

  it('answers 400 to a value that is not yes, no or n/a, without calling the upstream', async () => {
    const review = (await load(101)).body.review!
    const fields = rowsOf(review, (i) => (i === 2 ? 'maybe' : 'yes'))
    const result = await post(101, { intent: 'save-review', ...fields })
    expect(result.status).toBe(400)
    expect(result.body.result?.error?.['rows[2].value']).toBeDefined()
    expect(result.body.result?.error?.['']).toEqual(['Choose yes, no or n/a for every question.'])
    expect(evaluationState.saved).toHaveLength(0)
    const empty = await post(101, { intent: 'save-review' })
    expect(empty.status).toBe(400)
  })

  it("shows the API's message when the save is refused (the API's own 403, not a made-up one)", async () => {
    const review = (await load(101)).body.review!
    const result = await post(101, { intent: 'save-review', ...rowsOf(review, () => 'yes') }, 'agent')
    expect(result.status).toBe(403)
    expect(result.body.result?.error?.['']).toEqual(['You do not have permission to perform this action.'])
  })

  it('cancel ends the session and drops the edits', async () => {
    const result = await post(101, {
      intent: 'cancel-review',
      session_id: '42',
      'rows[0].internal_id': '1',
      'rows[0].value': 'no',
    })
    expect(result.headers.get('Location')).toBe(`${PATH(101)}?mode=review`)
    expect(evaluationState.sessions).toEqual([{ action: 'end', call_evaluation_id: 101, session_id: 42 }])
    expect(evaluationState.saved).toHaveLength(0)
  })

  it('keeps a session alive with a heartbeat', async () => {
    const result = await post(101, { intent: 'heartbeat', session_id: '42' })
    expect(result.body).toEqual({ intent: 'heartbeat', ok: true })
    expect(evaluationState.sessions).toEqual([{ action: 'heartbeat', call_evaluation_id: 101, session_id: 42 }])
    expect((await post(101, { intent: 'heartbeat' })).status).toBe(400)
  })

  it('changes the status with a comment and says so', async () => {
    const result = await post(101, {
      intent: 'change-status',
      status: 'reviewed',
      comment: ' Checked the identity step. ',
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(PATH(101))
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Status changed to Reviewed' })
    expect(evaluationState.statusChanges).toEqual([
      { call_evaluation_id: 101, status: 'reviewed', comment: 'Checked the identity step.' },
    ])
  })

  it('answers 400 to an unknown status and shows a refused change', async () => {
    const bad = await post(101, { intent: 'change-status', status: 'closed' })
    expect(bad.status).toBe(400)
    expect(bad.body.result?.error?.status).toBeDefined()
    const refused = await post(101, { intent: 'change-status', status: 'acknowledged' })
    expect(refused.status).toBe(400)
    expect(refused.body.result?.error?.['']).toEqual(['Invalid input'])
    expect(evaluationState.statusChanges).toHaveLength(0)
  })

  it("answers an agent's dispute without a reason with 400 at the comment, without calling the API", async () => {
    evaluationState.status.set(101, 'reviewed')
    for (const comment of [undefined, '', '   ']) {
      const fields = { intent: 'change-status', status: 'disputed', ...(comment !== undefined && { comment }) }
      const result = await post(101, fields, 'agent')
      expect(result.status).toBe(400)
      expect(result.body.result?.error).toEqual({ comment: [DISPUTE_NEEDS_REASON] })
    }
    expect(evaluationState.statusChanges).toHaveLength(0)
    const disputed = await post(
      101,
      { intent: 'change-status', status: 'disputed', comment: 'The customer had already verified' },
      'agent',
    )
    expect(disputed.status).toBe(302)
    expect(await toastOf(disputed.headers)).toMatchObject({ message: 'Status changed to Disputed' })
    expect(evaluationState.statusChanges).toEqual([
      { call_evaluation_id: 101, status: 'disputed', comment: 'The customer had already verified' },
    ])
  })

  it('lets an agent acknowledge without a comment', async () => {
    evaluationState.status.set(101, 'reviewed')
    const result = await post(101, { intent: 'change-status', status: 'acknowledged' }, 'agent')
    expect(result.status).toBe(302)
    expect(evaluationState.statusChanges).toEqual([{ call_evaluation_id: 101, status: 'acknowledged', comment: '' }])
  })

  it('scans for profanity and returns the hits', async () => {
    const result = await post(101, { intent: 'scan-profanity' })
    expect(result.status).toBe(200)
    expect(result.body.profanity?.count).toBe(1)
    expect(result.body.profanity?.hits[0].word).toBe('damn')
    expect(evaluationState.profanityScans).toBe(1)
  })

  it('answers 400 to an unknown intent', async () => {
    expect((await post(101, { intent: 'delete-everything' })).status).toBe(400)
  })

  it('sends the call back to the AI, and the page then shows it being scored', async () => {
    const result = await post(101, { intent: 'rescore' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(PATH(101))
    expect(await toastOf(result.headers)).toMatchObject({ message: 'The call is queued for scoring', type: 'success' })
    expect(evaluationState.rescored.has(101)).toBe(true)
    const page = await load(101)
    expect(page.body.detail.scoring_status).toBe('in_queue')
    // without JavaScript the page refreshes itself while the score is being computed
    const tags = meta({ data: page.body } as never)
    expect(tags).toContainEqual({ httpEquiv: 'refresh', content: '3' })
  })

  it('tells an agent they cannot ask for a re-score', async () => {
    const result = await post(101, { intent: 'rescore' }, 'agent')
    expect(await toastOf(result.headers)).toMatchObject({ type: 'error' })
    expect(evaluationState.rescored.size).toBe(0)
  })
})
