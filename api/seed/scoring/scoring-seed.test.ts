import { and, asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoringBuckets } from '#contract/agent-scoring'
import {
  callEvaluations,
  campaigns,
  recordings,
  scoringItemEvents,
  scoringItems,
  scoringResults,
  users,
} from '#api/db/schema'
import { chatFromText, emailFromText } from '#api/modules/agent-scoring/conversation'
import { rowsOf } from '#api/modules/dashboards/store/sql'
import { redactSegments } from '#api/engines/text/redact'
import { callTranscript, conversations } from '#api/seed/calls'
import { collectionsQuestions, inboundQuestions } from '#api/seed/calls/conversations'
import { demoAgents, demoCampaigns } from '#api/seed/demo-data'
import { seedDemo } from '#api/seed/seed'
import { scoringPlans } from '#api/seed/scoring'
import { seedCalls, seedTexts, type Outcome } from '#api/seed/scoring/conversations'
import { setupTestApp, type TestApp } from '#api/test-utils'
import { agreementConversations } from '#tests/fixtures/scoring-agreement/conversations'
import { holdoutConversations } from '#tests/fixtures/scoring-agreement/holdout'

const DAY = 86_400_000

describe('scoring seed: the conversations', () => {
  const agentOf = (name: string) => demoAgents.find((a) => `${a.firstName} ${a.lastName}` === name)
  const correctionsOf = (o: Outcome) => ('corrections' in o ? (o.corrections ?? []) : [])

  it('are written for each campaign by one of its agents, under titles of their own', () => {
    for (const t of seedTexts) expect(agentOf(t.agent)?.campaign, t.title).toBe(t.campaign)
    const titles = scoringPlans().map((p) => p.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('read as chats and e-mails with both sides, except those written not to', () => {
    for (const t of seedTexts) {
      const sides = { agentNames: [t.agent], client: demoCampaigns.find((c) => c.code === t.campaign)!.client }
      const turns = t.channel === 'chat' ? chatFromText(t.text, sides) : emailFromText(t.text, sides)
      const speakers = new Set(turns.map((x) => x.speaker))
      if (turns.length > 2) expect(speakers, t.title).toEqual(new Set(['agent', 'customer']))
    }
  })

  it("correct only their template's questions, and a call only to its reference answer", () => {
    for (const t of seedTexts) {
      const questions = t.campaign === 'NORTHWIND-COLL' ? collectionsQuestions : inboundQuestions
      for (const c of correctionsOf(t.outcome)) expect(Object.keys(questions), t.title).toContain(c.question)
    }
    for (const call of seedCalls) {
      const reference = conversations.find((c) => c.key === call.key)!.reference
      const questions: Record<string, string> = { ...inboundQuestions, ...collectionsQuestions }
      for (const c of correctionsOf(call.outcome)) expect(reference[questions[c.question]!], call.key).toBe(c.value)
    }
  })

  it('share no sentence with the agreement sets (they measure the engine) or the demo calls', () => {
    const elsewhere = [
      ...[...agreementConversations, ...holdoutConversations].flatMap((c) => c.turns.map((t) => t.text)),
      ...conversations.flatMap((c) => c.lines.map((l) => l.text)),
    ]
    const seeded = seedTexts.flatMap((t) =>
      t.text
        .split(/(?<=[.!?])\s+|\n/)
        .map((s) => s.replace(/^\s*(?:\[[\d:]+\]\s*)?[^:]{1,30}:\s/, '').trim())
        // stock phrases ("Is there anything else I can help with today?") are everyone's
        .filter((s) => s.split(' ').length >= 10),
    )
    const shared = seeded.filter((s) => elsewhere.some((m) => m.includes(s)))
    expect(shared).toEqual([])
  })
})

describe('scoring seed: seedDemo', () => {
  let t: TestApp
  let firstRun: Awaited<ReturnType<typeof seedDemo>>
  beforeAll(async () => {
    t = await setupTestApp()
    // with the blob store, as on a real start: the demo calls' recordings get their audio
    firstRun = await seedDemo(t.db, { blobs: t.blobs })
  })
  afterAll(() => t.close())

  const items = () => t.db.select().from(scoringItems)
  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id

  it('fills the queue with calls, chats and e-mails of every campaign, in all four buckets', async () => {
    const rows = await items()
    expect(firstRun.scoringItemsCreated).toBe(rows.length)
    expect(rows.length).toBeGreaterThanOrEqual(55)
    const by = <K extends string>(key: (r: (typeof rows)[number]) => K) =>
      rows.reduce<Record<string, number>>((n, r) => ({ ...n, [key(r)]: (n[key(r)] ?? 0) + 1 }), {})
    const buckets = by((r) => r.bucket)
    for (const bucket of scoringBuckets) expect(buckets[bucket], bucket).toBeGreaterThanOrEqual(5)
    expect(buckets.pending).toBeGreaterThanOrEqual(10)
    expect(buckets.ai_rejected).toBeGreaterThanOrEqual(5)
    expect(buckets.ai_accepted).toBeGreaterThan(buckets.ai_rejected!)
    const codes = new Map((await t.db.select().from(campaigns)).map((c) => [c.id, c.code]))
    const perCampaign = by((r) => `${codes.get(r.campaignId)} ${r.channel}`)
    for (const { code } of demoCampaigns) {
      for (const channel of ['call', 'chat', 'email'])
        expect(perCampaign[`${code} ${channel}`], `${code} ${channel}`).toBeGreaterThanOrEqual(2)
    }
    // the demo agent has items of their own to open
    const agent = await userId('agent@demo.local')
    expect(rows.filter((r) => r.agentId === agent).length).toBeGreaterThanOrEqual(3)
    // demo calls play their seeded audio
    expect(rows.filter((r) => r.channel === 'call' && r.recordingId !== null).length).toBeGreaterThanOrEqual(15)
  })

  it('gives each call its own recording and audio, shared with no other call or evaluation', async () => {
    const rows = (await items()).filter((r) => r.channel === 'call' && r.recordingId !== null)
    expect(rows.length).toBe(seedCalls.length)
    expect(new Set(rows.map((r) => r.recordingId)).size).toBe(rows.length)
    // every recording belongs to one evaluation or one item at most, and its audio to it alone
    const shared = await rowsOf(
      t.db,
      sql`
      select recording_id from (
        select recording_id from call_evaluations where recording_id is not null
        union all
        select recording_id from scoring_items
        where recording_id is not null
          and (evaluation_id is null
            or recording_id is distinct from (select e.recording_id from call_evaluations e where e.id = evaluation_id))
      ) uses
      group by recording_id having count(*) > 1`,
    )
    expect(shared).toEqual([])
    const sharedAudio = await rowsOf(
      t.db,
      sql`select blob_key from recordings where blob_key is not null group by blob_key having count(*) > 1`,
    )
    expect(sharedAudio).toEqual([])
    for (const item of rows) {
      const [recording] = await t.db.select().from(recordings).where(eq(recordings.id, item.recordingId!))
      expect(recording, item.title).toMatchObject({ status: 'completed', source: 'call', uploadedBy: null })
      expect(recording!.segments.map((s) => s.text)).toEqual(item.turns.map((x) => x.text))
      expect(recording!.durationS).toBeGreaterThan(30)
      expect(recording!.customerSentiment).not.toBeNull()
      expect(recording!.blobKey, item.title).toMatch(/^recordings\/seed\//)
      expect(await t.blobs.size(recording!.blobKey!)).toBe(recording!.sizeBytes)
    }
  })

  it("makes an accepted call an evaluation of that call: channel call, the item's recording, its transcript", async () => {
    const accepted = await t.db
      .select({
        title: scoringItems.title,
        itemRecording: scoringItems.recordingId,
        channel: callEvaluations.channel,
        recordingId: callEvaluations.recordingId,
        segments: recordings.segments,
        blobKey: recordings.blobKey,
      })
      .from(scoringItems)
      .innerJoin(callEvaluations, eq(callEvaluations.id, scoringItems.evaluationId))
      .leftJoin(recordings, eq(recordings.id, callEvaluations.recordingId))
      .where(and(eq(scoringItems.channel, 'call'), eq(scoringItems.bucket, 'ai_accepted')))
    expect(accepted.length).toBeGreaterThanOrEqual(5)
    for (const a of accepted) {
      expect(a.channel, a.title).toBe('call')
      expect(a.recordingId, a.title).toBe(a.itemRecording)
      const call = conversations.find((c) => a.title === `${c.purpose} (${c.customer_name})`)!
      // stored as the speech module leaves a call: redacted (a date of birth, a card number)
      const redacted = redactSegments(callTranscript(call.key).segments).segments
      expect(a.segments?.map((s) => s.text)).toEqual(redacted.map((s) => s.text))
      expect(a.blobKey).not.toBe(`recordings/seed/${call.key}.ogg`)
    }
  })

  it('leaves pending items that need attention, each saying why', async () => {
    const pending = (await items()).filter((r) => r.bucket === 'pending')
    const attention = pending.filter((r) => r.jobStatus === 'failed' || r.notScorableReason !== null)
    expect(new Set(attention.map((r) => r.notScorableReason ?? 'failed'))).toEqual(
      new Set(['too_few_words', 'no_agent_turns', 'other_language', 'failed']),
    )
    for (const r of attention.filter((r) => r.jobStatus === 'failed')) expect(r.failureReason).toMatch(/\w{4}/)
    // the Spanish chat, and only it, is found out by the job's language check: the seed runs the job on it
    const otherLanguage = seedTexts.filter((x) => x.outcome.to === 'other_language').map((x) => x.title)
    expect(attention.filter((r) => r.notScorableReason === 'other_language').map((r) => r.title)).toEqual(otherLanguage)
    // the rest of pending waits for its first scoring
    const waiting = pending.filter((r) => !attention.includes(r))
    expect(waiting.length).toBeGreaterThanOrEqual(5)
    expect(waiting.every((r) => r.jobStatus === 'pending' && r.scoredAt === null)).toBe(true)
  })

  it('has supervisor decisions in the audit trail, and rejections that name true disputes', async () => {
    const supervisor = await userId('supervisor@demo.local')
    const decided = (await items()).filter((r) => r.bucket === 'ai_accepted' || r.bucket === 'ai_rejected')
    expect(decided.length).toBeGreaterThanOrEqual(20)
    for (const item of decided) {
      expect(item.decidedBy).toBe(supervisor)
      const events = await t.db
        .select()
        .from(scoringItemEvents)
        .where(eq(scoringItemEvents.itemId, item.id))
        .orderBy(asc(scoringItemEvents.createdAt), asc(scoringItemEvents.id))
      const decision = events.find((e) => e.event === (item.bucket === 'ai_accepted' ? 'accepted' : 'rejected'))
      expect(decision?.actorId, item.title).toBe(supervisor)
      expect(events.map((e) => e.event).slice(0, 2)).toEqual(['created', 'scored'])
    }
    const corrected = await t.db
      .select({ item: scoringResults.itemId, ai: scoringResults.aiValue, value: scoringResults.correctedValue })
      .from(scoringResults)
      .innerJoin(scoringItems, eq(scoringItems.id, scoringResults.itemId))
      .where(eq(scoringItems.bucket, 'ai_rejected'))
    const disputes = corrected.filter((r) => r.value !== null)
    expect(disputes.every((r) => r.value !== r.ai)).toBe(true)
    // an accepted item is an evaluation, dated as the item
    const accepted = decided.filter((r) => r.bucket === 'ai_accepted')
    for (const item of accepted) {
      const [evaluation] = await t.db
        .select({ callTime: callEvaluations.callTime })
        .from(callEvaluations)
        .where(eq(callEvaluations.id, item.evaluationId ?? 0))
      expect(evaluation?.callTime, item.title).toEqual(item.createdAt)
    }
    const rejected = decided.filter((r) => r.bucket === 'ai_rejected')
    for (const item of rejected)
      expect(
        disputes.some((d) => d.item === item.id),
        item.title,
      ).toBe(true)
    const [{ reasons }] = await t.db
      .select({ reasons: count() })
      .from(scoringItemEvents)
      .where(eq(scoringItemEvents.event, 'rejected'))
    expect(reasons).toBe(rejected.length)
    // one or two items are in a supervisor's hands, not yet decided
    const claimed = (await items()).filter((r) => r.claimedBy !== null)
    expect(claimed.length).toBeGreaterThanOrEqual(1)
    expect(claimed.every((r) => r.bucket === 'ai_reviewed')).toBe(true)
  })

  it('dates the items and their trails over the past month, never in the future', async () => {
    const now = Date.now()
    const rows = await items()
    const ages = rows.map((r) => (now - r.createdAt.getTime()) / DAY)
    expect(Math.max(...ages)).toBeGreaterThan(25)
    expect(Math.max(...ages)).toBeLessThan(31)
    expect(Math.min(...ages)).toBeGreaterThan(0)
    expect(new Set(rows.map((r) => r.createdAt.toISOString().slice(0, 10))).size).toBeGreaterThan(15)
    const events = await t.db.select().from(scoringItemEvents)
    for (const e of events) {
      const item = rows.find((r) => r.id === e.itemId)!
      expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(item.createdAt.getTime())
      expect(e.createdAt.getTime()).toBeLessThanOrEqual(now)
    }
  })

  it('adds nothing on a second run', async () => {
    const size = async () =>
      Promise.all([
        t.db.select({ n: count() }).from(scoringItems),
        t.db.select({ n: count() }).from(scoringResults),
        t.db.select({ n: count() }).from(scoringItemEvents),
        t.db.select({ n: count() }).from(recordings),
        t.db.select({ n: count() }).from(callEvaluations),
      ]).then((rows) => rows.map(([r]) => r!.n))
    const before = await size()
    expect((await seedDemo(t.db, { blobs: t.blobs })).scoringItemsCreated).toBe(0)
    expect(await size()).toEqual(before)
  })
})
