import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Actor } from '../../auth/access'
import type { Db } from '../../db/client'
import { documents, facePeople, faceScans, recordings, summaries, systemState, users } from '../../db/schema'
import { sniffDocument } from '../../engines/ocr/sniff'
import type { Queue } from '../../jobs/queue'
import { newBlobKey, type BlobStore } from '../../lib/blob-store'
import { requestOcr } from '../../modules/ocr/job'
import { createDocument } from '../../modules/ocr/store'
import { acceptAudio } from '../../modules/speech/accept'
import { requestSummary } from '../../modules/summaries/job'
import { createSummary } from '../../modules/summaries/store'
import { requestShowcaseFace } from './face'
import { documentFile, recordingFile, transcriptText } from './inputs'
import { SHOWCASE_ACCOUNTS, showcasePlan, type ShowcasePlan } from './plan'

export { registerShowcaseFace, SHOWCASE_FACE } from './face'
export { SHOWCASE_ACCOUNTS, showcasePlan, type ShowcasePlan } from './plan'

/*
 * The showcase (issue 19): on a fresh start each demo account opens facial recognition, document
 * OCR, speech recognition and summarization with a handful of items the engines made, not with
 * zeros. Seeding only uploads: it stores the files and creates the rows through the modules' own
 * store functions and queues the ordinary jobs, so the API answers at once and the pages fill as
 * the workers get through them. (Face recognition works within its requests; its showcase is a
 * job of its own, ./face.ts, doing the same steps.)
 *
 * Once per account and area: a system_state row marks it done, so items a user deleted do not come
 * back; an area where the account already has items of its own is marked and left alone.
 */

export type ShowcaseArea = 'documents' | 'recordings' | 'summaries' | 'face'
export const SHOWCASE_AREAS: ShowcaseArea[] = ['documents', 'recordings', 'summaries', 'face']

/** Below an upload's (0): a user trying a demo meanwhile goes before the showcase's backlog. */
export const SHOWCASE_PRIORITY = -1

type Log = { error(obj: unknown, msg?: string): void }

export type ShowcaseOptions = {
  queue: Queue
  blobs: BlobStore
  /** The demo accounts to fill, by email (SEED_SHOWCASE); every one of them by default. */
  accounts?: readonly string[]
  /** What to seed; tests pass a smaller one. */
  plan?: ShowcasePlan
  log?: Log
}

type Account = Actor & { email: string }

/** The marker of an account's area (system_state.key). */
export const showcaseKey = (area: ShowcaseArea, email: string) => `showcase:${area}:${email.toLowerCase()}`

/** The accounts (of `ids`) that already have items of their own in each area. */
async function owners(db: Db, ids: number[]): Promise<Record<ShowcaseArea, Set<number>>> {
  const ofColumn = async (rows: Promise<{ id: number | null }[]>) =>
    new Set((await rows).map((r) => r.id).filter((id): id is number => id !== null))
  const [docs, recs, sums, people, scans] = await Promise.all([
    ofColumn(db.selectDistinct({ id: documents.userId }).from(documents).where(inArray(documents.userId, ids))),
    ofColumn(
      db
        .selectDistinct({ id: recordings.uploadedBy })
        .from(recordings)
        .where(and(eq(recordings.source, 'upload'), inArray(recordings.uploadedBy, ids))),
    ),
    ofColumn(db.selectDistinct({ id: summaries.userId }).from(summaries).where(inArray(summaries.userId, ids))),
    ofColumn(db.selectDistinct({ id: facePeople.ownerId }).from(facePeople).where(inArray(facePeople.ownerId, ids))),
    ofColumn(db.selectDistinct({ id: faceScans.userId }).from(faceScans).where(inArray(faceScans.userId, ids))),
  ])
  return { documents: docs, recordings: recs, summaries: sums, face: new Set([...people, ...scans]) }
}

/** The queue, except that what is sent through it waits behind anything a user asks for meanwhile. */
const behindUsers = (queue: Queue): Queue => ({
  ...queue,
  send: (name, data, options) => queue.send(name, data, { ...options, priority: SHOWCASE_PRIORITY }),
})

/**
 * Seeds the showcase for the demo accounts that have not had it: the files, the rows and the jobs,
 * account by account (the visitor's first). Returns the jobs queued per area. A failure is
 * logged and leaves the rest going: the demo starts either way.
 */
