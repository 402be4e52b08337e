import { count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import {
  callEvaluations,
  campaigns,
  chatConversations,
  chatFeedback,
  chatMessages,
  kbArticles,
  lookups,
  notifications,
  recordings,
  staffProfiles,
  templates,
  users,
} from '#api/db/schema'
import { DEMO_PASSWORD, demoAgents, demoCampaigns, demoSupervisors, demoUsers } from '#api/seed/demo-data'
import { knowledgeBase } from '#api/seed/knowledge-base'
import { seedDemo } from '#api/seed/seed'
import { setupTestApp, type TestApp, tokensFor } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

async function counts() {
  const [[u], [n], [l], [e], [c]] = await Promise.all([
    t.db.select({ n: count() }).from(users),
    t.db.select({ n: count() }).from(notifications),
    t.db.select({ n: count() }).from(lookups),
    t.db.select({ n: count() }).from(callEvaluations),
    t.db.select({ n: count() }).from(chatConversations),
  ])
  return { users: u.n, notifications: n.n, lookups: l.n, evaluations: e.n, conversations: c.n }
}

describe('seedDemo', () => {
  it('is idempotent: a second run adds nothing and keeps read states', async () => {
    expect((await seedDemo(t.db)).usersCreated).toBe(demoUsers.length)
    const first = await counts()
    // the demo accounts plus the other QA supervisors and agents (the demo ones are among them)
    expect(first.users).toBe(demoUsers.length + demoSupervisors.length - 1 + demoAgents.length - 1)
    expect(first.evaluations).toBeGreaterThanOrEqual(300)
    expect(first.lookups).toBeGreaterThanOrEqual(12)
    await t.db.update(notifications).set({ isRead: true })
    expect((await seedDemo(t.db)).usersCreated).toBe(0)
    expect(await counts()).toEqual(first)
    const [{ unread }] = await t.db
      .select({ unread: count() })
      .from(notifications)
      .where(eq(notifications.isRead, false))
    expect(unread).toBe(0)
  })

  it('gives the seeded articles the questions they answer, also to a demo seeded before articles had them', async () => {
    const slug = 'acme-lost-or-stolen-card'
    const seeded = knowledgeBase.find((a) => a.slug === slug)!
    const questionsOf = async () =>
      (await t.db.select({ q: kbArticles.questions }).from(kbArticles).where(eq(kbArticles.slug, slug)))[0]!.q
    expect(seeded.questions.length).toBeGreaterThanOrEqual(8)
    expect(await questionsOf()).toEqual(seeded.questions)
    await t.db.update(kbArticles).set({ questions: [] }).where(eq(kbArticles.slug, slug))
    await seedDemo(t.db)
    expect(await questionsOf()).toEqual(seeded.questions)
    // questions a supervisor wrote are theirs: seeding again keeps them
    await t.db
      .update(kbArticles)
      .set({ questions: ['Our own question?'] })
      .where(eq(kbArticles.slug, slug))
    await seedDemo(t.db)
    expect(await questionsOf()).toEqual(['Our own question?'])
    await t.db.update(kbArticles).set({ questions: seeded.questions }).where(eq(kbArticles.slug, slug))
  })

  it('opens the chatbot’s history with conversations the engine answered, rated, two of them knowledge gaps', async () => {
    const conversations = await t.db.select().from(chatConversations)
    expect(conversations).toHaveLength(7)
    const owners = await t.db.select({ id: users.id, email: users.email }).from(users)
    const emailOf = new Map(owners.map((o) => [o.id, o.email]))
    expect(new Set(conversations.map((c) => emailOf.get(c.userId)))).toEqual(
      new Set(['visitor@demo.local', 'agent@demo.local']),
    )
    // within the retention, so the daily purge keeps them for a while
    for (const c of conversations) expect(Date.now() - c.updatedAt.getTime()).toBeLessThan(20 * 86_400_000)
    const replies = await t.db.select().from(chatMessages).where(eq(chatMessages.role, 'bot'))
    expect(replies.filter((r) => r.citations.length > 0).length).toBeGreaterThanOrEqual(6)
    expect(replies.filter((r) => r.dontKnow).map((r) => r.text)).not.toHaveLength(0)
    expect(replies.some((r) => r.dataAnswer)).toBe(true)
    const feedback = await t.db.select().from(chatFeedback)
    expect(feedback.filter((f) => f.rating === 'down')).toHaveLength(2)
  })

  it('creates the five demo accounts with their roles, each signing in with the demo password', async () => {
    for (const demo of demoUsers) {
      const { auth } = await tokensFor(t, { email: demo.email, password: DEMO_PASSWORD })
      const me = (await t.app.inject({ url: paths.userDetail, headers: auth })).json().data
      expect(me).toMatchObject({ email: demo.email, role: demo.role, first_name: demo.firstName })
      const list = (await t.app.inject({ url: `${paths.notifications}?page_size=100`, headers: auth })).json().data
      expect(list.count).toBeGreaterThanOrEqual(8)
      expect(list.count).toBeLessThanOrEqual(15)
      const days = new Set(list.results.map((n: { created_at: string }) => n.created_at.slice(0, 10)))
      expect(days.size).toBeGreaterThan(3)
    }
  })
  it('seeds 30 agents and 4 QA supervisors in teams, and 300+ scored calls over 90 days', async () => {
    const staff = await t.db
      .select({ role: users.role, department: staffProfiles.departmentId, location: staffProfiles.locationId })
      .from(staffProfiles)
      .innerJoin(users, eq(users.id, staffProfiles.userId))
    expect(staff.filter((s) => s.role === 'agent')).toHaveLength(30)
    expect(staff.filter((s) => s.role === 'qa_supervisor')).toHaveLength(4)
    expect(staff.every((s) => s.department && s.location)).toBe(true)

    const rows = await t.db.select().from(callEvaluations)
    const days = rows.map((r) => (Date.now() - r.callTime.getTime()) / 86_400_000)
    expect(Math.max(...days)).toBeGreaterThan(80)
    expect(Math.max(...days)).toBeLessThanOrEqual(91)
    expect(Math.min(...days)).toBeGreaterThanOrEqual(0)
    // varied outcomes: high and low scores, auto-fails, reviews, acknowledgements and disputes
    const scores = rows.map((r) => r.aiScore ?? 0)
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(95)
    expect(rows.filter((r) => r.aiAutoFail).length).toBeGreaterThan(10)
    expect(rows.filter((r) => !r.aiAutoFail && r.aiScore! < 80).length).toBeGreaterThan(10)
    for (const status of ['ai_evaluated', 'reviewed', 'acknowledged', 'disputed'] as const) {
      expect(rows.filter((r) => r.status === status).length).toBeGreaterThan(5)
    }
    expect(rows.filter((r) => r.auditorScore !== null && r.auditorScore !== r.aiScore).length).toBeGreaterThan(5)
    // the demo agent has calls of their own to open
    const [agent] = await t.db.select().from(users).where(eq(users.email, 'agent@demo.local'))
    expect(rows.filter((r) => r.agentId === agent.id).length).toBeGreaterThanOrEqual(8)
    // no blob store here: transcripts only (the audio is seeded where the API has its store)
    const [{ withAudio }] = await t.db.select({ withAudio: count(recordings.blobKey) }).from(recordings)
    expect(withAudio).toBe(0)
    // every call's sentiment is computed for the dashboards
    const [{ without }] = await t.db
      .select({ without: count() })
      .from(recordings)
      .where(isNull(recordings.customerSentiment))
    expect(without).toBe(0)
  })

  it('gives each demo campaign its default scoring template (AI agent scoring)', async () => {
    await seedDemo(t.db)
    const rows = await t.db
      .select({ code: campaigns.code, template: templates.name })
      .from(campaigns)
      .innerJoin(templates, eq(templates.internalId, campaigns.defaultTemplateInternalId))
      .where(eq(templates.isLatest, true))
    expect(Object.fromEntries(rows.map((r) => [r.code, r.template]))).toEqual(
      Object.fromEntries(demoCampaigns.map((c) => [c.code, c.defaultTemplate])),
    )
  })
})
