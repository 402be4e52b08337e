import { z } from 'zod'
import { pageQuery, paged } from './envelope'
export { PHOTO_MAX_BYTES, PHOTOS_PER_PERSON, photoAccept } from './limits'

/*
 * Facial recognition (under /api/face_recognition/; the spec shows no calls, so these follow the
 * §7 style). People are enrolled with one or more reference photos; a scan verifies a photo
 * against a claimed person, or identifies who it is. Photos are personal data: they live in the
 * blob store, reach the browser only through signed links the portal proxies, and are deleted
 * with their record.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
const point = z.object({ x: z.number(), y: z.number() })

// ---------------------------------------------------------------- people

/** POST people/ (multipart): `name`, `external_id` and one or more `photos`. PUT people/{id}/ (JSON): name and external id. */
export const personFields = z.object({
  name: z.string().trim().min(1, 'Enter the person’s name').max(120),
  external_id: z.preprocess(emptyIsAny, z.string().trim().max(60).optional()),
})
export type PersonFields = z.infer<typeof personFields>

export const personPhoto = z.object({
  photo_id: z.number().int(),
  /** Signed, short-lived path of the photo. */
  url: z.string(),
  face: box,
})

export const person = z.object({
  person_id: z.number().int(),
  name: z.string(),
  external_id: z.string().nullable(),
  photos: z.array(personPhoto),
  created_at: z.string(),
})
export type Person = z.infer<typeof person>

export const personListQuery = pageQuery.extend({ q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()) })
export const personList = paged(person)
export const personIdParam = z.object({ id })
/** DELETE people/{id}/: the id of the person deleted. */
export const personDeleted = z.object({ person_id: z.number().int() })

// ---------------------------------------------------------------- scans

export const scanBuckets = ['total_scanned', 'validated', 'total_invalidated'] as const
export const scanBucket = z.enum(scanBuckets)
export type ScanBucket = z.infer<typeof scanBucket>

/** POST verify/ (multipart): `photo` and `person_id`. POST identify/ (multipart): `photo`. */
export const verifyFields = z.object({ person_id: id })

export const liveness = z.object({
  /** 0–1: how much the photo looks like a live face rather than a screen or a print. */
  score: z.number(),
  live: z.boolean(),
  reasons: z.array(z.string()),
})

export const scan = z.object({
  scan_id: z.number().int(),
  kind: z.enum(['verify', 'identify']),
  /** validated: the face is the claimed (or a known) person and looks live. */
  decision: z.enum(['validated', 'invalidated']),
  /** The claimed person (verify) or the best match (identify); null when none. */
  person: z.object({ person_id: z.number().int(), name: z.string() }).nullable(),
  distance: z.number().nullable(),
  threshold: z.number(),
  reasons: z.array(z.string()),
  liveness,
  face: box.nullable(),
  landmarks: z.array(point),
  /** The probe photo's size in pixels (the space of `face` and `landmarks`); null when not recorded. */
  image_size: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).nullable(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
})
export type Scan = z.infer<typeof scan>

export const scanListQuery = pageQuery.extend({ bucket: z.preprocess(emptyIsAny, scanBucket.optional()) })
export const scanList = paged(scan)
/** DELETE scans/{id}/: the id of the scan deleted. */
export const scanDeleted = z.object({ scan_id: z.number().int() })

export const scanKpi = z.object({
  results: z.array(z.object({ bucket: scanBucket, label: z.string(), count: z.number().int().nonnegative() })),
})
export type ScanKpi = z.infer<typeof scanKpi>
