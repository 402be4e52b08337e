import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt } from 'jose'
import type { Role } from '#contract/accounts'
import {
  callEvaluations,
  campaigns,
  chatConversations,
  chatMessages,
  departments,
  locations,
  documents,
  facePeople,
  facePhotos,
  faceScans,
  lookups,
  notifications,
  recordings,
  scoringItems,
  services,
  summaries,
  templates,
  users,
} from '#api/db/schema'
import { seedDemo } from '#api/seed/seed'
import { TINY_PNG, TINY_WAV } from './openapi-arbitraries'
import { DEMO_PASSWORD, demoUsers } from '#api/seed/demo-data'
import { createUser, setupTestApp, testEnv, testQueue, tokensFor, type TestApp } from '#api/test-utils'

/*
 * The fixture both security suites share: an app on a fresh database with the demo data (about
 * 5 s on PGlite), a job queue without workers (uploads are accepted and stay queued), the five demo
 * accounts signed in, and for each of them one object of every owner-scoped kind.
 */

export const ROLES = [
  'admin',
  'qa_supervisor',
  'auditor',
  'agent',
  'visitor',
  'clinician',
] as const satisfies readonly Role[]
export type Auth = {
  id: number
  role: Role
  email: string
  access: string
  refresh: string
  headers: Record<string, string>
}

export type Owned = {
  recording: number
  recordingKid: string
  document: number
  summary: number
  person: number
  photo: number
  scan: number
  notification: number
  /** A scored interaction whose agent is the owner. */
  scoringItem: number
  /** A chatbot conversation of the owner, its campaign, and the bot's answer in it (with a spoken reply). */
  conversation: number
  conversationCampaign: number
  chatAnswer: number
}

export async function setupSecurityApp() {
  const t = await setupTestApp({}, { queue: testQueue(0) })
  await seedDemo(t.db, { blobs: t.blobs })
  return t
}

export async function signIn(t: TestApp, user: { email: string; password: string }): Promise<Auth> {
  const tokens = await tokensFor(t, user)
  const [row] = await t.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, user.email))
  return {
    id: row!.id,
    role: row!.role,
    email: user.email,
    access: tokens.access,
    refresh: tokens.refresh,
    headers: tokens.auth,
  }
}

/** The demo account of each role, signed in. */
export async function signInDemo(t: TestApp) {
  const out = {} as Record<(typeof ROLES)[number], Auth>
  for (const role of ROLES) {
    const user = demoUsers.find((u) => u.role === role)!
    out[role] = await signIn(t, { email: user.email, password: DEMO_PASSWORD })
  }
  return out
}

/** A second user of `role` (not in the demo data, so nobody oversees them), signed in. */
export async function otherUser(t: TestApp, role: Role) {
  const user = await createUser(t, { role })
  return signIn(t, user)
}

/** An access token like the user's, for the same live session, that expired a minute ago. */
export async function expiredToken(auth: Auth) {
  const { sid, role } = decodeJwt(auth.access) as { sid: string; role: string }
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ typ: 'access', role, sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(auth.id))
    .setIssuedAt(now - 20 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(testEnv.jwtSecret))
}

const segments = [
  { speaker: 'agent' as const, start: 0, end: 3, text: 'Thank you for calling, how can I help?' },
  { speaker: 'customer' as const, start: 3, end: 7, text: 'I would like to check my balance please.' },
]

