import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import { PHOTO_MAX_BYTES, verifyFields } from '#contract/face'
import { sniffImage, type Liveness, type SingleFace } from '../../../engines/face'
import { newBlobKey } from '../../../lib/blob-store'
import { HttpError } from '../../../lib/http-error'
import { ok } from '../../../lib/reply'
import { readUploads, type UploadedFile } from '../../../lib/upload'
import { analyse, faceHttpError, identifyOutcome, livenessOf, scanRow, verifyOutcome, type Outcome } from '../service'
import { deleteScan, hasPeople, insertScan, listScans, loadPerson, references, scanDetail, scanKpi } from '../store'
import { abortOnClose, NO_STORE, sniffAll, TOO_LARGE, type FaceApp, type FaceContext } from './shared'

/** Verifying and identifying photos, each kept as a scan, and the scans' list, detail and KPIs. */
export function scanRoutes(app: FaceApp, { db, blobs, threshold, scanUrlFor }: FaceContext) {
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
      return await insertScan(
        db,
        scanRow({ userId, kind, face, check, outcome, threshold, blobKey, mimeType: type.mime }),
      )
    } catch (error) {
      await store.remove(blobKey).catch(() => {})
      throw error
    }
  }

  route(app, endpoints.verifyFace, async (request, reply) => {
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
  })

  route(app, endpoints.identifyFace, async (request, reply) => {
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
  })

  route(app, endpoints.listScans, async (request) =>
    ok(await listScans(db, request.user, request.query, scanUrlFor(request.user.id)), 'Scans retrieved successfully'),
  )

  route(app, endpoints.deleteScan, async (request) =>
    ok({ scan_id: await deleteScan(db, blobs, request.user, request.params.id) }, 'Deleted record successfully!'),
  )

  route(app, endpoints.getScan, async (request) =>
    ok(
      await scanDetail(db, request.user, request.params.id, scanUrlFor(request.user.id)),
      'Scan retrieved successfully',
    ),
  )

  route(app, endpoints.scanKpi, async (request) =>
    ok(await scanKpi(db, request.user), 'Scan KPIs retrieved successfully'),
  )
}
