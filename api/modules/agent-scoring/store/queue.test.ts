import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoringKpiQuery, scoringListQuery } from '#contract/agent-scoring'
import type { Actor } from '#api/auth/access'
import type { Who } from '#api/modules/evaluations/test-setup'
import { setupScoringWorld, type ScoringWorld } from '../test-data'
import { itemDetail } from './items'
import { itemRowsOf, listItems, orderedItemIds, queueKpi } from './queue'

let w: ScoringWorld
beforeAll(async () => {
  w = await setupScoringWorld()
})
afterAll(() => w.t.close())

const actor = (who: Who): Actor => ({ id: w.as[who].id, role: who.startsWith('agent') ? 'agent' : 'qa_supervisor' })
const list = (query: Record<string, unknown>, who: Who = 'supervisor') =>
  listItems(w.t.db, actor(who), scoringListQuery.parse({ page_size: 100, ...query }))
const ids = async (query: Record<string, unknown>, who: Who = 'supervisor') =>
  (await list(query, who)).results.map((r) => r.item_id)

describe('list/: a bucket of the queue, filtered and sorted', () => {
  it('puts the least confident first, then the oldest, unscored items after', async () => {
    const { P1, P2, P3, P4, R1, R2, R3 } = w.q.items
    expect(await ids({ bucket: 'pending' })).toEqual([P1, P2, P3, P4])
    // R2 has a criterion at 0.4, R1 one at 0.7, R3 is at 0.9
    expect(await ids({ bucket: 'ai_reviewed' })).toEqual([R2, R1, R3])
    expect(await ids({ bucket: 'ai_reviewed', ordering: '-created_at' })).toEqual([R3, R2, R1])
    expect(await ids({ bucket: 'ai_reviewed', ordering: '-confidence' })).toEqual([R3, R1, R2])
    // no score sorts last either way
    expect(await ids({ bucket: 'ai_reviewed', ordering: 'ai_score' })).toEqual([R2, R1, R3])
    expect(await ids({ bucket: 'ai_reviewed', ordering: '-ai_score' })).toEqual([R1, R2, R3])
  })

  it('filters by channel, template, agent, campaign, days, confidence and attention', async () => {
    const { P1, P2, P3, P4, R1, R2, R3, D2, D3, D4 } = w.q.items
    expect(await ids({ channel: 'email' })).toEqual([P2])
    expect(await ids({ template_internal_id: w.q.B.internalId })).toEqual([R3])
    expect(await ids({ campaign_id: w.q.B.campaignId })).toEqual([R3])
    expect(await ids({ agent_id: w.as.agent2.id })).toEqual([R3, P3])
    expect(await ids({ bucket: 'pending', date_from: '2026-01-06', date_to: '2026-01-07' })).toEqual([P2, P3])
    expect(await ids({ bucket: 'ai_rejected', ordering: 'created_at' })).toEqual([D2, D3, D4])
    // the bound is inclusive: 0.4 stored (a real, a hair above 0.4 as a double) is at or below 0.4 asked
    expect(await ids({ bucket: 'ai_reviewed', confidence_max: '0.4' })).toEqual([R2])
    expect(await ids({ bucket: 'ai_reviewed', confidence_max: '0.39' })).toEqual([])
    expect(await ids({ bucket: 'ai_reviewed', confidence_max: '0.9' })).toEqual([R2, R1, R3])
    expect(await ids({ bucket: 'pending', needs_attention: 'true' })).toEqual([P2, P3])
    expect(await ids({ bucket: 'pending', needs_attention: 'false' })).toEqual([P1, P4])
    expect(await ids({ bucket: 'ai_reviewed', needs_attention: 'true' })).toEqual([])
    expect(await ids({ bucket: 'ai_reviewed', campaign_id: 999_999 })).toEqual([])
    // empty values mean "any"
    expect(await ids({ bucket: '', channel: '', ordering: '' })).toHaveLength(11)
  })

  it('says of each row what the supervisor acts on', async () => {
    const { P2, P3, P4, R1, R2, R3, D2 } = w.q.items
    const rows = new Map((await list({})).results.map((r) => [r.item_id, r]))
    // every quote verified; its n/a, with no quote, has nothing to verify
    expect(rows.get(R1)).toMatchObject({ needs_human: false, all_verified_high: true, age_s: null, ai_score: 100 })
    expect(rows.get(R2)).toMatchObject({ needs_human: true, all_verified_high: false })
    expect(rows.get(R2)!.confidence).toBeCloseTo(0.4)
    // a repaired quote: not for bulk acceptance
    expect(rows.get(R3)).toMatchObject({ needs_human: false, all_verified_high: false, ai_score: null })
    expect(rows.get(R3)!.agent).toEqual({ id: w.as.agent2.id, name: 'Agent2 Person' })
    expect(rows.get(P2)).toMatchObject({
      channel: 'email',
      bucket: 'pending',
      job_status: 'failed',
      failure_reason: 'The LLM did not answer',
      needs_attention: true,
      needs_human: false,
      all_verified_high: false,
      confidence: null,
    })
    expect(rows.get(P3)).toMatchObject({ not_scorable_reason: 'too_few_words', needs_attention: true })
    expect(rows.get(P4)).toMatchObject({
      job_status: 'in_queue',
      needs_attention: false,
      created_at: '2026-01-08T10:00:00.000Z',
    })
    const ageP4 = Math.floor((Date.now() - Date.UTC(2026, 0, 8, 10)) / 1000)
    expect(rows.get(P4)!.age_s).toBeGreaterThanOrEqual(ageP4 - 5)
    expect(rows.get(P4)!.age_s).toBeLessThanOrEqual(ageP4 + 5)
    expect(rows.get(D2)).toMatchObject({
      bucket: 'ai_rejected',
      decided_by: { id: w.as.supervisor.id, name: 'Supervisor Person' },
      claimed_by: null,
      age_s: null,
    })
    expect(rows.get(D2)!.decided_at).not.toBeNull()
  })

  it("heads an item's page as its row, needing attention or not alike", async () => {
    const rows = (await list({})).results
    expect(rows.filter((r) => r.needs_attention)).toHaveLength(2)
    for (const row of rows) {
      const detail = await itemDetail(w.t.db, actor('supervisor'), row.item_id)
      const shared = (value: object) =>
        Object.fromEntries(Object.entries(value).filter(([k]) => k in row && k in detail))
      expect(shared(detail)).toEqual(shared(row))
    }
  })

  it('pages with the usual envelope', async () => {
    const page = await list({ bucket: 'pending', page: 2, page_size: 3 })
    expect(page).toMatchObject({ count: 4, total_pages: 2, current_page: 2, next: null, previous: 1 })
    expect(page.results.map((r) => r.item_id)).toEqual([w.q.items.P4])
  })

  it('gives an agent only their own items, whatever the filter asks', async () => {
    const { P3, R3 } = w.q.items
    expect(await ids({}, 'agent2')).toEqual([R3, P3])
    expect(await ids({ agent_id: w.as.agent2.id }, 'agent')).toEqual([])
    expect(await ids({}, 'agent')).toHaveLength(9)
  })

  it('export reads the ids in the list order, then the rows in that order', async () => {
    const { R1, R2, R3 } = w.q.items
    const filter = { ...scoringListQuery.parse({ bucket: 'ai_reviewed' }) }
    const ordered = await orderedItemIds(w.t.db, actor('supervisor'), filter, 10)
    expect(ordered).toEqual([R2, R1, R3])
    expect(await orderedItemIds(w.t.db, actor('supervisor'), filter, 2)).toEqual([R2, R1])
    expect((await itemRowsOf(w.t.db, [R3, 999_999, R2])).map((r) => r.item_id)).toEqual([R3, R2])
  })
})

