import {
  person,
  personDeleted,
  personIdParam,
  personList,
  scan,
  scanDeleted,
  scanKpi,
  scanList,
  type PersonFields,
} from '#contract/face'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

/** Photos go to the API whole and it runs the face engine on each before it answers. */
const PHOTO_TIMEOUT_MS = 2 * 60_000

/** POST people/ (multipart): the fields, then each photo in `photos`. */
export function enrolPerson(api: Upstream, fields: PersonFields, photos: File[]) {
  const body = new FormData()
  body.append('name', fields.name)
  if (fields.external_id) body.append('external_id', fields.external_id)
  for (const photo of photos) body.append('photos', photo, photo.name)
  return api.call({ method: 'POST', path: paths.facePeople, body, schema: person, timeoutMs: PHOTO_TIMEOUT_MS })
}

export function listPeople(api: Upstream, query: { page?: number; page_size?: number; q?: string } = {}) {
  return api.call({ path: paths.facePeople, query, schema: personList })
}

export function getPerson(api: Upstream, id: number) {
  return api.call({ path: paths.facePerson(id), schema: person })
}

export function updatePerson(api: Upstream, id: number, fields: PersonFields) {
  return api.call({
    method: 'PUT',
    path: paths.facePerson(id),
    body: { name: fields.name, external_id: fields.external_id ?? '' },
    schema: person,
  })
}

export function deletePerson(api: Upstream, id: number) {
  return api.call({ method: 'DELETE', path: paths.facePerson(id), schema: personDeleted })
}

/** POST verify/ (multipart): the claimed person and the photo. */
export function verifyFace(api: Upstream, personId: number, photo: File) {
  const body = new FormData()
  body.append('person_id', String(personId))
  body.append('photo', photo, photo.name)
  return api.call({ method: 'POST', path: paths.faceVerify, body, schema: scan, timeoutMs: PHOTO_TIMEOUT_MS })
}

/** POST identify/ (multipart): the photo alone. */
export function identifyFace(api: Upstream, photo: File) {
  const body = new FormData()
  body.append('photo', photo, photo.name)
  return api.call({ method: 'POST', path: paths.faceIdentify, body, schema: scan, timeoutMs: PHOTO_TIMEOUT_MS })
}

export function listScans(api: Upstream, query: { page?: number; page_size?: number; bucket?: string }) {
  return api.call({ path: paths.faceScans, query, schema: scanList })
}

export function getScan(api: Upstream, id: number) {
  return api.call({ path: paths.faceScan(id), schema: scan })
}

export function deleteScan(api: Upstream, id: number) {
  return api.call({ method: 'DELETE', path: paths.faceScan(id), schema: scanDeleted })
}

export function getScanKpi(api: Upstream) {
  return api.call({ path: paths.faceKpi, schema: scanKpi })
}

/** A person or scan id from the URL or a form; null when it is not one. */
export function idOf(value: unknown): number | null {
  const parsed = personIdParam.shape.id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalImageUrl } from './images.server'
export { orNull, upstreamFailure } from './upstream.server'