export async function seedShowcase(db: Db, options: ShowcaseOptions): Promise<Record<ShowcaseArea, number>> {
  const { blobs, plan = showcasePlan, log = consoleLog } = options
  const queue = behindUsers(options.queue)
  const queued: Record<ShowcaseArea, number> = { documents: 0, recordings: 0, summaries: 0, face: 0 }
  const wanted = new Set((options.accounts ?? SHOWCASE_ACCOUNTS).map((e) => e.toLowerCase()))
  const emails = SHOWCASE_ACCOUNTS.filter((e) => wanted.has(e))
  if (!emails.length) return queued
  const rows = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  // in the showcase's order, the visitor first
  const accounts: Account[] = emails.flatMap((e) => rows.filter((r) => r.email.toLowerCase() === e))
  if (!accounts.length) return queued

  const keys = SHOWCASE_AREAS.flatMap((area) => accounts.map((a) => showcaseKey(area, a.email)))
  const marked = new Set(
    (await db.select({ key: systemState.key }).from(systemState).where(inArray(systemState.key, keys))).map(
      (r) => r.key,
    ),
  )
  const haveItems = await owners(
    db,
    accounts.map((a) => a.id),
  )
  const now = new Date().toISOString()
  // an account's own items count as its showcase having been seeded: it is marked, not filled
  const alreadyUsed = SHOWCASE_AREAS.flatMap((area) =>
    accounts
      .filter((a) => haveItems[area].has(a.id) && !marked.has(showcaseKey(area, a.email)))
      .map((a) => ({ key: showcaseKey(area, a.email), value: `had items of its own at ${now}` })),
  )
  if (alreadyUsed.length) await db.insert(systemState).values(alreadyUsed).onConflictDoNothing()
  const due = (area: ShowcaseArea) =>
    accounts.filter((a) => !marked.has(showcaseKey(area, a.email)) && !haveItems[area].has(a.id))

  /**
   * Claims the area for the accounts due (another process seeding at the same time gets none of
   * them), then makes the items, account by account.
   */
  async function seedArea<I, P>(
    area: ShowcaseArea,
    items: I[],
    candidates: Account[],
    prepare: (item: I) => Promise<P>,
    make: (account: Account, item: I, prepared: P) => Promise<unknown>,
  ) {
    if (!items.length || !candidates.length) return
    // the inputs first: if they cannot be made, nothing is claimed and the next start tries again
    let prepared: P[]
    try {
      prepared = await Promise.all(items.map(prepare))
    } catch (error) {
      log.error({ err: error, area }, `showcase: the ${area} inputs could not be made; the next start tries again`)
      return
    }
    try {
      const claimed = await db
        .insert(systemState)
        .values(candidates.map((a) => ({ key: showcaseKey(area, a.email), value: `seeded at ${now}` })))
        .onConflictDoNothing()
        .returning({ key: systemState.key })
      const mine = new Set(claimed.map((r) => r.key))
      const claimedAccounts = candidates.filter((a) => mine.has(showcaseKey(area, a.email)))
      for (const account of claimedAccounts) {
        for (const [i, item] of items.entries()) {
          try {
            await make(account, item, prepared[i]!)
            queued[area] += 1
          } catch (error) {
            log.error({ err: error, area, account: account.email }, 'showcase: an item could not be seeded')
          }
        }
      }
    } catch (error) {
      log.error({ err: error, area }, `showcase: the ${area} could not be seeded`)
    }
  }

  await seedArea('documents', plan.documents, due('documents'), documentFile, async (account, doc, bytes) => {
    const type = sniffDocument(bytes)
    if (!type) throw new Error(`${doc.fileName} is not a document the OCR reads`)
    const blobKey = newBlobKey('documents', '')
    await blobs.put(blobKey, bytes)
    try {
      const row = await createDocument(db, account, {
        documentType: doc.documentType,
        fileName: doc.fileName,
        mimeType: type.mime,
        sizeBytes: bytes.length,
        blobKey,
      })
      await requestOcr(queue, db, row!.id)
    } catch (error) {
      await blobs.remove(blobKey).catch(() => {})
      throw error
    }
  })

  await seedArea('recordings', plan.recordings, due('recordings'), recordingFile, async (account, rec, file) => {
    const blobKey = newBlobKey('uploads', '')
    await blobs.put(blobKey, file.bytes)
    try {
      const upload = { filename: file.fileName, size: file.bytes.length, head: file.bytes.subarray(0, 4096), blobKey }
      await acceptAudio({ db, blobs, queue }, account, upload, { language: 'en', domain: rec.domain })
    } catch (error) {
      await blobs.remove(blobKey).catch(() => {})
      throw error
    }
  })

  await seedArea(
    'summaries',
    plan.summaries,
    due('summaries'),
    async (s) => transcriptText(s),
    async (account, s, { text, fileName }) => {
      const row = await createSummary(db, account, { text, summaryType: s.summaryType, sourceName: fileName })
      await requestSummary(queue, db, row!.id)
    },
  )

  // one job per account with a cast (the admin sees everyone's people, and has none of its own)
  const casts = due('face').filter((a) => plan.face[a.email.toLowerCase()])
  await seedArea(
    'face',
    [null],
    casts,
    async () => null,
    async (account) =>
      requestShowcaseFace(queue, { user_id: account.id, cast: plan.face[account.email.toLowerCase()]! }),
  )
  return queued
}

const consoleLog: Log = { error: (obj, msg) => console.error(msg ?? 'showcase error', obj) }