describe('kpi/: the queue in figures', () => {
  const kpi = (query: Record<string, unknown> = {}, who: Who = 'supervisor') =>
    queueKpi(w.t.db, actor(who), scoringKpiQuery.parse(query))

  it('counts each bucket and what waits in pending', async () => {
    const figures = await kpi()
    expect(figures.buckets).toEqual([
      { bucket: 'pending', count: 4 },
      { bucket: 'ai_reviewed', count: 3 },
      { bucket: 'ai_accepted', count: 1 },
      { bucket: 'ai_rejected', count: 3 },
    ])
    expect(figures.pending).toMatchObject({ needs_attention: 2, in_progress: 1 })
    const ageP1 = Math.floor((Date.now() - Date.UTC(2026, 0, 5, 10)) / 1000)
    expect(Math.abs(figures.pending.oldest_age_s! - ageP1)).toBeLessThanOrEqual(5)
  })

  it("measures this month's decisions: agreement where no correction was given, and κ", async () => {
    const { agreement } = await kpi()
    // 12 criteria of 4 decisions, 4 corrected; κ of the table in test-data.ts: p_o 9/12,
    // rows (AI) yes 8 no 3 n/a 1, columns (standing) yes 5 no 6 n/a 1: p_e 59/144, κ = 49/85
    expect(agreement).toEqual({
      month: new Date().toISOString().slice(0, 7),
      decisions: 4,
      criteria: 12,
      agreed: 8,
      agreement_pct: 66.7,
      kappa: 0.576,
    })
  })

  it('names the criteria corrected most, with their most frequent reason', async () => {
    const { most_rejected } = await kpi()
    expect(most_rejected).toEqual([
      {
        template: { internal_id: w.q.A.internalId, name: 'Test inbound' },
        category: 'Verification',
        question: 'Did the agent verify the date of birth?',
        corrections: 2,
        top_reason: 'criterion_unclear',
      },
      expect.objectContaining({
        question: 'Did the agent give their name?',
        corrections: 1,
        top_reason: 'evidence_not_in_conversation',
      }),
      expect.objectContaining({
        question: 'Did the agent thank the caller for calling?',
        corrections: 1,
        top_reason: 'wrong_verdict',
      }),
    ])
  })

  it('lists the ten items created last', async () => {
    const { recent } = await kpi()
    const { P2, P3, P4, R1, R2, R3, D1, D2, D3, D4 } = w.q.items
    expect(recent.map((r) => r.item_id)).toEqual([D4, D3, D2, D1, R3, R2, R1, P4, P3, P2])
  })

  it('narrows to the filters, and an agent to their own items', async () => {
    const email = await kpi({ channel: 'email' })
    expect(email.buckets.map((b) => b.count)).toEqual([1, 0, 0, 0])
    expect(email.agreement).toMatchObject({ decisions: 0, criteria: 0, agreement_pct: null, kappa: null })
    expect(email.most_rejected).toEqual([])
    const b = await kpi({ campaign_id: w.q.B.campaignId })
    expect(b.recent.map((r) => r.item_id)).toEqual([w.q.items.R3])
    const own = await kpi({}, 'agent2')
    expect(own.buckets.map((x) => x.count)).toEqual([1, 1, 0, 0])
    expect(own.pending).toMatchObject({ needs_attention: 1, in_progress: 0 })
    expect(own.recent.map((r) => r.item_id)).toEqual([w.q.items.R3, w.q.items.P3])
  })
})
