import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Person, PersonFields, Scan, ScanBucket, ScanKpi } from '#contract/face'
import type { PageQuery } from '#contract/envelope'
import type { Db } from '../../db/client'
import { activeActor, personRule, scanRule, type Actor } from '../../auth/access'
import { facePeople, facePhotos, faceScans } from '../../db/schema'
import type { BlobStore } from '../../lib/blob-store'
import { notFound } from '../../lib/http-error'
import { likePattern } from '../../lib/like'
import { offsetOf, pageOf } from '../../lib/paging'

/** Who asks: people and scans are their maker's own; admins see and manage everyone's (the person and scan rules). */
export type Viewer = Actor

export const PERSON_NOT_FOUND = 'Person not found'
export const SCAN_NOT_FOUND = 'Scan not found'

type Box = { x: number; y: number; width: number; height: number }
/** Signed path of a photo (reference or probe) for the asking user. */
export type UrlFor = (id: number) => string | null

const round1 = (v: number) => Math.round(v * 10) / 10
export const roundBox = (b: Box): Box => ({
  x: round1(b.x),
  y: round1(b.y),
  width: round1(b.width),
  height: round1(b.height),
})

const peopleOf = personRule.readable
const scansOf = scanRule.readable

// ---------------------------------------------------------------- people

type PersonRow = typeof facePeople.$inferSelect

async function photosOf(db: Db, personIds: number[]) {
  if (!personIds.length) return []
  return db
    .select({ id: facePhotos.id, personId: facePhotos.personId, face: facePhotos.face })
    .from(facePhotos)
    .where(inArray(facePhotos.personId, personIds))
    .orderBy(asc(facePhotos.id))
}

async function toPeople(db: Db, rows: PersonRow[], photoUrl: UrlFor): Promise<Person[]> {
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    person_id: r.id,
    name: r.name,
    external_id: r.externalId,
    photos: photos
      .filter((p) => p.personId === r.id)
      .map((p) => ({ photo_id: p.id, url: photoUrl(p.id) ?? '', face: roundBox(p.face) })),
    created_at: r.createdAt.toISOString(),
  }))
}

/** A person the user may see (their own, or anyone's for an admin); 404 otherwise, never 403 (ids are guessable). */
export async function loadPerson(db: Db, user: Viewer, personId: number) {
  const [row] = await db
    .select()
    .from(facePeople)
    .where(and(eq(facePeople.id, personId), peopleOf(user)))
  if (!row) throw notFound(PERSON_NOT_FOUND)
  return row
}

export async function personDetail(db: Db, user: Viewer, personId: number, photoUrl: UrlFor) {
  const [person] = await toPeople(db, [await loadPerson(db, user, personId)], photoUrl)
  return person!
}

export async function listPeople(db: Db, user: Viewer, query: PageQuery & { q?: string }, photoUrl: UrlFor) {
  const conditions: (SQL | undefined)[] = [peopleOf(user)]
  if (query.q) {
    const like = likePattern(query.q)
    conditions.push(or(ilike(facePeople.name, like), ilike(facePeople.externalId, like)))
  }
  const where = and(...conditions)
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(facePeople)
      .where(where)
      .orderBy(desc(facePeople.createdAt), desc(facePeople.id))
      .limit(query.page_size)
      .offset(offsetOf(query.page, query.page_size)),
    db.select({ n: count() }).from(facePeople).where(where),
  ])
  return pageOf(await toPeople(db, rows, photoUrl), n, query.page, query.page_size)
}

export type NewPhoto = {
  blobKey: string
  mimeType: string
  width: number
  height: number
  face: Box
  descriptor: number[]
}

/** The person and their photos in one transaction: all of it or nothing. */
export async function createPerson(db: Db, ownerId: number, fields: PersonFields, photos: NewPhoto[]) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .insert(facePeople)
      .values({ ownerId, name: fields.name, externalId: fields.external_id ?? null })
      .returning({ id: facePeople.id })
    await tx.insert(facePhotos).values(photos.map((p) => ({ ...p, personId: person!.id })))
    return person!.id
  })
}

export async function updatePerson(db: Db, personId: number, fields: PersonFields) {
  await db
    .update(facePeople)
    .set({ name: fields.name, externalId: fields.external_id ?? null, updatedAt: new Date() })
    .where(eq(facePeople.id, personId))
}

/**
 * The person, their photos and descriptors, and every scan of them (anyone's), with the files of
 * both: the rows go first (cascade), then the blobs they pointed at.
 */
export async function deletePerson(db: Db, blobs: BlobStore | null, personId: number) {
  const [photoKeys, scanKeys] = await Promise.all([
    db.select({ key: facePhotos.blobKey }).from(facePhotos).where(eq(facePhotos.personId, personId)),
    db.select({ key: faceScans.blobKey }).from(faceScans).where(eq(faceScans.personId, personId)),
  ])
  await db.delete(facePeople).where(eq(facePeople.id, personId))
  if (!blobs) return
  const keys = [...photoKeys, ...scanKeys].map((r) => r.key).filter((k): k is string => Boolean(k))
  await Promise.all(keys.map((key) => blobs.remove(key).catch(() => {})))
}

/** Whether the user has anyone enrolled to identify against. */
export async function hasPeople(db: Db, user: Viewer) {
  const [row] = await db
    .select({ id: facePeople.id })
    .from(facePeople)
    .innerJoin(facePhotos, eq(facePhotos.personId, facePeople.id))
    .where(peopleOf(user))
    .limit(1)
  return Boolean(row)
}

export type Reference = { personId: number; name: string; descriptor: Float32Array }

