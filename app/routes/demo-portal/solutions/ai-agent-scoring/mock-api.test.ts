import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import type { DemoKey } from '#tests/fixtures/users'
import { NOT_YOUR_ITEM, resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { UPSTREAM } from '#tests/mocks/handlers'

/*
 * The agent scoring mock API (tests/mocks/agent-scoring.ts) that the portal's scoring pages are
 * tested against: it must answer as the API does (docs/decisions/015), or those tests prove nothing.
 */

type Sent = { as: DemoKey; search?: string; body?: unknown; form?: FormData }

async function call(e: { method: string; path: string }, { as, search = '', body, form }: Sent) {
  const headers = new Headers({ Authorization: `Bearer access.${as}` })
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  const response = await fetch(UPSTREAM + e.path + search, {
    method: e.method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  const json = response.headers.get('Content-Type')?.includes('json') ? await response.json() : null
  return { status: response.status, json, response }
}

const detail = (id: number, as: DemoKey = 'supervisor') =>
  call(endpoints.scoringItemDetails, { as, search: `?item_id=${id}` })

beforeEach(() => resetScoringMocks())

describe('the agent scoring mock API', () => {
  it('lists a bucket, least confident first, and an agent only their own items', async () => {
    const reviewed = await call(endpoints.listScoringItems, { as: 'supervisor', search: '?bucket=ai_reviewed' })
    expect(reviewed.json.data).toMatchObject({ count: 12, total_pages: 2, next: 2 })
    const rows = reviewed.json.data.results
    expect(rows[0]).toMatchObject({ item_id: SCORING_IDS.lowConfidence, needs_human: true, confidence: 0.42 })
    expect(rows.map((r: { confidence: number }) => r.confidence)).toEqual(
      [...rows.map((r: { confidence: number }) => r.confidence)].sort((a, b) => a - b),
    )
    const mine = await call(endpoints.listScoringItems, { as: 'agent' })
    expect(mine.json.data.results.map((r: { item_id: number }) => r.item_id).sort()).toEqual(
      [SCORING_IDS.queuedChat, SCORING_IDS.lowConfidence, SCORING_IDS.acceptedChat, SCORING_IDS.rejectedCall].sort(),
    )
  })

  it('gives details; 403 to an agent on another agent’s item, 404 to an unknown one', async () => {
    expect((await detail(SCORING_IDS.lowConfidence, 'agent')).json.data.criteria).toHaveLength(4)
    expect(await detail(SCORING_IDS.claimedBySam, 'agent')).toMatchObject({
      status: 403,
      json: { message: NOT_YOUR_ITEM },
    })
    expect((await detail(SCORING_IDS.unknown)).status).toBe(404)
  })

  it('claims, and answers 409 when another supervisor has the item', async () => {
    const claimed = await call(endpoints.claimScoringItem, {
      as: 'supervisor',
      body: { item_id: SCORING_IDS.allVerifiedHigh },
    })
    expect(claimed.json.data).toEqual({ item_id: SCORING_IDS.allVerifiedHigh, bucket: 'ai_reviewed', version: 2 })
    expect((await detail(SCORING_IDS.allVerifiedHigh)).json.data.claimed_by.name).toBe('Sam Supervisor')
    const taken = await call(endpoints.claimScoringItem, { as: 'admin', body: { item_id: SCORING_IDS.claimedByLena } })
    expect(taken).toMatchObject({ status: 409, json: { message: 'Another supervisor has claimed this item' } })
    expect(scoringState.claims).toEqual([{ item_id: SCORING_IDS.allVerifiedHigh, by: 'supervisor' }])
  })

  it('decides: a rejection needs corrections, a stale version is a 409, a changed decision names the version', async () => {
    const id = SCORING_IDS.lowConfidence
    const bare = await call(endpoints.decideScoringItem, {
      as: 'supervisor',
      body: { item_id: id, decision: 'reject' },
    })
    expect(bare.status).toBe(400)
    expect(bare.json.errors).toHaveProperty('corrections')

    const corrections = [{ question_id: 503, value: 'no', reason_code: 'wrong_verdict', comment: 'Never checked' }]
    const rejected = await call(endpoints.decideScoringItem, {
      as: 'supervisor',
      body: { item_id: id, decision: 'reject', corrections, version: 2 },
    })
    expect(rejected.json).toEqual({ data: { item_id: id, bucket: 'ai_rejected', version: 3 }, message: 'Rejected' })
    const item = (await detail(id)).json.data
    expect(item.criteria.find((c: { question_id: number }) => c.question_id === 503)).toMatchObject({
      corrected_value: 'no',
      reason_code: 'wrong_verdict',
    })
    expect(item.audit.at(-1)).toMatchObject({ event: 'rejected', from: 'ai_reviewed', to: 'ai_rejected' })

    const stale = await call(endpoints.decideScoringItem, {
      as: 'admin',
      body: { item_id: id, decision: 'accept', version: 2 },
    })
    expect(stale).toMatchObject({ status: 409, json: { errors: { bucket: ['ai_rejected'], version: ['3'] } } })
    const unnamed = await call(endpoints.decideScoringItem, { as: 'admin', body: { item_id: id, decision: 'accept' } })
    expect(unnamed.status).toBe(409)
    const changed = await call(endpoints.decideScoringItem, {
      as: 'admin',
      body: { item_id: id, decision: 'accept', version: 3 },
    })
    expect(changed.json.data).toEqual({ item_id: id, bucket: 'ai_accepted', version: 4 })
    expect(scoringState.decisions.map((d) => [d.decision, d.by])).toEqual([
      ['reject', 'supervisor'],
      ['accept', 'admin'],
    ])
  })

  it('creates from pasted text or a file, then scores it as its details are read', async () => {
    const pasted = await call(endpoints.createScoringItem, {
      as: 'visitor',
      body: {
        channel: 'chat',
        text: 'Customer: my card was declined\nAgent: Thank you for contacting Acme Bank',
        agent_id: 21,
        campaign_id: 1,
      },
    })
    expect(pasted.status).toBe(201)
    expect(pasted.json.data).toEqual({ item_id: 4001, bucket: 'pending' })
    expect((await detail(4001)).json.data).toMatchObject({ bucket: 'pending', job_status: 'started' })
    const scored = (await detail(4001)).json.data
    expect(scored).toMatchObject({ bucket: 'ai_reviewed', template: { internal_id: TEMPLATE_IDS.inbound } })
    expect(scored.conversation.map((t: { speaker: string }) => t.speaker)).toEqual(['customer', 'agent'])
    for (const c of scored.criteria)
      for (const e of c.evidence) expect(scored.conversation[e.turn].text).toContain(e.quote)

    const form = new FormData()
    form.set('file', new File(['From: a@b.c\r\n\r\nMy card is blocked.'], 'blocked.eml', { type: 'message/rfc822' }))
    form.set('agent_id', '22')
    form.set('campaign_id', '2')
    const uploaded = await call(endpoints.createScoringItem, { as: 'agent', form })
    expect(uploaded.status).toBe(201)
    expect(scoringState.created.map((c) => [c.kind, c.channel, c.file_name ?? null])).toEqual([
      ['json', 'chat', null],
      ['multipart', 'email', 'blocked.eml'],
    ])

    const refused = new FormData()
    refused.set('file', new File(['x'], 'notes.pdf'))
    refused.set('agent_id', '22')
    refused.set('campaign_id', '2')
    expect((await call(endpoints.createScoringItem, { as: 'agent', form: refused })).status).toBe(415)
    const unknownAgent = await call(endpoints.createScoringItem, {
      as: 'visitor',
      body: { channel: 'email', text: 'Hello', agent_id: 999, campaign_id: 1 },
    })
    expect(unknownAgent).toMatchObject({ status: 422, json: { errors: { agent_id: ['Choose an active agent'] } } })
  })

  it('answers the KPIs, calibration (not to agents) and a CSV export of the filtered list', async () => {
    const kpi = (await call(endpoints.scoringKpi, { as: 'supervisor' })).json.data
    expect(kpi.buckets.map((b: { count: number }) => b.count)).toEqual([4, 12, 3, 3])
    expect(kpi.pending).toEqual({ needs_attention: 2, in_progress: 2, oldest_age_s: 3 * 86_400 })
    expect(kpi.agreement).toMatchObject({ month: '2026-03', decisions: 5, criteria: 18, agreed: 14 })
    expect(kpi.most_rejected[0]).toMatchObject({
      corrections: 2,
      top_reason: 'wrong_verdict',
      category: 'Identity verification',
    })

    const search = `?template_internal_id=${TEMPLATE_IDS.inbound}`
    const calibration = (await call(endpoints.scoringCalibration, { as: 'auditor', search })).json.data
    expect(calibration.criteria[0]).toMatchObject({
      decisions: 4,
      agreed: 2,
      agreement_pct: 50,
      confusion: [
        [2, 2, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
    })
    expect((await call(endpoints.scoringCalibration, { as: 'agent', search })).status).toBe(403)

    const csv = await call(endpoints.exportScoringItems, {
      as: 'supervisor',
      search: '?bucket=ai_rejected&channel=email',
    })
    const lines = (await csv.response.text()).trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"Overdue balance, three payments offered"')
  })
})
