import { endpoints } from '#contract/endpoints'
import { route } from '../../../lib/endpoint'
import { paths } from '#contract/paths'
import { HttpError, notFound } from '../../../lib/http-error'
import { linkedFile } from '../store'
import { BAD_LINK, type FaceApp, type FaceContext } from './shared'

/** Reference photos and scan photos behind signed links (no bearer token: an <img> fetches them). */
export function photoRoutes(app: FaceApp, { db, blobs, signer }: FaceContext) {
  for (const [kind, endpoint, pathOf] of [
    ['photo', endpoints.facePhoto, paths.facePhoto],
    ['scan', endpoints.faceScanPhoto, paths.faceScanPhoto],
  ] as const) {
    route(app, endpoint, async (request, reply) => {
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
    })
  }
}
