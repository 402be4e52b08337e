import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluationList, type EvaluationSummary } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { callEvaluations, campaigns, services } from '#api/db/schema'
import { goodCall, makeEvaluation, seedEvaluationBasics, unverifiedCall } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import type { TestApp } from '#api/test-utils'

let t: TestApp
let as: Record<Who, Person>
const ids: Record<'e1' | 'e2' | 'e3' | 'e4' | 'e5', number> = {} as never
let campaignA: number
let campaignB: number
let serviceA: number

/** A call where the agent never gives their name: opening 50 %, verification passes, 83.3 overall; 45 s long. */
const namelessCall = [
  { speaker: 'agent' as const, start: 0, end: 4, text: 'Thank you for calling Acme Bank.' },
  ...goodCall.slice(1),
  { speaker: 'customer' as const, start: 40, end: 45, text: 'Thanks, goodbye.' },
]

const list = async (query = '', who: Who = 'auditor') => {
  const res = await t.app.inject({ method: 'GET', url: `${paths.evaluationList}?${query}`, headers: as[who].auth })
  return res
}
const idsOf = async (query = '', who: Who = 'auditor') => {
  const res = await list(query, who)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().data.results as EvaluationSummary[]).map((r) => r.id)
}

beforeAll(async () => {
  const world = await setupEvaluationWorld()
  t = world.t
  as = world.as
  const a = world.basics
  const b = await seedEvaluationBasics(t.db, as.supervisor.id)
  await t.db.update(campaigns).set({ name: 'Collections' }).where(eq(campaigns.id, b.campaign.id))
  await t.db.update(services).set({ name: 'Hardship' }).where(eq(services.id, b.service.id))
  campaignA = a.campaign.id
  campaignB = b.campaign.id
  serviceA = a.service.id
  const v = world.versionId
  const make = async (basics: typeof a, fields: Parameters<typeof makeEvaluation>[2]) =>
    (await makeEvaluation(t.db, basics, fields)).id
  ids.e1 = await make(a, { agentId: as.agent.id, templateVersionId: v, callTime: new Date('2026-01-10T10:00:00Z') })
  ids.e2 = await make(b, {
    agentId: as.agent.id,
    supervisorId: as.supervisor.id,
    templateVersionId: v,
    callTime: new Date('2026-01-11T23:30:00Z'),
    customerName: 'Grace Hopper',
    purpose: 'Refund request',
    segments: unverifiedCall,
  })
  ids.e3 = await make(a, {
    agentId: as.agent2.id,
    templateVersionId: v,
    callTime: new Date('2026-01-12T00:30:00Z'),
    customerName: 'Alan Turing',
    purpose: 'Address change',
  })
  ids.e4 = await make(b, {
    agentId: as.agent2.id,
    templateVersionId: v,
    callTime: new Date('2026-01-15T12:00:00Z'),
    segments: namelessCall,
  })
  ids.e5 = await make(a, {
    agentId: as.agent.id,
    templateVersionId: v,
    callTime: new Date('2026-01-16T08:00:00Z'),
    segments: unverifiedCall,
  })
  // reviewers overrode two AI results: e3 down to 40, e5's auto-fail lifted to 70
  await t.db
    .update(callEvaluations)
    .set({ auditorScore: 40, auditorAutoFail: false, status: 'reviewed' })
    .where(eq(callEvaluations.id, ids.e3))
  await t.db
    .update(callEvaluations)
    .set({ auditorScore: 70, auditorAutoFail: false, status: 'reviewed' })
    .where(eq(callEvaluations.id, ids.e5))
})
afterAll(() => t.close())

