import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { hashPassword } from '../auth/password'
import type { Db } from '../db/client'
import {
  campaigns,
  evaluationTypes,
  kbArticles,
  lookups,
  notifications,
  services,
  templates,
  users,
} from '../db/schema'
import { reindexArticles } from '../modules/chatbot/store/knowledge'
import { knowledgeBase } from './knowledge-base'
import { seedConversations } from './chatbot'
import { seedClinic } from './clinic/seed'
import type { BlobStore } from '../lib/blob-store'
import type { Queue } from '../jobs/queue'
import { createTemplate } from '../modules/templates/store'
import { seedAccessMgmt } from './access-mgmt'
import { fillRecordingSentiment } from '../modules/dashboards/store/sentiment'
import { seedEvaluations } from './evaluations'
import { seedScoringItems } from './scoring'
import { seedShowcase } from './showcase'
import { seedStaff } from './staff'
import {
  DEMO_PASSWORD,
  demoCampaigns,
  demoEvaluationTypes,
  demoUsers,
  domains,
  languages,
  notificationTemplates,
} from './demo-data'
import { demoTemplates } from './templates-data'

const HOUR = 60 * 60 * 1000

export type SeedOptions = {
  now?: Date
  /** Where the demo calls' audio goes; without one the calls have transcripts only. */
  blobs?: BlobStore | null
  /**
   * The showcase (./showcase): face, OCR, speech and summaries items uploaded for these demo
   * accounts (all without `accounts`) and queued on `queue`, once. Needs `blobs`; none without it.
   */
  showcase?: { queue: Queue; accounts?: readonly string[] } | null
}

/** Idempotent: creates what is missing and never touches what exists (safe on every start). */
export async function seedDemo(db: Db, { now = new Date(), blobs = null, showcase = null }: SeedOptions = {}) {
  const emails = demoUsers.map((u) => u.email)
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email),
  )
  const missing = demoUsers.filter((u) => !existing.has(u.email))
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)))

  await db.transaction(async (tx) => {
    if (missing.length) {
      await tx
        .insert(users)
        .values(missing.map((u, i) => ({ ...u, passwordHash: hashes[i] })))
        .onConflictDoNothing()
    }
    const seeded = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    for (const user of seeded) {
      const [{ n }] = await tx.select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id))
      if (n > 0) continue
      const index = emails.indexOf(user.email)
      const howMany = 8 + ((index * 3) % 8)
      const rows = Array.from({ length: howMany }, (_, i) => {
        const template = notificationTemplates[(i + index * 4) % notificationTemplates.length]
        // spread over the past days; the oldest third is read
        const age = (howMany - i) * 17 * HOUR + index * HOUR
        return { userId: user.id, ...template, isRead: i < howMany / 3, createdAt: new Date(now.getTime() - age) }
      })
      await tx.insert(notifications).values(rows)
    }
    const lookupRows = [
      ...domains.map(([code, name], i) => ({ kind: 'domain' as const, code, name, sortOrder: i })),
      ...languages.map(([code, name], i) => ({ kind: 'language' as const, code, name, sortOrder: i })),
    ]
    await tx.insert(lookups).values(lookupRows).onConflictDoNothing()
    await tx
      .insert(evaluationTypes)
      .values(demoEvaluationTypes.map(([code, name], sortOrder) => ({ code, name, sortOrder })))
      .onConflictDoNothing()
    await tx
      .insert(campaigns)
      .values(demoCampaigns.map(({ code, name, client }) => ({ code, name, client })))
      .onConflictDoNothing()
    const campaignIds = new Map(
      (await tx.select({ id: campaigns.id, code: campaigns.code }).from(campaigns)).map((c) => [c.code, c.id]),
    )
    await tx
      .insert(services)
      .values(demoCampaigns.flatMap((c) => c.services.map((name) => ({ campaignId: campaignIds.get(c.code)!, name }))))
      .onConflictDoNothing()
  })
  const templatesCreated = await seedTemplates(db)
  await seedDefaultTemplates(db)
  await seedStaff(db, hashes[0] ?? (await hashPassword(DEMO_PASSWORD)), now)
  await seedAccessMgmt(db)
  const evaluationsCreated = await seedEvaluations(db, blobs, now)
  const scoringItemsCreated = await seedScoringItems(db, now, blobs)
  await fillRecordingSentiment(db)
  await seedKnowledgeBase(db)
  await seedConversations(db, now)
  await seedClinic(db, now)
  const showcaseQueued = showcase && blobs ? await seedShowcase(db, { ...showcase, blobs }) : null
  return { usersCreated: missing.length, templatesCreated, evaluationsCreated, scoringItemsCreated, showcaseQueued }
}

/** Each demo campaign's default template (AI agent scoring), where none is set yet. */
async function seedDefaultTemplates(db: Db) {
  for (const campaign of demoCampaigns) {
    const [template] = await db
      .select({ internalId: templates.internalId })
      .from(templates)
      .where(and(eq(templates.name, campaign.defaultTemplate), eq(templates.isLatest, true)))
    if (!template) continue
    await db
      .update(campaigns)
      .set({ defaultTemplateInternalId: template.internalId })
      .where(and(eq(campaigns.code, campaign.code), isNull(campaigns.defaultTemplateInternalId)))
  }
}

/** The demo QA templates, by name in any version: a renamed one is not seeded again. */
async function seedTemplates(db: Db) {
  const names = demoTemplates.map((t) => t.name)
  const present = new Set(
    (await db.select({ name: templates.name }).from(templates).where(inArray(templates.name, names))).map(
      (r) => r.name,
    ),
  )
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'supervisor@demo.local'))
  let created = 0
  for (const template of demoTemplates) {
    if (present.has(template.name) || !author) continue
    await createTemplate(db, template, author.id)
    created++
  }
  return created
}

/** The chatbot's help articles per campaign, by slug (seeding again adds only the missing ones), indexed at once. */
export async function seedKnowledgeBase(db: Db) {
  const seeded = await db
    .select({ slug: kbArticles.slug, noQuestions: sql<boolean>`${kbArticles.questions} = '[]'::jsonb` })
    .from(kbArticles)
    .where(isNotNull(kbArticles.slug))
  const present = new Set(seeded.map((r) => r.slug))
  const withoutQuestions = new Set(seeded.filter((r) => r.noQuestions).map((r) => r.slug))
  const campaignIds = new Map(
    (await db.select({ id: campaigns.id, code: campaigns.code }).from(campaigns)).map((c) => [c.code, c.id]),
  )
  const missing = knowledgeBase.filter((a) => !present.has(a.slug) && campaignIds.has(a.campaign))
  if (missing.length)
    await db
      .insert(kbArticles)
      .values(
        missing.map((a) => ({
          slug: a.slug,
          campaignId: campaignIds.get(a.campaign)!,
          title: a.title,
          keywords: a.keywords,
          questions: a.questions,
          body: a.body,
        })),
      )
      .onConflictDoNothing()
  // a demo seeded before articles carried questions gets them, unless someone has written some since
  // (read with the slugs above, so an ordinary start writes nothing)
  for (const a of knowledgeBase.filter((a) => withoutQuestions.has(a.slug) && a.questions.length))
    await db
      .update(kbArticles)
      .set({ questions: a.questions, updatedAt: sql`now()` })
      .where(and(eq(kbArticles.slug, a.slug), sql`${kbArticles.questions} = '[]'::jsonb`))
  await reindexArticles(db)
  return missing.length
}
