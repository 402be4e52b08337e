import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import { personFields, PHOTO_MAX_BYTES, PHOTOS_PER_PERSON } from '#contract/face'
import { sniffImage, type SingleFace } from '../../../engines/face'
import { newBlobKey } from '../../../lib/blob-store'
import { HttpError } from '../../../lib/http-error'
import { ok } from '../../../lib/reply'
import { readUploads, type UploadedFile } from '../../../lib/upload'
import { analyse, faceHttpError } from '../service'
import { createPerson, deletePerson, listPeople, loadPerson, personDetail, updatePerson, type NewPhoto } from '../store'
import { abortOnClose, NO_STORE, sniffAll, TOO_LARGE, type FaceApp, type FaceContext } from './shared'

/** Enrolling people with reference photos, and listing, renaming and deleting them. */
export function peopleRoutes(app: FaceApp, { db, blobs, photoUrlFor }: FaceContext) {
  route(app, endpoints.enrolPerson, async (request, reply) => {
    if (!blobs) throw new HttpError(503, NO_STORE)
    const signal = abortOnClose(reply)
    const { fields, files } = await readUploads(request, {
      field: 'photos',
      maxFiles: PHOTOS_PER_PERSON,
      maxBytes: PHOTO_MAX_BYTES,
      tooLarge: TOO_LARGE,
      tooMany: `Send at most ${PHOTOS_PER_PERSON} photos`,
    })
    const parsed = personFields.safeParse(fields)
    const errors: Record<string, string[]> = parsed.success ? {} : parsed.error.flatten().fieldErrors
    if (!files.length) errors.photos = ['Add at least one photo of the person']
    if (!parsed.success || Object.keys(errors).length) throw new HttpError(400, 'Check the highlighted fields', errors)
    const label = (i: number, f: UploadedFile) => `Photo ${i + 1} (${f.filename})`
    sniffAll(files, 'photos', label)

    // every photo is checked, so the user learns about all of them at once; nothing is stored unless all pass
    const problems: { message: string; status: number }[] = []
    const faces: SingleFace[] = []
    for (const [i, file] of files.entries()) {
      try {
        faces.push(await analyse(file.bytes, signal))
      } catch (error) {
        const http = faceHttpError(error, 'photos')
        if (!(http instanceof HttpError)) throw error
        problems.push({ message: `${label(i, file)}: ${http.message}`, status: http.statusCode })
      }
    }
    if (problems.length) {
      const statuses = new Set(problems.map((p) => p.status))
      const status = statuses.size === 1 ? [...statuses][0]! : 400
      throw new HttpError(status, problems.length === 1 ? problems[0]!.message : 'Some photos cannot be used', {
        photos: problems.map((p) => p.message),
      })
    }

    const photos: NewPhoto[] = []
    try {
      for (const [i, file] of files.entries()) {
        const type = sniffImage(file.head)!
        const blobKey = newBlobKey('face-people', `.${type.ext}`)
        photos.push({
          blobKey,
          mimeType: type.mime,
          width: faces[i]!.width,
          height: faces[i]!.height,
          face: faces[i]!.box,
          descriptor: Array.from(faces[i]!.descriptor),
        })
        await blobs.put(blobKey, file.bytes)
      }
      const id = await createPerson(db, request.user.id, parsed.data, photos)
      const body = await personDetail(db, request.user, id, photoUrlFor(request.user.id))
      return reply.code(201).send(ok(body, 'Person enrolled successfully'))
    } catch (error) {
      await Promise.all(photos.map((p) => blobs.remove(p.blobKey).catch(() => {})))
      throw error
    }
  })

  route(app, endpoints.listPeople, async (request) =>
    ok(
      await listPeople(db, request.user, request.query, photoUrlFor(request.user.id)),
      'People retrieved successfully',
    ),
  )

  route(app, endpoints.getPerson, async (request) =>
    ok(
      await personDetail(db, request.user, request.params.id, photoUrlFor(request.user.id)),
      'Person retrieved successfully',
    ),
  )

  route(app, endpoints.updatePerson, async (request) => {
    const row = await loadPerson(db, request.user, request.params.id)
    await updatePerson(db, row.id, request.body)
    return ok(await personDetail(db, request.user, row.id, photoUrlFor(request.user.id)), 'Person updated successfully')
  })

  route(app, endpoints.deletePerson, async (request) => {
    const row = await loadPerson(db, request.user, request.params.id)
    await deletePerson(db, blobs, row.id)
    return ok({ person_id: row.id }, 'Deleted record successfully!')
  })
}
