import { route } from '../../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { linkedAudio, loadListenable } from '../store/access'
import { createAudioSigner, parseRange } from '../audio-url'
import type { BlobStore } from '../../../lib/blob-store'
import { HttpError, notFound } from '../../../lib/http-error'
import { ok } from '../../../lib/reply'

const NO_AUDIO = 'This recording has no audio'
const BAD_LINK = 'This audio link is invalid or has expired.'

type Options = { db: Db; blobs: BlobStore | null; jwtSecret: string }

/** A recording's key id, a signed link for it, and the audio itself behind that link (with Range). */
export const evaluationAudioRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, blobs, jwtSecret }) => {
  const signer = createAudioSigner(jwtSecret)

  route(app, endpoints.loadFileAndKid, async (request) => {
    const recording = await loadListenable(db, request.user, request.query.recording_id)
    if (!recording.blobKey) throw notFound(NO_AUDIO)
    return ok(
      { recording_id: recording.id, kid: recording.kid, mime_type: recording.mimeType ?? 'application/octet-stream' },
      'Audio key retrieved successfully',
    )
  })

  route(app, endpoints.sendKeyAuthorizedUser, async (request) => {
    const { recording_id: recordingId, kid } = request.query
    const recording = await loadListenable(db, request.user, recordingId)
    if (recording.kid !== kid) throw notFound('Unknown key for this recording')
    if (!recording.blobKey) throw notFound(NO_AUDIO)
    return ok(signer.sign(recording.id, request.user.id), 'Audio link created successfully')
  })

  route(app, endpoints.recordingAudio, async (request, reply) => {
    const recordingId = request.params.id
    const uid = signer.verify(recordingId, request.query)
    if (uid === null) throw new HttpError(403, BAD_LINK)
    const row = await linkedAudio(db, uid, recordingId)
    if (!row) throw new HttpError(403, BAD_LINK)
    if (!row.blobKey || !blobs) throw notFound(NO_AUDIO)
    const size = await blobs.size(row.blobKey)
    if (size === null) throw notFound('The audio file is missing')

    const remaining = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000))
    reply.header('accept-ranges', 'bytes').header('cache-control', `private, max-age=${remaining}`)
    const range = parseRange(request.headers.range, size)
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`)
      throw new HttpError(416, 'The requested range is outside the audio')
    }
    reply.header('content-type', row.mimeType ?? 'application/octet-stream')
    if (!range) {
      reply.header('content-length', size)
      return reply.code(200).send(blobs.read(row.blobKey))
    }
    reply
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
    return reply.code(206).send(blobs.read(row.blobKey, range))
  })
}
