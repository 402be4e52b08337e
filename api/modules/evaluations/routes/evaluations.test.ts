import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accessStatus,
  actionStatus,
  DISPUTE_NEEDS_REASON,
  evaluationDetail,
  reviewSession,
  type ActionStatus,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import { callEvaluations, evaluationStatusHistory, recordings, reviewSessions } from '#api/db/schema'
import { goodCall, makeEvaluation, type EvaluationBasics } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import type { TestApp } from '#api/test-utils'

let t: TestApp
let as: Record<Who, Person>
let basics: EvaluationBasics
let versionId: number

const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: as[who].auth })
const put = (url: string, payload: object, who: Who) =>
  t.app.inject({ method: 'PUT', url, payload, headers: as[who].auth })
const newEvaluation = async (agent: Who = 'agent') =>
  (await makeEvaluation(t.db, basics, { agentId: as[agent].id, templateVersionId: versionId })).id

beforeAll(async () => {
  ;({ t, as, basics, versionId } = await setupEvaluationWorld())
})
afterAll(() => t.close())

describe('GET details/', () => {
  it('returns the evaluation with its transcript', async () => {
    const id = await newEvaluation()
    const res = await get(`${paths.evaluationDetails}?call_evaluation_id=${id}`, 'auditor')
    expect(res.statusCode).toBe(200)
    const detail = evaluationDetail.parse(res.json().data)
    expect(detail).toMatchObject({
      id,
      engine: 'local',
      scoring_error: null,
      reviewed_by: null,
      reviewed_at: null,
      ai_score: 100,
      has_audio: false,
      recording: { status: 'completed', duration_s: 20, has_audio: false },
    })
    expect(detail.recording!.segments).toEqual(goodCall)
    expect(detail.scored_at).toMatch(/^\d{4}-/)
  })

  it('shows has_audio when the recording has a blob', async () => {
    const id = await newEvaluation()
    const [row] = await t.db.select().from(callEvaluations).where(eq(callEvaluations.id, id))
    await t.db
      .update(recordings)
      .set({ blobKey: 'recordings/x/a.wav', mimeType: 'audio/wav' })
      .where(eq(recordings.id, row.recordingId!))
    const detail = (await get(`${paths.evaluationDetails}?call_evaluation_id=${id}`, 'visitor')).json().data
    expect(detail.has_audio).toBe(true)
    expect(detail.recording).toMatchObject({ recording_id: row.recordingId, has_audio: true })
  })

  it('lets an agent read their own call only; unknown is 404, malformed 400', async () => {
    const id = await newEvaluation('agent')
    expect((await get(`${paths.evaluationDetails}?call_evaluation_id=${id}`, 'agent')).statusCode).toBe(200)
    const other = await get(`${paths.evaluationDetails}?call_evaluation_id=${id}`, 'agent2')
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe('You can only open your own evaluations.')
    expect((await get(`${paths.evaluationDetails}?call_evaluation_id=99999`, 'auditor')).statusCode).toBe(404)
    expect((await get(`${paths.evaluationDetails}?call_evaluation_id=abc`, 'auditor')).statusCode).toBe(400)
    expect((await get(`${paths.evaluationDetails}?call_evaluation_id=0`, 'auditor')).statusCode).toBe(400)
    expect((await get(`${paths.evaluationDetails}?call_evaluation_id=99999999999`, 'auditor')).statusCode).toBe(400)
    expect((await get(paths.evaluationDetails, 'auditor')).statusCode).toBe(400)
    expect((await t.app.inject({ url: `${paths.evaluationDetails}?call_evaluation_id=${id}` })).statusCode).toBe(401)
  })
})