describe('GET list/', () => {
  it('returns a page of summaries in the contract shape, newest first', async () => {
    const res = await list()
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Evaluation list retrieved successfully')
    const page = evaluationList.parse(res.json().data)
    expect(page).toMatchObject({ count: 5, total_pages: 1, current_page: 1, next: null, previous: null })
    expect(page.results.map((r) => r.id)).toEqual([ids.e5, ids.e4, ids.e3, ids.e2, ids.e1])
    const e2 = page.results.find((r) => r.id === ids.e2)!
    expect(e2).toMatchObject({
      call_time: '2026-01-11T23:30:00.000Z',
      duration_s: 20,
      customer_name: 'Grace Hopper',
      purpose: 'Refund request',
      agent: { id: as.agent.id, name: 'Agent Person' },
      supervisor: { id: as.supervisor.id, name: 'Supervisor Person' },
      campaign: { id: campaignB, name: 'Collections' },
      service: { name: 'Hardship' },
      evaluation_type: { name: 'AI evaluation' },
      template: { name: 'Test inbound', version: 1 },
      status: 'ai_evaluated',
      scoring_status: 'completed',
      ai_score: 0,
      auditor_score: null,
      auto_fail: true,
      has_audio: false,
    })
    expect(page.results.find((r) => r.id === ids.e1)!.supervisor).toBeNull()
    // the effective auto-fail: the reviewer lifted e5's
    expect(page.results.find((r) => r.id === ids.e5)).toMatchObject({
      ai_score: 0,
      auditor_score: 70,
      auto_fail: false,
    })
  })

  it('pages with page and page_size', async () => {
    const first = (await list('page_size=2')).json().data
    expect(first).toMatchObject({ count: 5, total_pages: 3, current_page: 1, next: 2, previous: null })
    expect(first.results.map((r: EvaluationSummary) => r.id)).toEqual([ids.e5, ids.e4])
    const last = (await list('page_size=2&page=3')).json().data
    expect(last).toMatchObject({ current_page: 3, next: null, previous: 2 })
    expect(last.results.map((r: EvaluationSummary) => r.id)).toEqual([ids.e1])
    expect((await list('page_size=2&page=9')).json().data.results).toEqual([])
  })

  it('filters by call date (date_to takes the whole day, UTC)', async () => {
    expect(await idsOf('date_from=2026-01-11&date_to=2026-01-11')).toEqual([ids.e2])
    expect(await idsOf('date_from=2026-01-12')).toEqual([ids.e5, ids.e4, ids.e3])
    expect(await idsOf('date_to=2026-01-11')).toEqual([ids.e2, ids.e1])
    expect(await idsOf('date_from=&date_to=')).toHaveLength(5)
  })

  it('filters by campaign, service, agent, supervisor and status', async () => {
    expect(await idsOf(`campaign_id=${campaignB}`)).toEqual([ids.e4, ids.e2])
    expect(await idsOf(`service_id=${serviceA}`)).toEqual([ids.e5, ids.e3, ids.e1])
    expect(await idsOf(`agent_id=${as.agent2.id}`)).toEqual([ids.e4, ids.e3])
    expect(await idsOf(`supervisor_id=${as.supervisor.id}`)).toEqual([ids.e2])
    expect(await idsOf('status=reviewed')).toEqual([ids.e5, ids.e3])
    expect(await idsOf(`campaign_id=${campaignA}&agent_id=${as.agent.id}`)).toEqual([ids.e5, ids.e1])
    expect(await idsOf('campaign_id=999999')).toEqual([])
  })

  it("filters by the effective score (the auditor's once reviewed) and by auto-fail", async () => {
    // effective: e1 100, e2 0, e3 40 (AI 100), e4 83.3, e5 70 (AI 0)
    expect(await idsOf('score_min=50')).toEqual([ids.e5, ids.e4, ids.e1])
    expect(await idsOf('score_max=50')).toEqual([ids.e3, ids.e2])
    expect(await idsOf('score_min=60&score_max=90')).toEqual([ids.e5, ids.e4])
    expect(await idsOf('auto_fail=true')).toEqual([ids.e2])
    expect(await idsOf('auto_fail=')).toHaveLength(5)
  })

  it('searches agent and customer names, purpose, campaign and service, or an exact id', async () => {
    expect(await idsOf('q=grace')).toEqual([ids.e2])
    expect(await idsOf('q=REFUND')).toEqual([ids.e2])
    expect(await idsOf('q=agent2')).toEqual([ids.e4, ids.e3])
    expect(await idsOf('q=collections')).toEqual([ids.e4, ids.e2])
    expect(await idsOf('q=hardship')).toEqual([ids.e4, ids.e2])
    expect(await idsOf(`q=${ids.e3}`)).toEqual([ids.e3])
    expect(await idsOf('q=%25')).toEqual([])
    expect(await idsOf('q=99999999999')).toEqual([])
    const res = await list('q=grace&page_size=1')
    expect(res.json().data.count).toBe(1)
  })

  it('orders by every ordering of the contract, ties by id', async () => {
    const { e1, e2, e3, e4, e5 } = ids
    expect(await idsOf('ordering=call_time')).toEqual([e1, e2, e3, e4, e5])
    expect(await idsOf('ordering=-call_time')).toEqual([e5, e4, e3, e2, e1])
    expect(await idsOf('ordering=ai_score')).toEqual([e2, e5, e4, e1, e3])
    expect(await idsOf('ordering=-ai_score')).toEqual([e3, e1, e4, e5, e2])
    // not yet reviewed goes last either way
    expect(await idsOf('ordering=auditor_score')).toEqual([e3, e5, e1, e2, e4])
    expect(await idsOf('ordering=-auditor_score')).toEqual([e5, e3, e4, e2, e1])
    expect(await idsOf('ordering=agent')).toEqual([e1, e2, e5, e3, e4])
    expect(await idsOf('ordering=-agent')).toEqual([e4, e3, e5, e2, e1])
    expect((await idsOf('ordering=duration')).at(-1)).toBe(e4)
    expect((await idsOf('ordering=-duration'))[0]).toBe(e4)
  })

  it('shows an agent only their own calls, whatever agent they ask for; visitors read them all', async () => {
    expect(await idsOf('', 'agent')).toEqual([ids.e5, ids.e2, ids.e1])
    expect(await idsOf(`agent_id=${as.agent2.id}`, 'agent')).toEqual([ids.e5, ids.e2, ids.e1])
    expect((await list('', 'agent')).json().data.count).toBe(3)
    expect(await idsOf('', 'visitor')).toHaveLength(5)
    expect(await idsOf('', 'supervisor')).toHaveLength(5)
  })

  it('refuses bad filters with 400 and field errors, and needs a token', async () => {
    const bad = async (query: string, field: string) => {
      const res = await list(query)
      expect(res.statusCode, query).toBe(400)
      expect(Object.keys(res.json().errors), query).toContain(field)
    }
    await bad('page_size=500', 'page_size')
    await bad('page=0', 'page')
    await bad('status=lost', 'status')
    await bad('ordering=customer', 'ordering')
    await bad('campaign_id=abc', 'campaign_id')
    await bad('date_from=31-01-2026', 'date_from')
    await bad('date_from=2026-02-30', 'date_from')
    await bad('date_to=2026-13-01', 'date_to')
    await bad('date_from=2026-02-01&date_to=2026-01-01', 'date_to')
    await bad('score_min=101', 'score_min')
    await bad('score_min=80&score_max=20', 'score_max')
    expect((await t.app.inject({ method: 'GET', url: paths.evaluationList })).statusCode).toBe(401)
  })
})
