import { HttpResponse } from 'msw'
import { endpoints, pathOf } from '#contract/endpoints'
import {
  person as personSchema,
  personFields,
  PHOTOS_PER_PERSON,
  scan as scanSchema,
  verifyFields,
  type Person,
  type Scan,
  type ScanBucket,
} from '#contract/face'
import type { DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { mock } from './endpoint'

/*
 * The face API as the portal sees it. The engine's verdicts are driven by the photo's file name:
 * `noface`, `group` and `blurry` are refused; a verify photo named `other` is someone else, and an
 * identify photo named `stranger` matches no one; `screen` is not live.
 */

export const THRESHOLD = 0.43
/** A 1×1 PNG: what the photo endpoints serve. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)
/** The signature the mock's photo links carry; a test forges another to see the refusal. */
export const photoSig = (kind: 'photo' | 'scan', id: number) => `${kind}-${id}`
const signed = (path: string, sig: string) => `${path}?expires=1893456000&sig=${sig}`
export const photoUrlOf = (id: number) => signed(pathOf(endpoints.facePhoto, { id }), photoSig('photo', id))
export const scanPhotoUrlOf = (id: number) => signed(pathOf(endpoints.faceScanPhoto, { id }), photoSig('scan', id))

type MockPerson = Omit<Person, 'photos'> & { owner: DemoKey; photoIds: number[] }
type MockScan = Scan & { owner: DemoKey }

const box = { x: 40, y: 52, width: 120, height: 140 }
/** 68 points inside the box, as the engine gives them. */
const landmarks = Array.from({ length: 68 }, (_, i) => ({
  x: box.x + 10 + ((i * 7) % 100),
  y: box.y + 20 + Math.floor(i / 10) * 15,
}))
/** The probe photos' size: the box and landmarks lie inside it. */
export const IMAGE_SIZE = { width: 320, height: 240 }
const live = { score: 0.92, live: true, reasons: [] as string[] }
const notLive = { score: 0.31, live: false, reasons: ['Moiré pattern typical of a photographed screen'] }

function seedPeople(): MockPerson[] {
  return [
    {
      person_id: 41,
      name: 'Ada Lovelace',
      external_id: 'EMP-001',
      created_at: '2026-11-01T09:00:00.000Z',
      owner: 'auditor',
      photoIds: [501, 502],
    },
    {
      person_id: 42,
      name: 'Alan Turing',
      external_id: null,
      created_at: '2026-11-02T09:00:00.000Z',
      owner: 'auditor',
      photoIds: [503],
    },
    {
      person_id: 43,
      name: 'Grace Hopper',
      external_id: 'EMP-003',
      created_at: '2026-11-03T09:00:00.000Z',
      owner: 'supervisor',
      photoIds: [504],
    },
  ]
}

export const FACE_IDS = { validated: 301, invalidated: 302, identified: 303, unknown: 304, supervisors: 305 }

function seedScans(): MockScan[] {
  const base = { threshold: THRESHOLD, face: box, landmarks, image_size: IMAGE_SIZE, liveness: live }
  return [
    {
      ...base,
      scan_id: 301,
      kind: 'verify',
      decision: 'validated',
      person: { person_id: 41, name: 'Ada Lovelace' },
      distance: 0.214,
      reasons: ['Distance 0.214 is under the threshold 0.43'],
      photo_url: scanPhotoUrlOf(301),
      created_at: '2026-11-10T10:00:00.000Z',
      owner: 'auditor',
    },
    {
      ...base,
      scan_id: 302,
      kind: 'verify',
      decision: 'invalidated',
      person: { person_id: 42, name: 'Alan Turing' },
      distance: 0.712,
      reasons: ['Distance 0.712 is over the threshold 0.43'],
      liveness: notLive,
      photo_url: scanPhotoUrlOf(302),
      created_at: '2026-11-11T10:00:00.000Z',
      owner: 'auditor',
    },
    {
      ...base,
      scan_id: 303,
      kind: 'identify',
      decision: 'validated',
      person: { person_id: 41, name: 'Ada Lovelace' },
      distance: 0.301,
      reasons: ['Best match Ada Lovelace at 0.301'],
      photo_url: scanPhotoUrlOf(303),
      created_at: '2026-11-12T10:00:00.000Z',
      owner: 'auditor',
    },
    {
      ...base,
      scan_id: 304,
      kind: 'identify',
      decision: 'invalidated',
      person: null,
      distance: null,
      reasons: ['No enrolled person is within the threshold'],
      photo_url: scanPhotoUrlOf(304),
      created_at: '2026-11-13T10:00:00.000Z',
      owner: 'auditor',
    },
    {
      ...base,
      scan_id: 305,
      kind: 'verify',
      decision: 'validated',
      person: { person_id: 43, name: 'Grace Hopper' },
      distance: 0.2,
      reasons: [],
      photo_url: scanPhotoUrlOf(305),
      created_at: '2026-11-13T11:00:00.000Z',
      owner: 'supervisor',
    },
  ]
}

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const faceState = {
  people: seedPeople(),
  scans: seedScans(),
  nextPerson: 100,
  nextPhoto: 900,
  nextScan: 700,
  enrolments: [] as { name: string; external_id?: string; photos: string[] }[],
  verifications: [] as { person_id: number | null; photo: string; size: number }[],
  updates: [] as { id: number; name: string; external_id?: string }[],
  deleted: [] as number[],
  deletedScans: [] as number[],
}

export function resetFaceMocks() {
  Object.assign(faceState, {
    people: seedPeople(),
    scans: seedScans(),
    nextPerson: 100,
    nextPhoto: 900,
    nextScan: 700,
    enrolments: [],
    verifications: [],
    updates: [],
    deleted: [],
    deletedScans: [],
  })
}

const mine = (key: DemoKey, owner: DemoKey) => key === 'admin' || owner === key

function personOf(p: MockPerson): Person {
  const { owner: _owner, photoIds, ...rest } = p
  return personSchema.parse({
    ...rest,
    photos: photoIds.map((id) => ({ photo_id: id, url: photoUrlOf(id), face: box })),
  })
}
const scanOf = ({ owner: _owner, ...rest }: MockScan) => scanSchema.parse(rest)

/** A page of a list as the API answers it (the other mocks' lists share it). */
export function page<T>(rows: T[], pageNo: number, size: number) {
  const totalPages = Math.ceil(rows.length / size)
  return {
    count: rows.length,
    total_pages: totalPages,
    current_page: pageNo,
    next: pageNo < totalPages ? pageNo + 1 : null,
    previous: pageNo > 1 ? pageNo - 1 : null,
    results: rows.slice((pageNo - 1) * size, pageNo * size),
  }
}

// The first bytes of the formats the API takes (it sniffs, it does not trust the name).
async function looksLikeImage(file: File) {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
  const text = String.fromCharCode(...head)
  return (
    text.startsWith('\u0089PNG') ||
    (head[0] === 0xff && head[1] === 0xd8) ||
    (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP')
  )
}

/** The engine's refusal of a photo, by its name; null when it holds one usable face. */
function refusal(file: File) {
  if (/noface/i.test(file.name)) return 'No face was found in the image.'
  if (/group/i.test(file.name)) return '3 faces were found; the photo must show one.'
  if (/blurry/i.test(file.name)) return 'The face is too blurred; take a sharper photo.'
  return null
}

async function photoErrors(files: File[], field: string) {
  const errors: string[] = []
  for (const [i, file] of files.entries()) {
    const label = files.length > 1 || field === 'photos' ? `Photo ${i + 1} (${file.name})` : `The photo (${file.name})`
    if (!(await looksLikeImage(file))) errors.push(`${label}: only PNG, JPEG and WebP images are accepted.`)
    else {
      const reason = refusal(file)
      if (reason) errors.push(`${label}: ${reason}`)
    }
  }
  return errors
}

function readable(key: DemoKey, id: number) {
  const found = faceState.people.find((p) => p.person_id === id)
  return found && mine(key, found.owner) ? found : null
}

function record(key: DemoKey, kind: Scan['kind'], photo: File, claimed: MockPerson | null) {
  const other = /other|stranger/i.test(photo.name)
  const spoof = /screen/i.test(photo.name)
  const match = kind === 'verify' ? claimed : other ? null : (faceState.people.find((p) => mine(key, p.owner)) ?? null)
  const distance = kind === 'identify' && !match ? null : other ? 0.688 : 0.187
  const matched = distance !== null && distance <= THRESHOLD
  const decision = matched && !spoof ? 'validated' : 'invalidated'
  const reasons = [
    ...(distance === null
      ? ['No enrolled person is within the threshold']
      : [`Distance ${distance} is ${matched ? 'under' : 'over'} the threshold ${THRESHOLD}`]),
    ...(spoof ? ['The photo does not look live'] : []),
  ]
  const id = faceState.nextScan++
  const scan: MockScan = {
    scan_id: id,
    kind,
    decision,
    person: match ? { person_id: match.person_id, name: match.name } : null,
    distance,
    threshold: THRESHOLD,
    reasons,
    liveness: spoof ? notLive : live,
    face: box,
    landmarks,
    image_size: IMAGE_SIZE,
    photo_url: scanPhotoUrlOf(id),
    created_at: new Date().toISOString(),
    owner: key,
  }
  faceState.scans.push(scan)
  return scanOf(scan)
}

const files = (form: FormData, name: string) => form.getAll(name).filter((v): v is File => v instanceof File)

/** No bearer: the signature is the credential. */
const servePhoto =
  (kind: 'photo' | 'scan') =>
  ({ params: { id }, query: { sig } }: { params: { id: number }; query: { sig?: string } }) => {
    if (sig !== photoSig(kind, id)) return error(403, 'The link is invalid or has expired')
    return new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png', 'Content-Length': String(PNG.length) } })
  }

export const faceHandlers = [
  mock(
    endpoints.enrolPerson,
    async ({ key, request }) => {
      const form = await request.formData().catch(() => null)
      if (!form) return error(415, 'Send the form as multipart/form-data with the photos in "photos"')
      const fields = personFields.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
      const photos = files(form, 'photos')
      const errors: Record<string, string[]> = fields.success ? {} : fields.error.flatten().fieldErrors
      if (!photos.length) errors.photos = ['Add at least one photo of the person']
      else if (photos.length > PHOTOS_PER_PERSON) errors.photos = [`At most ${PHOTOS_PER_PERSON} photos`]
      else {
        const refused = await photoErrors(photos, 'photos')
        if (refused.length) errors.photos = refused
      }
      if (!fields.success || Object.keys(errors).length) {
        return error(
          400,
          errors.photos && fields.success ? 'A photo cannot be used' : 'Check the highlighted fields',
          errors,
        )
      }
      faceState.enrolments.push({ ...fields.data, photos: photos.map((p) => p.name) })
      const person: MockPerson = {
        person_id: faceState.nextPerson++,
        name: fields.data.name,
        external_id: fields.data.external_id ?? null,
        created_at: new Date().toISOString(),
        owner: key,
        photoIds: photos.map(() => faceState.nextPhoto++),
      }
      faceState.people.push(person)
      return personOf(person)
    },
    'Person enrolled successfully',
  ),

  mock(
    endpoints.listPeople,
    ({ key, query: { page: n, page_size: size, q } }) => {
      const rows = faceState.people
        .filter((p) => mine(key, p.owner) && (!q || p.name.toLowerCase().includes(q.toLowerCase())))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(personOf)
      return page(rows, n, size)
    },
    'People retrieved successfully',
  ),

  mock(endpoints.getPerson, ({ key, params }) => {
    const found = readable(key, params.id)
    return found ? personOf(found) : error(404, 'Person not found')
  }),

  mock(
    endpoints.updatePerson,
    ({ key, params, body }) => {
      const found = readable(key, params.id)
      if (!found) return error(404, 'Person not found')
      faceState.updates.push({ id: found.person_id, ...body })
      found.name = body.name
      found.external_id = body.external_id ?? null
      return personOf(found)
    },
    'Person updated successfully',
  ),

  mock(
    endpoints.deletePerson,
    ({ key, params }) => {
      const found = readable(key, params.id)
      if (!found) return error(404, 'Person not found')
      faceState.people = faceState.people.filter((p) => p !== found)
      faceState.deleted.push(found.person_id)
      return { person_id: found.person_id }
    },
    'Deleted record successfully!',
  ),

  ...([endpoints.verifyFace, endpoints.identifyFace] as const).map((endpoint) =>
    mock(
      endpoint,
      async ({ key, request }) => {
        const kind = endpoint === endpoints.verifyFace ? 'verify' : 'identify'
        const form = await request.formData().catch(() => null)
        if (!form) return error(415, 'Send the form as multipart/form-data with the photo in "photo"')
        const photos = files(form, 'photo')
        const errors: Record<string, string[]> = {}
        let claimed: MockPerson | null = null
        if (kind === 'verify') {
          const fields = verifyFields.safeParse({ person_id: form.get('person_id') })
          if (!fields.success) Object.assign(errors, fields.error.flatten().fieldErrors)
          else {
            claimed = readable(key, fields.data.person_id)
            if (!claimed) errors.person_id = ['No such person among yours']
          }
        }
        if (photos.length !== 1) errors.photo = ['Send one photo']
        else {
          const refused = await photoErrors(photos, 'photo')
          if (refused.length) errors.photo = refused
        }
        if (Object.keys(errors).length)
          return error(400, errors.photo ? 'The photo cannot be used' : 'Check the highlighted fields', errors)
        faceState.verifications.push({
          person_id: claimed?.person_id ?? null,
          photo: photos[0]!.name,
          size: photos[0]!.size,
        })
        return record(key, kind, photos[0]!, claimed)
      },
      'Scan complete',
    ),
  ),

  mock(
    endpoints.listScans,
    ({ key, query: { page: n, page_size: size, bucket } }) => {
      const rows = faceState.scans
        .filter((s) => mine(key, s.owner) && inBucket(s, bucket))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(scanOf)
      return page(rows, n, size)
    },
    'Scans retrieved successfully',
  ),

  mock(endpoints.getScan, ({ key, params }) => {
    const found = faceState.scans.find((s) => s.scan_id === params.id && mine(key, s.owner))
    return found ? scanOf(found) : error(404, 'Scan not found')
  }),

  mock(
    endpoints.deleteScan,
    ({ key, params }) => {
      const found = faceState.scans.find((s) => s.scan_id === params.id && mine(key, s.owner))
      if (!found) return error(404, 'Scan not found')
      faceState.scans = faceState.scans.filter((s) => s !== found)
      faceState.deletedScans.push(found.scan_id)
      return { scan_id: found.scan_id }
    },
    'Deleted record successfully!',
  ),

  mock(
    endpoints.scanKpi,
    ({ key }) => {
      const own = faceState.scans.filter((s) => mine(key, s.owner))
      const labels: Record<ScanBucket, string> = {
        total_scanned: 'Total Scanned',
        validated: 'Validated',
        total_invalidated: 'Total Invalidated',
      }
      const results = (Object.keys(labels) as ScanBucket[]).map((bucket) => ({
        bucket,
        label: labels[bucket],
        count: own.filter((s) => inBucket(s, bucket)).length,
      }))
      return { results }
    },
    'Scan KPIs retrieved successfully',
  ),

  mock(endpoints.facePhoto, servePhoto('photo')),
  mock(endpoints.faceScanPhoto, servePhoto('scan')),
]

function inBucket(s: Scan, bucket: ScanBucket | undefined) {
  if (!bucket || bucket === 'total_scanned') return true
  return bucket === 'validated' ? s.decision === 'validated' : s.decision === 'invalidated'
}

/** A small file that starts like a JPEG: what the portal forwards and the mock sniffs. */
export function jpegFile(name = 'face.jpg', size = 2048) {
  const bytes = new Uint8Array(size)
  bytes.set([0xff, 0xd8, 0xff, 0xe0])
  return new File([bytes], name, { type: 'image/jpeg' })
}
