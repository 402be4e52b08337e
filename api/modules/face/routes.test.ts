import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { envelope, errorBody } from '#contract/envelope'
import {
  person,
  personDeleted,
  personList,
  PHOTO_MAX_BYTES,
  scan,
  scanDeleted,
  scanKpi,
  scanList,
} from '#contract/face'
import { paths } from '#contract/paths'
import { facePeople, facePhotos, faceScans } from '#api/db/schema'
import { closeFace, detectFaces } from '#api/engines/face'
import { DEFAULT_FACE_THRESHOLD as DEFAULT_THRESHOLD } from '#api/env'
import { cropAround, RECAPTURES, readSample, withMoire } from '#api/engines/face/samples'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '#api/lib/signed-link'
import { createUser, multipartBody, setupTestApp, testEnv, tokensFor, type TestApp } from '#api/test-utils'

/*
 * Real photos through the real engine (each analysis ~0.7 s): single-face portraits cropped from
 * @vladmandic/face-api's demo sample 1, whose three people appear in no other photo; a genuine
 * second capture is the same portrait mirrored (see api/engines/face/samples.ts). The engine runs
 * about a dozen times in this file, so the photos are made once and the tests build on each other.
 */

type File = { name: string; bytes: Buffer }
const photos: Record<'ann' | 'annAgain' | 'annOnScreen' | 'bea' | 'beaSmaller' | 'group' | 'landscape', Buffer> =
  {} as never

let t: TestApp
/** The threshold as the reasons print it, escaped for a pattern. */
const T = String(DEFAULT_THRESHOLD).replace('.', '\\.')

const as: Record<'owner' | 'other' | 'admin', Record<string, string>> = { owner: {}, other: {}, admin: {} }
const ids: Record<'owner' | 'other' | 'admin', number> = { owner: 0, other: 0, admin: 0 }

beforeAll(async () => {
  const group = await readSample(1)
  const { faces } = await detectFaces(group)
  const ann = await cropAround(group, faces[0]!.box)
  const bea = await cropAround(group, faces[1]!.box)
  const width = 640
  const height = 480
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i += 3) {
    const y = Math.floor(i / 3 / width)
    raw[i] = 90 + (y / height) * 120
    raw[i + 1] = y > height * 0.6 ? 140 : 170
    raw[i + 2] = y > height * 0.6 ? 60 : 230 - (y / height) * 60
  }
  Object.assign(photos, {
    ann,
    annAgain: await RECAPTURES.find((r) => r.name === 'mirrored')!.apply(ann),
    annOnScreen: await withMoire(ann),
    bea,
    beaSmaller: await RECAPTURES.find((r) => r.name === 'rescaled 0.6')!.apply(bea),
    group,
    landscape: await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  })
  t = await setupTestApp()
  for (const [key, role] of [
    ['owner', 'visitor'],
    ['other', 'agent'],
    ['admin', 'admin'],
  ] as const) {
    const user = await createUser(t, { role })
    ids[key] = user.id
    as[key] = (await tokensFor(t, user)).auth
  }
}, 120_000)

afterAll(async () => {
  await t?.close()
  await closeFace()
})

const post = (
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  field: string,
  files: File[],
) => {
  const body = multipartBody(
    fields,
    files.map((f) => ({ ...f, type: 'image/jpeg', field })),
  )
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload })
}
const enrol = (headers: Record<string, string>, name: string, files: File[], externalId = '') =>
  post(paths.facePeople, headers, { name, external_id: externalId }, 'photos', files)
const verify = (headers: Record<string, string>, personId: number, bytes: Buffer, name = 'probe.jpg') =>
  post(paths.faceVerify, headers, { person_id: String(personId) }, 'photo', [{ name, bytes }])
const identify = (headers: Record<string, string>, bytes: Buffer) =>
  post(paths.faceIdentify, headers, {}, 'photo', [{ name: 'probe.jpg', bytes }])

async function get<T extends z.ZodTypeAny>(schema: T, url: string, headers = as.owner) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}
const created = <T extends z.ZodTypeAny>(schema: T, res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(201)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}
const failed = (res: { body: string; json(): unknown }) => errorBody.parse(res.json())

