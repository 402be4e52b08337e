import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { facePeople, users } from '../../db/schema'
import { FaceError, sniffImage, type SingleFace } from '../../engines/face'
import type { Queue } from '../../jobs/queue'
import { newBlobKey, type BlobStore } from '../../lib/blob-store'
import { analyse, faceLimiter, identifyOutcome, livenessOf, scanRow, verifyOutcome } from '../../modules/face/service'
import { createPerson, insertScan, references } from '../../modules/face/store'
import { photoKey, photoReader } from './inputs'
import type { FaceCast, PhotoSource, ShowcasePerson, ShowcaseScan } from './plan'

/*
 * Face recognition has no job of its own: enrolling and verifying happen within the request. The
 * showcase's people and scans are made by this job instead, so a fresh start does not wait for the
 * engine: the same steps as the enrol, verify and identify routes (the engine through the
 * service's limiter, then the store), for one account's cast.
 */

export const SHOWCASE_FACE = 'showcase-face'
export type ShowcaseFaceJob = { user_id: number; cast: FaceCast }

export type ShowcaseFaceDeps = {
  db: Db
  blobs: BlobStore
  threshold: number
  log?: { error(obj: unknown, msg?: string): void }
}

type Analysed = { bytes: Buffer; face: SingleFace; type: { ext: string; mime: string } }

/**
 * Enrols the cast's people and makes its scans for the account. Every photo is analysed first,
 * outside any transaction; then the files are stored and the rows written in one transaction, so a
 * retry finds all of it or none. A photo the engine refuses leaves out what needs it (and is logged).
 */
export async function runShowcaseFaceJob(
  { db, blobs, threshold, log = { error: (obj, msg) => console.error(msg, obj) } }: ShowcaseFaceDeps,
  data: ShowcaseFaceJob,
) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, data.user_id))
  if (!user) return { skipped: 'gone' }
  const ids = data.cast.people.map((p) => p.externalId)
  const [done] = await db
    .select({ id: facePeople.id })
    .from(facePeople)
    .where(and(eq(facePeople.ownerId, user.id), inArray(facePeople.externalId, ids)))
    .limit(1)
  if (done) return { skipped: 'done' }

  const read = photoReader((fn) => faceLimiter.run(fn))
  const analysed = new Map<string, Analysed | null>()
  const photoOf = async (source: PhotoSource) => {
    const key = photoKey(source)
    if (!analysed.has(key)) {
      try {
        const bytes = await read(source)
        const type = sniffImage(bytes.subarray(0, 64))
        if (!type) throw new FaceError('unsupported', 'Not a PNG, JPEG or WebP photo.')
        analysed.set(key, { bytes, face: await analyse(bytes), type })
      } catch (error) {
        if (!(error instanceof FaceError)) throw error
        log.error({ err: error, photo: key }, 'a showcase photo was refused by the face engine')
        analysed.set(key, null)
      }
    }
    return analysed.get(key) ?? null
  }
  const people: (ShowcasePerson & { analysed: Analysed })[] = []
  for (const person of data.cast.people) {
    const photo = await photoOf(person.photo)
    if (photo) people.push({ ...person, analysed: photo })
  }
  const scans: (ShowcaseScan & { analysed: Analysed })[] = []
  const enrolled = new Set(people.map((p) => p.externalId))
  for (const scan of data.cast.scans) {
    // a verification of someone left out, or an identification among no one, is left out too
    if (scan.kind === 'verify' ? !enrolled.has(scan.claimed) : !enrolled.size) continue
    const photo = await photoOf(scan.photo)
    if (photo) scans.push({ ...scan, analysed: photo })
  }

  const written: string[] = []
  const store = async (prefix: string, photo: Analysed) => {
    const key = newBlobKey(prefix, `.${photo.type.ext}`)
    written.push(key)
    await blobs.put(key, photo.bytes)
    return key
  }
  try {
    const files = {
      people: await Promise.all(people.map((p) => store('face-people', p.analysed))),
      scans: await Promise.all(scans.map((s) => store('face-scans', s.analysed))),
    }
    await db.transaction(async (tx) => {
      const personIds = new Map<string, number>()
      for (const [i, p] of people.entries()) {
        const { face } = p.analysed
        const id = await createPerson(tx, user.id, { name: p.name, external_id: p.externalId }, [
          {
            blobKey: files.people[i]!,
            mimeType: p.analysed.type.mime,
            width: face.width,
            height: face.height,
            face: face.box,
            descriptor: Array.from(face.descriptor),
          },
        ])
        personIds.set(p.externalId, id)
      }
      for (const [i, s] of scans.entries()) {
        const { face } = s.analysed
        const check = livenessOf(face)
        const claimed = s.kind === 'verify' ? personIds.get(s.claimed)! : undefined
        const refs = await references(tx, user, claimed)
        const outcome =
          claimed === undefined
            ? identifyOutcome(face.descriptor, refs, threshold, check)
            : verifyOutcome(face.descriptor, refs, threshold, check, claimed)
        await insertScan(
          tx,
          scanRow({
            userId: user.id,
            kind: s.kind,
            face,
            check,
            outcome,
            threshold,
            blobKey: files.scans[i]!,
            mimeType: s.analysed.type.mime,
          }),
        )
      }
    })
    return { people: people.length, scans: scans.length }
  } catch (error) {
    await Promise.all(written.map((key) => blobs.remove(key).catch(() => {})))
    throw error
  }
}

/** Queues one account's cast. */
export const requestShowcaseFace = (queue: Queue, job: ShowcaseFaceJob) =>
  queue.send(SHOWCASE_FACE, job, { singletonKey: `showcase-face-${job.user_id}` })

/** One cast at a time: it is a handful of photos, and the face engine's limiter is shared with requests. */
export async function registerShowcaseFace(queue: Queue, deps: ShowcaseFaceDeps, { retryDelay = 10 } = {}) {
  await queue.register<ShowcaseFaceJob>(SHOWCASE_FACE, (data) => runShowcaseFaceJob(deps, data), {
    concurrency: 1,
    retryLimit: 3,
    retryDelay,
    retryBackoff: true,
    pollingIntervalSeconds: 2,
    expireInSeconds: 15 * 60,
  })
}