/** Every reference descriptor of one person, or of everyone the user may see. */
export async function references(db: Db, user: Viewer, personId?: number): Promise<Reference[]> {
  const rows = await db
    .select({ personId: facePeople.id, name: facePeople.name, descriptor: facePhotos.descriptor })
    .from(facePhotos)
    .innerJoin(facePeople, eq(facePeople.id, facePhotos.personId))
    .where(and(peopleOf(user), personId === undefined ? undefined : eq(facePeople.id, personId)))
  return rows.map((r) => ({ ...r, descriptor: Float32Array.from(r.descriptor) }))
}

// ---------------------------------------------------------------- scans

export type NewScan = Omit<typeof faceScans.$inferInsert, 'id' | 'createdAt'>

export async function insertScan(db: Db, scan: NewScan) {
  const [row] = await db.insert(faceScans).values(scan).returning({ id: faceScans.id })
  return row!.id
}

const scanColumns = {
  scan: faceScans,
  personName: facePeople.name,
}

function toScan(row: { scan: typeof faceScans.$inferSelect; personName: string | null }, photoUrl: UrlFor): Scan {
  const s = row.scan
  return {
    scan_id: s.id,
    kind: s.kind,
    decision: s.decision,
    person: s.personId !== null && row.personName !== null ? { person_id: s.personId, name: row.personName } : null,
    distance: s.distance,
    threshold: s.threshold,
    reasons: s.reasons,
    liveness: s.liveness,
    face: s.face ? roundBox(s.face) : null,
    landmarks: s.landmarks.map((p) => ({ x: round1(p.x), y: round1(p.y) })),
    image_size: s.width && s.height ? { width: s.width, height: s.height } : null,
    photo_url: s.blobKey ? photoUrl(s.id) : null,
    created_at: s.createdAt.toISOString(),
  }
}

export async function scanDetail(db: Db, user: Viewer, scanId: number, photoUrl: UrlFor) {
  const [row] = await db
    .select(scanColumns)
    .from(faceScans)
    .leftJoin(facePeople, eq(facePeople.id, faceScans.personId))
    .where(and(eq(faceScans.id, scanId), scansOf(user)))
  if (!row) throw notFound(SCAN_NOT_FOUND)
  return toScan(row, photoUrl)
}

/** One scan the user may see, with its probe photo's file: the row first, then the file. */
export async function deleteScan(db: Db, blobs: BlobStore | null, user: Viewer, scanId: number) {
  const [row] = await db
    .delete(faceScans)
    .where(and(eq(faceScans.id, scanId), scansOf(user)))
    .returning({ id: faceScans.id, key: faceScans.blobKey })
  if (!row) throw notFound(SCAN_NOT_FOUND)
  if (blobs && row.key) await blobs.remove(row.key).catch(() => {})
  return row.id
}

const inBucket = (bucket: ScanBucket | undefined): SQL | undefined =>
  bucket === 'validated'
    ? eq(faceScans.decision, 'validated')
    : bucket === 'total_invalidated'
      ? eq(faceScans.decision, 'invalidated')
      : undefined

export async function listScans(db: Db, user: Viewer, query: PageQuery & { bucket?: ScanBucket }, photoUrl: UrlFor) {
  const where = and(scansOf(user), inBucket(query.bucket))
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(scanColumns)
      .from(faceScans)
      .leftJoin(facePeople, eq(facePeople.id, faceScans.personId))
      .where(where)
      .orderBy(desc(faceScans.createdAt), desc(faceScans.id))
      .limit(query.page_size)
      .offset(offsetOf(query.page, query.page_size)),
    db.select({ n: count() }).from(faceScans).where(where),
  ])
  return pageOf(
    rows.map((r) => toScan(r, photoUrl)),
    n,
    query.page,
    query.page_size,
  )
}

export async function scanKpi(db: Db, user: Viewer): Promise<ScanKpi> {
  const rows = await db
    .select({ decision: faceScans.decision, n: count() })
    .from(faceScans)
    .where(scansOf(user))
    .groupBy(faceScans.decision)
  const of = (decision: 'validated' | 'invalidated') => rows.find((r) => r.decision === decision)?.n ?? 0
  const validated = of('validated')
  const invalidated = of('invalidated')
  return {
    results: [
      { bucket: 'total_scanned', label: 'Total scanned', count: validated + invalidated },
      { bucket: 'validated', label: 'Validated', count: validated },
      { bucket: 'total_invalidated', label: 'Invalidated', count: invalidated },
    ],
  }
}

// ---------------------------------------------------------------- signed photo links

/**
 * The stored file behind a signed link, if the signing user is still active and may still see
 * the record: `forbidden` when not, null when the record is gone.
 */
/** A rule's condition as a column: true where it is "every row". */
const readableOr = (condition: SQL | undefined) => condition ?? sql`true`

export async function linkedFile(
  db: Db,
  kind: 'photo' | 'scan',
  id: number,
  uid: number,
): Promise<{ blobKey: string | null; mimeType: string | null } | 'forbidden' | null> {
  const viewer = await activeActor(db, uid)
  if (!viewer) return 'forbidden'
  const [row] =
    kind === 'photo'
      ? await db
          .select({
            blobKey: facePhotos.blobKey,
            mimeType: facePhotos.mimeType,
            readable: sql<boolean>`${readableOr(personRule.readable(viewer))}`,
          })
          .from(facePhotos)
          .innerJoin(facePeople, eq(facePeople.id, facePhotos.personId))
          .where(eq(facePhotos.id, id))
      : await db
          .select({
            blobKey: faceScans.blobKey,
            mimeType: faceScans.mimeType,
            readable: sql<boolean>`${readableOr(scanRule.readable(viewer))}`,
          })
          .from(faceScans)
          .where(eq(faceScans.id, id))
  if (!row) return null
  return row.readable ? { blobKey: row.blobKey, mimeType: row.mimeType } : 'forbidden'
}