describe('GET check_access_status/', () => {
  const check = async (id: number, who: Who) => {
    const res = await get(`${paths.checkAccessStatus}?call_evaluation_id=${id}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return accessStatus.parse(res.json().data)
  }

  it('says what each role may do', async () => {
    const id = await newEvaluation('agent')
    expect(await check(id, 'auditor')).toEqual({
      call_evaluation_id: id,
      can_view: true,
      can_review: true,
      can_change_status: true,
      reason: null,
      locked_by: null,
    })
    expect(await check(id, 'agent')).toMatchObject({ can_view: true, can_review: false, can_change_status: true })
    expect(await check(id, 'agent2')).toMatchObject({
      can_view: false,
      can_review: false,
      can_change_status: false,
      reason: 'You can only open your own evaluations.',
    })
    expect(await check(id, 'visitor')).toMatchObject({ can_view: true, can_review: false, can_change_status: false })
    expect((await get(`${paths.checkAccessStatus}?call_evaluation_id=99999`, 'auditor')).statusCode).toBe(404)
    expect((await get(`${paths.checkAccessStatus}?call_evaluation_id=x`, 'auditor')).statusCode).toBe(400)
  })

  it('names the other reviewer holding the call; a stale session holds nothing', async () => {
    const id = await newEvaluation()
    const started = await put(paths.accessStartEndTime, { action: 'start', call_evaluation_id: id }, 'auditor2')
    expect(started.statusCode).toBe(200)
    const seen = await check(id, 'auditor')
    expect(seen).toMatchObject({ can_view: true, can_review: false, can_change_status: false })
    expect(seen.locked_by).toMatchObject({ id: as.auditor2.id, name: 'Auditor2 Person' })
    expect(seen.reason).toContain('Auditor2 Person is reviewing this call')
    // the holder itself is not locked out
    expect(await check(id, 'auditor2')).toMatchObject({ can_review: true, locked_by: null })
    await t.db
      .update(reviewSessions)
      .set({ lastSeenAt: sql`now() - interval '3 minutes'` })
      .where(eq(reviewSessions.evaluationId, id))
    expect(await check(id, 'auditor')).toMatchObject({ can_review: true, locked_by: null })
  })
})

describe('status changes', () => {
  const change = (id: number, status: string, who: Who, comment = '') =>
    put(paths.changeStatus, { call_evaluation_id: id, status, comment }, who)
  const actions = async (id: number, who: Who): Promise<ActionStatus> => {
    const res = await get(`${paths.getActionStatus}?ca_audit_id=${id}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return actionStatus.parse(res.json().data)
  }

  it('a reviewer moves a call along; every move lands in the history, newest first, with who did it', async () => {
    const id = await newEvaluation()
    expect(await actions(id, 'auditor')).toMatchObject({
      status: 'ai_evaluated',
      allowed: ['under_review', 'reviewed'],
    })
    const res = await change(id, 'under_review', 'auditor', 'Taking a look')
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Status changed successfully')
    expect(res.json().data).toMatchObject({ status: 'under_review', allowed: ['reviewed', 'ai_evaluated'] })
    expect((await change(id, 'reviewed', 'supervisor')).statusCode).toBe(200)
    const after = await actions(id, 'admin')
    expect(after.status).toBe('reviewed')
    expect(after.history.map((h) => [h.from_status, h.to_status, h.changed_by, h.comment])).toEqual([
      ['under_review', 'reviewed', 'Supervisor Person', ''],
      ['ai_evaluated', 'under_review', 'Auditor Person', 'Taking a look'],
      [null, 'ai_evaluated', null, 'Scored by the AI'],
    ])
    // accepting the AI's result as it stands records the reviewer
    const [row] = await t.db.select().from(callEvaluations).where(eq(callEvaluations.id, id))
    expect(row.reviewedBy).toBe(as.supervisor.id)
  })

  it('refuses a move that is not open from the current status with 409 and a clear message', async () => {
    const id = await newEvaluation()
    const res = await change(id, 'acknowledged', 'auditor')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'You cannot move this evaluation from AI evaluated to Acknowledged; it can go to Under review or Reviewed.',
    )
    const same = await change(id, 'ai_evaluated', 'auditor')
    expect(same.statusCode).toBe(409)
    expect(same.json().message).toBe('The status is already AI evaluated.')
    const history = await t.db
      .select()
      .from(evaluationStatusHistory)
      .where(eq(evaluationStatusHistory.evaluationId, id))
    expect(history).toHaveLength(1)
  })

  it('an agent acknowledges or disputes their own result, nothing else', async () => {
    const id = await newEvaluation('agent')
    expect((await actions(id, 'agent')).allowed).toEqual(['acknowledged', 'disputed'])
    expect((await change(id, 'reviewed', 'agent')).statusCode).toBe(409)
    const other = await change(id, 'acknowledged', 'agent2')
    expect(other.statusCode).toBe(403)
    expect((await get(`${paths.getActionStatus}?ca_audit_id=${id}`, 'agent2')).statusCode).toBe(403)
    const disputed = await change(id, 'disputed', 'agent', 'The customer hung up before I could verify')
    expect(disputed.statusCode).toBe(200)
    expect(disputed.json().data).toMatchObject({ status: 'disputed', allowed: [] })
    expect((await change(id, 'acknowledged', 'agent')).statusCode).toBe(409)
    // a reviewer settles the dispute
    expect((await actions(id, 'auditor')).allowed).toEqual(['under_review', 'reviewed'])
    expect((await change(id, 'reviewed', 'auditor')).statusCode).toBe(200)
    expect((await change(id, 'acknowledged', 'agent')).statusCode).toBe(200)
  })

  it('a dispute needs a reason: 400 with a clear message at the comment, and nothing changes', async () => {
    const id = await newEvaluation('agent')
    for (const comment of ['', '   \n ']) {
      const res = await change(id, 'disputed', 'agent', comment)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        data: null,
        message: 'A dispute needs a reason: say what in the evaluation you disagree with.',
        errors: { comment: ['A dispute needs a reason: say what in the evaluation you disagree with.'] },
      })
    }
    // no comment at all is no reason either
    const none = await put(paths.changeStatus, { call_evaluation_id: id, status: 'disputed' }, 'agent')
    expect(none.statusCode).toBe(400)
    expect(none.json().errors).toEqual({ comment: [DISPUTE_NEEDS_REASON] })
    expect((await actions(id, 'agent')).status).toBe('ai_evaluated')
    // acknowledging needs none
    expect((await change(id, 'acknowledged', 'agent')).statusCode).toBe(200)
  })

  it('visitors change nothing; bad bodies are 400; unknown is 404', async () => {
    const id = await newEvaluation()
    const res = await change(id, 'under_review', 'visitor')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You do not have permission to perform this action.')
    expect((await actions(id, 'visitor')).allowed).toEqual([])
    expect((await change(id, 'finished', 'auditor')).statusCode).toBe(400)
    expect((await put(paths.changeStatus, { status: 'reviewed' }, 'auditor')).statusCode).toBe(400)
    expect((await change(99999, 'reviewed', 'auditor')).statusCode).toBe(404)
    expect((await get(`${paths.getActionStatus}?ca_audit_id=99999`, 'auditor')).statusCode).toBe(404)
    expect((await get(`${paths.getActionStatus}?ca_audit_id=-1`, 'auditor')).statusCode).toBe(400)
  })

  it("refuses a reviewer's move while another reviewer holds the call", async () => {
    const id = await newEvaluation()
    expect(
      (await put(paths.accessStartEndTime, { action: 'start', call_evaluation_id: id }, 'auditor2')).statusCode,
    ).toBe(200)
    const res = await change(id, 'reviewed', 'auditor')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('Auditor2 Person is reviewing this call')
    expect((await actions(id, 'auditor')).allowed).toEqual([])
    expect((await change(id, 'reviewed', 'auditor2')).statusCode).toBe(200)
  })
})

