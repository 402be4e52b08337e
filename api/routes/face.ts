import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, idParam } from '#contract/envelope'
import {
  person,
  personFields,
  personIdParam,
  personDeleted,
  personList,
  personListQuery,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_PERSON,
  scan,
  scanDeleted,
  scanKpi as scanKpiSchema,
  scanList,
  scanListQuery,
  verifyFields,
} from '#contract/face'
import { paths } from '#contract/paths'
import type { Db } from '../db/client'
import { sniffImage, type Liveness, type SingleFace } from '../engines/face'
import { analyse, faceHttpError, identifyOutcome, livenessOf, verifyOutcome, type Outcome } from '../face/service'
import {
  createPerson,
  deletePerson,
  deleteScan,
  hasPeople,
  insertScan,
  linkedFile,
  listPeople,
  listScans,
  loadPerson,
  personDetail,
  references,
  scanDetail,
  scanKpi,
  updatePerson,
  type NewPhoto,
} from '../face/store'
import { newBlobKey, type BlobStore } from '../lib/blob-store'
import { HttpError, notFound } from '../lib/http-error'
import { multipartBody } from '../lib/multipart-body'
import { ok, responses } from '../lib/reply'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '../lib/signed-link'
import { readUploads, type UploadedFile } from '../lib/upload'

const tags = ['facial recognition']
const security = [{ bearerAuth: [] }]
const MB = PHOTO_MAX_BYTES / 1024 / 1024
const TOO_LARGE = `A photo is larger than ${MB} MB`
const NOT_AN_IMAGE = 'Only PNG, JPEG and WebP photos are accepted.'
const BAD_LINK = 'This image link is invalid or has expired.'
const NO_STORE = 'Photos cannot be stored on this server'

type Options = { db: Db; blobs: BlobStore | null; jwtSecret: string; threshold: number }

/** Response schemas of a route that creates: the enveloped 201 plus the error shapes. */
function created<T extends z.ZodTypeAny>(data: T, ...errorCodes: number[]) {
  const { 200: _ok, ...errors } = responses(data, ...errorCodes)
  return { 201: envelope(data), ...errors }
}

const linkQuery = z.object({ expires: z.string().optional(), uid: z.string().optional(), sig: z.string().optional() })

