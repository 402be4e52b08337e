import { endpoints } from '#contract/endpoints'
import { personIdParam, type PersonFields } from '#contract/face'
import type { Upstream } from '~/services/upstream.server'

/** Photos go to the API whole and it runs the face engine on each before it answers. */
const PHOTO_TIMEOUT_MS = 2 * 60_000

/** POST people/ (multipart): the fields, then each photo in `photos`. */
export function enrolPerson(api: Upstream, fields: PersonFields, photos: File[]) {
  const body = new FormData()
  body.append('name', fields.name)
  if (fields.external_id) body.append('external_id', fields.external_id)
  for (const photo of photos) body.append('photos', photo, photo.name)
  return api.request(endpoints.enrolPerson, { body, timeoutMs: PHOTO_TIMEOUT_MS })
}

/** PUT people/{id}/: the name and the external id, sent empty when there is none. */
export function updatePerson(api: Upstream, id: number, fields: PersonFields) {
  return api.request(endpoints.updatePerson, {
    params: { id },
    body: { name: fields.name, external_id: fields.external_id ?? '' },
  })
}

/** POST verify/ (multipart): the claimed person and the photo. */
export function verifyFace(api: Upstream, personId: number, photo: File) {
  const body = new FormData()
  body.append('person_id', String(personId))
  body.append('photo', photo, photo.name)
  return api.request(endpoints.verifyFace, { body, timeoutMs: PHOTO_TIMEOUT_MS })
}

/** POST identify/ (multipart): the photo alone. */
export function identifyFace(api: Upstream, photo: File) {
  const body = new FormData()
  body.append('photo', photo, photo.name)
  return api.request(endpoints.identifyFace, { body, timeoutMs: PHOTO_TIMEOUT_MS })
}

/** A person or scan id from the URL or a form; null when it is not one. */
export function idOf(value: unknown): number | null {
  const parsed = personIdParam.shape.id.safeParse(value)
  return parsed.success ? parsed.data : null
}

export { toPortalImageUrl } from './images.server'
export { orNull, upstreamFailure } from './upstream.server'