describe('PUT access_start_end_time/', () => {
  const session = (payload: object, who: Who) => put(paths.accessStartEndTime, payload, who)

  it('starts, keeps alive and ends a session, counting the time over all sessions', async () => {
    const id = await newEvaluation()
    // an earlier five-minute session of this auditor and one of someone else's that must not count
    await t.db.insert(reviewSessions).values([
      {
        evaluationId: id,
        userId: as.auditor.id,
        startedAt: sql`now() - interval '1 hour'`,
        lastSeenAt: sql`now() - interval '55 minutes'`,
        endedAt: sql`now() - interval '55 minutes'`,
      },
      {
        evaluationId: id,
        userId: as.supervisor.id,
        startedAt: sql`now() - interval '2 hours'`,
        lastSeenAt: sql`now() - interval '1 hour'`,
        endedAt: sql`now() - interval '1 hour'`,
      },
    ])
    const started = await session({ action: 'start', call_evaluation_id: id }, 'auditor')
    expect(started.statusCode).toBe(200)
    expect(started.json().message).toBe('Review session started')
    const body = reviewSession.parse(started.json().data)
    expect(body).toMatchObject({ call_evaluation_id: id, ended_at: null })
    expect(body.total_seconds).toBeGreaterThanOrEqual(300)
    expect(body.total_seconds).toBeLessThan(310)

    // the open session counts until now
    await t.db
      .update(reviewSessions)
      .set({ startedAt: sql`now() - interval '90 seconds'` })
      .where(eq(reviewSessions.id, body.session_id))
    const alive = await session({ action: 'heartbeat', call_evaluation_id: id, session_id: body.session_id }, 'auditor')
    expect(alive.statusCode).toBe(200)
    expect(alive.json().data.total_seconds).toBeGreaterThanOrEqual(390)
    expect(alive.json().data.total_seconds).toBeLessThan(400)

    const ended = await session({ action: 'end', call_evaluation_id: id, session_id: body.session_id }, 'auditor')
    expect(ended.statusCode).toBe(200)
    expect(ended.json().data.ended_at).not.toBeNull()
    expect(ended.json().data.total_seconds).toBeGreaterThanOrEqual(390)
    const again = await session({ action: 'heartbeat', call_evaluation_id: id, session_id: body.session_id }, 'auditor')
    expect(again.statusCode).toBe(409)
  })

  it('one reviewer at a time: 409 naming the holder, free again once they end or go quiet', async () => {
    const id = await newEvaluation()
    const mine = reviewSession.parse(
      (await session({ action: 'start', call_evaluation_id: id }, 'auditor')).json().data,
    )
    // the same reviewer again (another tab) resumes the same session
    const resumed = await session({ action: 'start', call_evaluation_id: id }, 'auditor')
    expect(resumed.json().data.session_id).toBe(mine.session_id)

    const blocked = await session({ action: 'start', call_evaluation_id: id }, 'supervisor')
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().message).toBe('Auditor Person is reviewing this call right now; try again when they finish.')
    // nobody ends or keeps alive someone else's session
    const theirs = await session({ action: 'end', call_evaluation_id: id, session_id: mine.session_id }, 'supervisor')
    expect(theirs.statusCode).toBe(403)
    const elsewhere = await session(
      { action: 'end', call_evaluation_id: id + 1000, session_id: mine.session_id },
      'auditor',
    )
    expect(elsewhere.statusCode).toBe(404)

    await session({ action: 'end', call_evaluation_id: id, session_id: mine.session_id }, 'auditor')
    const next = await session({ action: 'start', call_evaluation_id: id }, 'supervisor')
    expect(next.statusCode).toBe(200)

    // the supervisor's tab closes without ending: after two quiet minutes the call is free
    await t.db
      .update(reviewSessions)
      .set({ lastSeenAt: sql`now() - interval '3 minutes'` })
      .where(eq(reviewSessions.id, next.json().data.session_id))
    expect((await session({ action: 'start', call_evaluation_id: id }, 'admin')).statusCode).toBe(200)
    // and the quiet session cannot come back while the admin holds the call
    const late = await session(
      { action: 'heartbeat', call_evaluation_id: id, session_id: next.json().data.session_id },
      'supervisor',
    )
    expect(late.statusCode).toBe(409)
  })

  it('only reviewers hold sessions; bad bodies are 400', async () => {
    const id = await newEvaluation('agent')
    for (const who of ['agent', 'visitor'] as const) {
      expect((await session({ action: 'start', call_evaluation_id: id }, who)).statusCode).toBe(403)
    }
    expect((await session({ action: 'pause', call_evaluation_id: id }, 'auditor')).statusCode).toBe(400)
    expect((await session({ action: 'end', call_evaluation_id: id }, 'auditor')).statusCode).toBe(400)
    expect((await session({ action: 'start', call_evaluation_id: 99999 }, 'auditor')).statusCode).toBe(404)
  })
})

describe('docs', () => {
  it('lists the call evaluation routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        paths.evaluationList,
        paths.checkAccessStatus,
        paths.evaluationDetails,
        paths.changeStatus,
        paths.getActionStatus,
        paths.accessStartEndTime,
        paths.manualReview,
        paths.rescore,
        paths.loadFileAndKid,
        paths.sendKeyAuthorizedUser,
        '/api/call_evaluation/recording-audio/{id}/',
        paths.profanityIdentification,
        paths.sentimentAnalysis,
        paths.sentimentTiming,
        paths.sentimentWordCloud,
        paths.emotionAnalysis,
        paths.projectList,
      ]),
    )
  })
})