/** Aborted when the client goes away, so a photo still waiting for the engine is dropped. */
function abortOnClose(reply: FastifyReply) {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/**
 * Facial recognition (/api/face_recognition/; docs/decisions/010): enrol people with reference
 * photos, verify a photo against one of them or identify it among all, and list the scans. Any
 * signed-in user, on their own people and scans; admins see and manage everyone's.
 */
export const faceRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, blobs, jwtSecret, threshold }) => {
  const signer = createLinkSigner(jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
  const signed = (path: string, uid: number) => `${path}?${signer.sign(path, uid).query}`
  const photoUrlFor = (uid: number) => (photoId: number) => signed(paths.facePhoto(photoId), uid)
  const scanUrlFor = (uid: number) => (scanId: number) => signed(paths.faceScanPhoto(scanId), uid)
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  /** Refuses anything but PNG, JPEG or WebP before the engine sees it (415, naming the file). */
  function sniffAll(files: UploadedFile[], field: string, label: (i: number, f: UploadedFile) => string) {
    const bad = files.flatMap((f, i) => (sniffImage(f.head) ? [] : [`${label(i, f)}: ${NOT_AN_IMAGE}`]))
    if (bad.length) throw new HttpError(415, bad.length === 1 ? bad[0]! : NOT_AN_IMAGE, { [field]: bad })
    const empty = files.flatMap((f, i) => (f.size === 0 ? [`${label(i, f)}: the file is empty.`] : []))
    if (empty.length) throw new HttpError(400, empty[0]!, { [field]: empty })
  }

  /** One probe photo (verify, identify): its one usable face, or the reason why not. */
  async function probeFace(files: UploadedFile[], signal: AbortSignal) {
    if (files.length === 0) throw new HttpError(400, 'Choose a photo', { photo: ['Choose a photo'] })
    sniffAll(files, 'photo', () => 'The photo')
    const [file] = files
    try {
      return { file: file!, face: await analyse(file!.bytes, signal) }
    } catch (error) {
      throw faceHttpError(error, 'photo')
    }
  }

  /** Stores the probe and the scan; the probe's file goes again if the row cannot be written. */
  async function saveScan(
    userId: number,
    kind: 'verify' | 'identify',
    file: UploadedFile,
    face: SingleFace,
    check: Liveness,
    outcome: Outcome,
  ) {
    const store = blobs!
    const type = sniffImage(file.head)!
    const blobKey = newBlobKey('face-scans', `.${type.ext}`)
    await store.put(blobKey, file.bytes)
    try {
      return await insertScan(db, {
        userId,
        kind,
        decision: outcome.decision,
        personId: outcome.personId,
        distance: outcome.distance,
        threshold,
        reasons: outcome.reasons,
        liveness: { score: Math.round(check.score * 1000) / 1000, live: check.live, reasons: check.reasons },
        face: face.box,
        landmarks: face.landmarks,
        blobKey,
        mimeType: type.mime,
        width: face.width,
        height: face.height,
      })
    } catch (error) {
      await store.remove(blobKey).catch(() => {})
      throw error
    }
  }

  // ------------------------------------------------------------ people

  app.post(
    paths.facePeople,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: `Enrol a person (multipart: name, external_id and 1–${PHOTOS_PER_PERSON} photos, each PNG, JPEG or WebP up to ${MB} MB with exactly one clear face)`,
        security,
        ...multipartBody({ photos: PHOTOS_PER_PERSON }, personFields),
        response: created(person, 401, 413, 415, 429, 503),
      },
    },
    async (request, reply) => {
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
      if (!parsed.success || Object.keys(errors).length)
        throw new HttpError(400, 'Check the highlighted fields', errors)
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
    },
  )

  app.get(
    paths.facePeople,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Enrolled people, newest first (search by name or external id, paged)',
        security,
        querystring: personListQuery,
        response: responses(personList, 401),
      },
    },
    async (request) =>
      ok(
        await listPeople(db, request.user, request.query, photoUrlFor(request.user.id)),
        'People retrieved successfully',
      ),
  )

  app.get(
    paths.facePerson(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One enrolled person with signed links to their photos',
        security,
        params: personIdParam,
        response: responses(person, 401, 404),
      },
    },
    async (request) =>
      ok(
        await personDetail(db, request.user, request.params.id, photoUrlFor(request.user.id)),
        'Person retrieved successfully',
      ),
  )

  app.put(
    paths.facePerson(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Change a person's name and external id",
        security,
        params: personIdParam,
        body: personFields,
        response: responses(person, 401, 404),
      },
    },
    async (request) => {
      const row = await loadPerson(db, request.user, request.params.id)
      await updatePerson(db, row.id, request.body)
      return ok(
        await personDetail(db, request.user, row.id, photoUrlFor(request.user.id)),
        'Person updated successfully',
      )
    },
  )

  app.delete(
    paths.facePerson(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete a person, their photos and descriptors, and their scans with their photos',
        security,
        params: personIdParam,
        response: responses(personDeleted, 401, 404),
      },
    },
    async (request) => {
      const row = await loadPerson(db, request.user, request.params.id)
      await deletePerson(db, blobs, row.id)
      return ok({ person_id: row.id }, 'Deleted record successfully!')
    },
  )

  // ------------------------------------------------------------ scans

  app.post(
    paths.faceVerify,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Verify a photo against a claimed person (multipart: photo, person_id): distance, threshold, liveness',
        security,
        ...multipartBody({ photo: 1 }, verifyFields),
        response: created(scan, 401, 404, 413, 415, 422, 429, 503),
      },
    },
    async (request, reply) => {
      if (!blobs) throw new HttpError(503, NO_STORE)
      const signal = abortOnClose(reply)
      const { fields, files } = await readUploads(request, {
        field: 'photo',
        maxFiles: 1,
        maxBytes: PHOTO_MAX_BYTES,
        tooLarge: TOO_LARGE,
        tooMany: 'Send one photo',
      })
      const parsed = verifyFields.safeParse(fields)
      if (!parsed.success) {
        throw new HttpError(400, 'Choose the person to verify against', { person_id: ['Choose a person'] })
      }
      const claimed = await loadPerson(db, request.user, parsed.data.person_id)
      const refs = await references(db, request.user, claimed.id)
      if (!refs.length) throw new HttpError(422, `${claimed.name} has no reference photo to compare with`)
      const { file, face } = await probeFace(files, signal)
      const check = livenessOf(face)
      const outcome = verifyOutcome(face.descriptor, refs, threshold, check, claimed.id)
      const id = await saveScan(request.user.id, 'verify', file, face, check, outcome)
      const body = await scanDetail(db, request.user, id, scanUrlFor(request.user.id))
      return reply.code(201).send(ok(body, outcome.decision === 'validated' ? 'Face validated' : 'Face invalidated'))
    },
  )

  app.post(
    paths.faceIdentify,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Identify a photo among everyone the user has enrolled (multipart: photo)',
        security,
        ...multipartBody({ photo: 1 }),
        response: created(scan, 401, 413, 415, 422, 429, 503),
      },
    },
    async (request, reply) => {
      if (!blobs) throw new HttpError(503, NO_STORE)
      const signal = abortOnClose(reply)
      const { files } = await readUploads(request, {
        field: 'photo',
        maxFiles: 1,
        maxBytes: PHOTO_MAX_BYTES,
        tooLarge: TOO_LARGE,
        tooMany: 'Send one photo',
      })
      if (!(await hasPeople(db, request.user))) {
        throw new HttpError(422, 'Enrol someone first: there is nobody to identify the photo against')
      }
      const { file, face } = await probeFace(files, signal)
      const refs = await references(db, request.user)
      const check = livenessOf(face)
      const outcome = identifyOutcome(face.descriptor, refs, threshold, check)
      const id = await saveScan(request.user.id, 'identify', file, face, check, outcome)
      const body = await scanDetail(db, request.user, id, scanUrlFor(request.user.id))
      return reply
        .code(201)
        .send(ok(body, outcome.decision === 'validated' ? 'Face identified' : 'No enrolled person matched'))
    },
  )

  app.get(
    paths.faceScans,
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Scans, newest first, by bucket (total_scanned, validated, total_invalidated; paged)',
        security,
        querystring: scanListQuery,
        response: responses(scanList, 401),
      },
    },
    async (request) =>
      ok(await listScans(db, request.user, request.query, scanUrlFor(request.user.id)), 'Scans retrieved successfully'),
  )

  app.delete(
    paths.faceScan(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete one scan and its photo (its maker or an admin)',
        security,
        params: idParam,
        response: responses(scanDeleted, 401, 404),
      },
    },
    async (request) =>
      ok({ scan_id: await deleteScan(db, blobs, request.user, request.params.id) }, 'Deleted record successfully!'),
  )

  app.get(
    paths.faceScan(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One scan: the photo (signed link), face box and landmarks, person, distance and decision',
        security,
        params: idParam,
        response: responses(scan, 401, 404),
      },
    },
    async (request) =>
      ok(
        await scanDetail(db, request.user, request.params.id, scanUrlFor(request.user.id)),
        'Scan retrieved successfully',
      ),
  )

  app.get(
    paths.faceKpi,
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Scans by bucket', security, response: responses(scanKpiSchema, 401) },
    },
    async (request) => ok(await scanKpi(db, request.user), 'Scan KPIs retrieved successfully'),
  )

  // ------------------------------------------------------------ photos behind signed links

  for (const [kind, pathOf] of [
    ['photo', paths.facePhoto],
    ['scan', paths.faceScanPhoto],
  ] as const) {
    app.get(
      pathOf(':id'),
      {
        schema: {
          tags,
          summary:
            kind === 'photo'
              ? "A person's reference photo (signed link, no bearer token)"
              : "A scan's photo (signed link, no bearer token)",
          params: idParam,
          querystring: linkQuery,
        },
      },
      async (request, reply) => {
        const { id } = request.params
        const uid = signer.verify(pathOf(id), request.query)
        if (uid === null) throw new HttpError(403, BAD_LINK)
        const file = await linkedFile(db, kind, id, uid)
        if (file === 'forbidden') throw new HttpError(403, BAD_LINK)
        if (!file?.blobKey || !blobs) throw notFound('The photo is no longer available')
        const size = await blobs.size(file.blobKey)
        if (size === null) throw notFound('The photo is no longer available')
        const remaining = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000))
        return reply
          .header('content-type', file.mimeType ?? 'application/octet-stream')
          .header('content-length', size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', `private, max-age=${remaining}`)
          .header('content-security-policy', "default-src 'none'")
          .send(blobs.read(file.blobKey))
      },
    )
  }
}