/** One of each owner-scoped object, made for `userId` straight in the database (no engine runs). */
export async function ownedBy(t: TestApp, userId: number, label = 'fixture'): Promise<Owned> {
  const { db } = t
  // real blobs, so a refusal is about who asks, not about a missing file
  const tag = `${label}-${Math.random().toString(16).slice(2, 10)}`
  const keys = {
    audio: `uploads/${tag}.wav`,
    page: `documents/${tag}-p1.png`,
    document: `documents/${tag}.png`,
    photo: `face-people/${tag}.png`,
    scan: `face-scans/${tag}.png`,
    voice: `chat-voice/${tag}.wav`,
  }
  for (const [kind, key] of Object.entries(keys))
    await t.blobs.put(key, kind === 'audio' || kind === 'voice' ? TINY_WAV : TINY_PNG)
  const [recording] = await db
    .insert(recordings)
    .values({
      source: 'upload',
      status: 'completed',
      fileName: `${label}.wav`,
      mimeType: 'audio/wav',
      sizeBytes: TINY_WAV.length,
      blobKey: keys.audio,
      language: 'en',
      segments,
      summary: 'A customer asks for their balance.',
      uploadedBy: userId,
      completedAt: new Date(),
    })
    .returning({ id: recordings.id, kid: recordings.kid })
  const [document] = await db
    .insert(documents)
    .values({
      userId,
      documentType: 'invoice',
      fileName: `${label}.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
      blobKey: keys.document,
      status: 'completed',
      pageCount: 1,
      text: 'Invoice 42 total 10 EUR',
      pages: [
        {
          page: 1,
          width: 100,
          height: 100,
          text: 'Invoice 42 total 10 EUR',
          words: [],
          source: 'ocr',
          rotation: 0,
          imageKey: keys.page,
        },
      ],
      completedAt: new Date(),
    })
    .returning({ id: documents.id })
  const [summary] = await db
    .insert(summaries)
    .values({
      userId,
      summaryType: 'brief',
      sourceName: 'Pasted text',
      text: 'A long text about the weather. It rained.',
      wordCount: 8,
      status: 'completed',
      summary: 'It rained.',
      completedAt: new Date(),
    })
    .returning({ id: summaries.id })
  const [person] = await db
    .insert(facePeople)
    .values({ ownerId: userId, name: `Person of ${label}`, externalId: 'E-1' })
    .returning({ id: facePeople.id })
  const box = { x: 1, y: 1, width: 10, height: 10 }
  const [photo] = await db
    .insert(facePhotos)
    .values({
      personId: person!.id,
      blobKey: keys.photo,
      mimeType: 'image/png',
      width: 20,
      height: 20,
      face: box,
      descriptor: Array.from({ length: 128 }, (_, i) => (i % 7) / 10),
    })
    .returning({ id: facePhotos.id })
  const [scan] = await db
    .insert(faceScans)
    .values({
      userId,
      kind: 'verify',
      decision: 'validated',
      personId: person!.id,
      distance: 0.3,
      threshold: 0.55,
      liveness: { score: 0.9, live: true, reasons: [] },
      face: box,
      blobKey: keys.scan,
      mimeType: 'image/png',
      width: 20,
      height: 20,
    })
    .returning({ id: faceScans.id })
  const [notification] = await db
    .insert(notifications)
    .values({ userId, title: 'Fixture', body: 'A notification' })
    .returning({ id: notifications.id })
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).limit(1)
  const [template] = await db.select({ id: templates.id }).from(templates).limit(1)
  const [item] = await db
    .insert(scoringItems)
    .values({
      channel: 'chat',
      title: `${label} chat`,
      agentId: userId,
      campaignId: campaign!.id,
      templateId: template!.id,
      turns: [{ speaker: 'agent', text: 'Thanks for messaging, how can I help?' }],
    })
    .returning({ id: scoringItems.id })
  const [conversation] = await db
    .insert(chatConversations)
    .values({ userId, channel: 'chat_with_us', campaignId: campaign!.id, title: 'Opening hours?' })
    .returning({ id: chatConversations.id })
  const [, answer] = await db
    .insert(chatMessages)
    .values([
      { conversationId: conversation!.id, role: 'customer', text: 'Opening hours?' },
      { conversationId: conversation!.id, role: 'bot', text: 'We are open from 8am.', audioBlobKey: keys.voice },
    ])
    .returning({ id: chatMessages.id })
  return {
    conversation: conversation!.id,
    conversationCampaign: campaign!.id,
    chatAnswer: answer!.id,
    recording: recording!.id,
    recordingKid: recording!.kid,
    document: document!.id,
    summary: summary!.id,
    person: person!.id,
    photo: photo!.id,
    scan: scan!.id,
    notification: notification!.id,
    scoringItem: item!.id,
  }
}

/** Ids that exist in the seeded database, by the field names the API uses for them. */
export async function knownIds(t: TestApp) {
  const { db } = t
  const take = <T>(rows: T[], n = 25) => rows.slice(0, n)
  const evaluations = await db
    .select({ id: callEvaluations.id, recordingId: callEvaluations.recordingId, agentId: callEvaluations.agentId })
    .from(callEvaluations)
  const recs = await db.select({ id: recordings.id, kid: recordings.kid }).from(recordings)
  const tpl = await db.select({ internalId: templates.internalId }).from(templates)
  const people = await db.select({ id: users.id, role: users.role }).from(users)
  return {
    evaluations: take(evaluations.map((e) => e.id)),
    evaluationRows: evaluations,
    recordings: take(recs.map((r) => r.id)),
    kids: take(recs.map((r) => r.kid)),
    templates: [...new Set(tpl.map((r) => r.internalId))],
    users: people.map((u) => u.id),
    agents: people.filter((u) => u.role === 'agent').map((u) => u.id),
    supervisors: people.filter((u) => u.role === 'qa_supervisor').map((u) => u.id),
    campaigns: (await db.select({ id: campaigns.id }).from(campaigns)).map((r) => r.id),
    services: (await db.select({ id: services.id }).from(services)).map((r) => r.id),
    departments: (await db.select({ id: departments.id }).from(departments)).map((r) => r.id),
    locations: (await db.select({ id: locations.id }).from(locations)).map((r) => r.id),
    domains: (await db.select({ code: lookups.code }).from(lookups).where(eq(lookups.kind, 'domain'))).map(
      (r) => r.code,
    ),
    languages: (await db.select({ code: lookups.code }).from(lookups).where(eq(lookups.kind, 'language'))).map(
      (r) => r.code,
    ),
    documents: (await db.select({ id: documents.id }).from(documents)).map((r) => r.id),
    summaries: (await db.select({ id: summaries.id }).from(summaries)).map((r) => r.id),
    persons: (await db.select({ id: facePeople.id }).from(facePeople)).map((r) => r.id),
    photos: (await db.select({ id: facePhotos.id }).from(facePhotos)).map((r) => r.id),
    scans: (await db.select({ id: faceScans.id }).from(faceScans)).map((r) => r.id),
    notifications: take(
      (await db.select({ id: notifications.id }).from(notifications)).map((r) => r.id),
      40,
    ),
  }
}

export { TINY_PNG, TINY_WAV }