async function rowCounts() {
  const [[people], [refs], [scans]] = await Promise.all([
    t.db.select({ n: count() }).from(facePeople),
    t.db.select({ n: count() }).from(facePhotos),
    t.db.select({ n: count() }).from(faceScans),
  ])
  return { people: people!.n, photos: refs!.n, scans: scans!.n }
}

let ann: z.infer<typeof person>
let bea: z.infer<typeof person>
const scanIds: Record<'validated' | 'different' | 'screen' | 'identified', number> = {} as never

describe('enrolment', () => {
  it('enrols a person with one photo and another with two, with signed photo links and face boxes', async () => {
    ann = created(person, await enrol(as.owner, 'Ann Example', [{ name: 'ann.jpg', bytes: photos.ann }], 'EMP-001'))
    expect(ann).toMatchObject({ name: 'Ann Example', external_id: 'EMP-001' })
    expect(ann.photos).toHaveLength(1)
    expect(ann.photos[0]!.face.width).toBeGreaterThan(80)
    expect(ann.photos[0]!.url).toMatch(/^\/api\/face_recognition\/photo\/\d+\/\?expires=\d+&uid=\d+&sig=[0-9a-f]{64}$/)

    bea = created(
      person,
      await enrol(as.owner, 'Bea Sample', [
        { name: 'bea.jpg', bytes: photos.bea },
        { name: 'bea-small.jpg', bytes: photos.beaSmaller },
      ]),
    )
    expect(bea.external_id).toBeNull()
    expect(bea.photos).toHaveLength(2)
    const [row] = await t.db.select().from(facePhotos).where(eq(facePhotos.id, bea.photos[0]!.photo_id))
    expect(row!.descriptor).toHaveLength(128)
    expect(await t.blobs.size(row!.blobKey)).toBe(photos.bea.length)
  }, 30_000)

  it('refuses photos without exactly one usable face, says which and why, and stores nothing', async () => {
    const before = await rowCounts()
    const put = vi.spyOn(t.blobs, 'put')
    const res = await enrol(as.owner, 'Nobody', [
      { name: 'fine.jpg', bytes: photos.ann },
      { name: 'landscape.png', bytes: photos.landscape },
      { name: 'group.jpg', bytes: photos.group },
    ])
    expect(res.statusCode, res.body).toBe(400)
    expect(failed(res).errors).toEqual({
      photos: [
        'Photo 2 (landscape.png): No face was found in the image.',
        'Photo 3 (group.jpg): 3 faces were found; the photo must show one.',
      ],
    })
    expect(put).not.toHaveBeenCalled()
    put.mockRestore()
    expect(await rowCounts()).toEqual(before)
  }, 30_000)

  it('refuses an SVG with a script (415), an oversized photo (413) and corrupt bytes (400) before storing', async () => {
    const before = await rowCounts()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const script = await enrol(as.owner, 'Svg', [
      { name: 'ok.jpg', bytes: photos.ann },
      { name: 'evil.svg', bytes: svg },
    ])
    expect(script.statusCode).toBe(415)
    expect(failed(script).errors).toEqual({
      photos: ['Photo 2 (evil.svg): Only PNG, JPEG and WebP photos are accepted.'],
    })

    const huge = Buffer.concat([photos.ann, Buffer.alloc(PHOTO_MAX_BYTES)])
    const large = await enrol(as.owner, 'Large', [{ name: 'huge.jpg', bytes: huge }])
    expect(large.statusCode).toBe(413)
    expect(failed(large).message).toMatch(/larger than 10 MB/)

    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)])
    const corrupt = await enrol(as.owner, 'Corrupt', [{ name: 'broken.jpg', bytes: garbage }])
    expect(corrupt.statusCode).toBe(400)
    expect(failed(corrupt).errors?.photos?.[0]).toMatch(/^Photo 1 \(broken\.jpg\): The image could not be/)
    expect(await rowCounts()).toEqual(before)
  })

  it('asks for the name and at least one photo, and for a signed-in user', async () => {
    const res = await enrol(as.owner, ' ', [])
    expect(res.statusCode).toBe(400)
    expect(failed(res).errors).toMatchObject({ name: ['Enter the person’s name'], photos: [expect.any(String)] })
    const anonymous = await enrol({}, 'Ann', [{ name: 'ann.jpg', bytes: photos.ann }])
    expect(anonymous.statusCode).toBe(401)
    expect((await t.app.inject({ url: paths.facePeople })).statusCode).toBe(401)
    expect((await t.app.inject({ url: paths.faceKpi })).statusCode).toBe(401)
  })
})

