import { z } from 'zod'
import { idParam } from '#contract/envelope'
import { paths } from '#contract/paths'
import { HttpError, notFound } from '../../../lib/http-error'
import { linkedFile } from '../store'
import { BAD_LINK, tags, type FaceApp, type FaceContext } from './shared'

const linkQuery = z.object({ expires: z.string().optional(), uid: z.string().optional(), sig: z.string().optional() })

/** Reference photos and scan photos behind signed links (no bearer token: an <img> fetches them). */
export function photoRoutes(app: FaceApp, { db, blobs, signer }: FaceContext) {
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