describe('people', () => {
  it('lists, searches, reads and edits the user’s own people', async () => {
    const all = await get(personList, `${paths.facePeople}?page_size=1`)
    expect(all).toMatchObject({ count: 2, total_pages: 2, next: 2 })
    expect(all.results[0]!.name).toBe('Bea Sample')
    const byId = await get(personList, `${paths.facePeople}?q=emp-0`)
    expect(byId.results.map((p) => p.name)).toEqual(['Ann Example'])
    expect((await get(personList, `${paths.facePeople}?q=${encodeURIComponent('%')}`)).count).toBe(0)

    expect(await get(person, paths.facePerson(ann.person_id))).toMatchObject({ name: 'Ann Example' })
    const res = await t.app.inject({
      method: 'PUT',
      url: paths.facePerson(ann.person_id),
      headers: as.owner,
      payload: { name: 'Ann Edited', external_id: 'EMP-009' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Person updated successfully',
      data: { name: 'Ann Edited', external_id: 'EMP-009' },
    })
    const bad = await t.app.inject({
      method: 'PUT',
      url: paths.facePerson(ann.person_id),
      headers: as.owner,
      payload: { name: '' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('hides a person from another user (404) and shows them to an admin', async () => {
    for (const req of [
      { method: 'GET' as const, url: paths.facePerson(ann.person_id) },
      { method: 'PUT' as const, url: paths.facePerson(ann.person_id), payload: { name: 'Stolen' } },
      { method: 'DELETE' as const, url: paths.facePerson(ann.person_id) },
    ]) {
      const res = await t.app.inject({ ...req, headers: as.other })
      expect(res.statusCode, req.method).toBe(404)
    }
    expect((await get(personList, paths.facePeople, as.other)).count).toBe(0)
    expect((await get(person, paths.facePerson(ann.person_id), as.admin)).name).toBe('Ann Edited')
    expect((await get(personList, paths.facePeople, as.admin)).count).toBe(2)
  })
})

describe('verify and identify', () => {
  it('validates a genuine second capture of the enrolled person', async () => {
    const res = created(scan, await verify(as.owner, ann.person_id, photos.annAgain))
    expect(res).toMatchObject({
      kind: 'verify',
      decision: 'validated',
      person: { person_id: ann.person_id, name: 'Ann Edited' },
      threshold: DEFAULT_THRESHOLD,
      liveness: { live: true },
    })
    expect(res.distance).toBeLessThan(DEFAULT_THRESHOLD)
    expect(res.reasons).toEqual([
      expect.stringMatching(new RegExp(`^Distance 0\\.\\d+ is below the threshold ${T}: the same person\\.$`)),
    ])
    expect(res.landmarks).toHaveLength(68)
    // the overlay's coordinate space: the uploaded photo's own size, which the box lies within
    const { width, height } = await sharp(photos.annAgain).metadata()
    expect(res.image_size).toEqual({ width, height })
    expect(res.face!.x + res.face!.width).toBeLessThanOrEqual(width! + 1)
    expect(res.photo_url).toMatch(/^\/api\/face_recognition\/scan_photo\/\d+\/\?/)
    scanIds.validated = res.scan_id
  }, 30_000)

  it('invalidates a different person, and a screen replay of the right one', async () => {
    const other = created(scan, await verify(as.owner, bea.person_id, photos.annAgain))
    expect(other.decision).toBe('invalidated')
    expect(other.distance).toBeGreaterThan(DEFAULT_THRESHOLD)
    expect(other.reasons[0]).toMatch(new RegExp(`is above the threshold ${T}: a different person\\.$`))
    scanIds.different = other.scan_id

    const replay = created(scan, await verify(as.owner, ann.person_id, photos.annOnScreen))
    expect(replay).toMatchObject({ decision: 'invalidated', liveness: { live: false } })
    expect(replay.distance).toBeLessThan(DEFAULT_THRESHOLD)
    expect(replay.reasons.join(' ')).toMatch(/may not show a live person.*Periodic high-frequency pattern/)
    scanIds.screen = replay.scan_id
  }, 30_000)

  it('refuses a probe without one usable face, an unknown person, and someone else’s person, storing nothing', async () => {
    const before = await rowCounts()
    const none = await verify(as.owner, ann.person_id, photos.landscape, 'landscape.png')
    expect(none.statusCode).toBe(400)
    expect(failed(none)).toMatchObject({
      message: 'No face was found in the image.',
      errors: { photo: ['No face was found in the image.'] },
    })
    expect((await verify(as.owner, 999_999, photos.annAgain)).statusCode).toBe(404)
    expect((await verify(as.other, ann.person_id, photos.annAgain)).statusCode).toBe(404)
    const noPerson = await post(paths.faceVerify, as.owner, {}, 'photo', [{ name: 'a.jpg', bytes: photos.ann }])
    expect(noPerson.statusCode).toBe(400)
    expect(failed(noPerson).errors).toEqual({ person_id: ['Choose a person'] })
    expect(await rowCounts()).toEqual(before)
  }, 30_000)

  it('identifies the right person among those enrolled', async () => {
    const res = created(scan, await identify(as.owner, photos.annAgain))
    expect(res).toMatchObject({
      kind: 'identify',
      decision: 'validated',
      person: { person_id: ann.person_id },
      threshold: DEFAULT_THRESHOLD,
    })
    expect(res.reasons[0]).toMatch(
      new RegExp(`^Nearest enrolled person is Ann Edited: distance 0\\.\\d+ is below the threshold ${T}\\.$`),
    )
    scanIds.identified = res.scan_id
  }, 30_000)

  it('answers 422 to identify when the user has enrolled nobody', async () => {
    const res = await identify(as.other, photos.annAgain)
    expect(res.statusCode).toBe(422)
    expect(failed(res).message).toMatch(/^Enrol someone first/)
  })
})

describe('scans', () => {
  it('lists scans by bucket and counts them', async () => {
    const all = await get(scanList, paths.faceScans)
    expect(all.count).toBe(4)
    expect(all.results.map((s) => s.scan_id)).toEqual([
      scanIds.identified,
      scanIds.screen,
      scanIds.different,
      scanIds.validated,
    ])
    const validated = await get(scanList, `${paths.faceScans}?bucket=validated`)
    expect(validated.results.map((s) => s.scan_id)).toEqual([scanIds.identified, scanIds.validated])
    const invalidated = await get(scanList, `${paths.faceScans}?bucket=total_invalidated&page_size=1&page=2`)
    expect(invalidated).toMatchObject({ count: 2, current_page: 2, previous: 1, next: null })
    expect(invalidated.results.map((s) => s.scan_id)).toEqual([scanIds.different])
    expect((await t.app.inject({ url: `${paths.faceScans}?bucket=nope`, headers: as.owner })).statusCode).toBe(400)

    expect(await get(scanKpi, paths.faceKpi)).toEqual({
      results: [
        { bucket: 'total_scanned', label: 'Total scanned', count: 4 },
        { bucket: 'validated', label: 'Validated', count: 2 },
        { bucket: 'total_invalidated', label: 'Invalidated', count: 2 },
      ],
    })
    expect((await get(scanKpi, paths.faceKpi, as.other)).results.map((r) => r.count)).toEqual([0, 0, 0])
  })

  it('shows one scan to its maker and an admin, and 404 to anyone else', async () => {
    const one = await get(scan, paths.faceScan(scanIds.different))
    expect(one).toMatchObject({ decision: 'invalidated', person: { name: 'Bea Sample' } })
    const { width, height } = await sharp(photos.annAgain).metadata()
    expect(one.image_size).toEqual({ width, height })
    expect((await t.app.inject({ url: paths.faceScan(scanIds.different), headers: as.other })).statusCode).toBe(404)
    expect((await get(scan, paths.faceScan(scanIds.different), as.admin)).scan_id).toBe(scanIds.different)
    expect((await get(scanList, paths.faceScans, as.admin)).count).toBe(4)
  })
})

describe('photos behind signed links', () => {
  it('serves reference and scan photos with their type, and refuses a tampered or expired link', async () => {
    const photo = await t.app.inject({ url: ann.photos[0]!.url })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
    })
    expect(photo.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(photo.rawPayload.equals(photos.ann)).toBe(true)

    const { photo_url: scanUrl } = await get(scan, paths.faceScan(scanIds.screen))
    const probe = await t.app.inject({ url: scanUrl! })
    expect(probe.statusCode).toBe(200)
    expect(probe.rawPayload.equals(photos.annOnScreen)).toBe(true)

    // a signature for one photo does not open another
    const tampered = ann.photos[0]!.url.replace(/photo\/\d+\//, `photo/${bea.photos[0]!.photo_id}/`)
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403)
    const badSig = ann.photos[0]!.url.replace(/sig=([0-9a-f])/, (_m, c) => `sig=${c === '0' ? '1' : '0'}`)
    expect((await t.app.inject({ url: badSig })).statusCode).toBe(403)
    expect((await t.app.inject({ url: paths.facePhoto(ann.photos[0]!.photo_id) })).statusCode).toBe(403)

    const signer = createLinkSigner(testEnv.jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
    const path = paths.facePhoto(ann.photos[0]!.photo_id)
    const expired = signer.sign(path, ids.owner, Date.now() - 2 * IMAGE_LINK_TTL_S * 1000)
    expect((await t.app.inject({ url: `${path}?${expired.query}` })).statusCode).toBe(403)
    // signed for someone who may not see the photo
    const stranger = signer.sign(path, ids.other)
    expect((await t.app.inject({ url: `${path}?${stranger.query}` })).statusCode).toBe(403)
  })
})

describe('deleting a person', () => {
  it('removes their photos, descriptors and scans, with every file', async () => {
    const photoRows = await t.db.select().from(facePhotos).where(eq(facePhotos.personId, ann.person_id))
    const scanRows = await t.db.select().from(faceScans).where(eq(faceScans.personId, ann.person_id))
    expect(scanRows.map((s) => s.id).sort()).toEqual(
      [scanIds.validated, scanIds.screen, scanIds.identified].sort((a, b) => a - b),
    )
    const keys = [...photoRows, ...scanRows].map((r) => r.blobKey!)
    for (const key of keys) expect(await t.blobs.size(key)).not.toBeNull()

    const res = await t.app.inject({ method: 'DELETE', url: paths.facePerson(ann.person_id), headers: as.owner })
    expect(res.statusCode, res.body).toBe(200)
    expect(envelope(personDeleted).parse(res.json())).toMatchObject({
      message: 'Deleted record successfully!',
      data: { person_id: ann.person_id },
    })

    for (const key of keys) expect(await t.blobs.size(key)).toBeNull()
    expect(await t.db.select().from(facePhotos).where(eq(facePhotos.personId, ann.person_id))).toEqual([])
    expect(await t.db.select().from(faceScans).where(eq(faceScans.personId, ann.person_id))).toEqual([])
    expect((await t.app.inject({ url: paths.facePerson(ann.person_id), headers: as.owner })).statusCode).toBe(404)
    // a link signed before the delete now finds nothing
    expect((await t.app.inject({ url: ann.photos[0]!.url })).statusCode).toBe(404)
    // Bea and her scan stay
    expect((await get(scanList, paths.faceScans)).results.map((s) => s.scan_id)).toEqual([scanIds.different])
  })

  it('deletes one scan and its photo for its maker, and 404 for anyone else', async () => {
    const [row] = await t.db.select().from(faceScans).where(eq(faceScans.id, scanIds.different))
    expect(await t.blobs.size(row!.blobKey!)).not.toBeNull()
    const url = paths.faceScan(scanIds.different)
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.other })).statusCode).toBe(404)
    const res = await t.app.inject({ method: 'DELETE', url, headers: as.owner })
    expect(res.statusCode, res.body).toBe(200)
    expect(envelope(scanDeleted).parse(res.json())).toMatchObject({
      message: 'Deleted record successfully!',
      data: { scan_id: scanIds.different },
    })
    expect(await t.blobs.size(row!.blobKey!)).toBeNull()
    expect((await t.app.inject({ url, headers: as.owner })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'DELETE', url, headers: as.owner })).statusCode).toBe(404)
    // the person stays
    expect((await t.app.inject({ url: paths.facePerson(bea.person_id), headers: as.owner })).statusCode).toBe(200)
  })

  it('lets an admin delete anyone’s person', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: paths.facePerson(bea.person_id), headers: as.admin })
    expect(res.statusCode).toBe(200)
    expect(await rowCounts()).toEqual({ people: 0, photos: 0, scans: 0 })
  })
})
