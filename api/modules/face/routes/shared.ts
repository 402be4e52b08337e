import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PHOTO_MAX_BYTES } from '#contract/face'
import { paths } from '#contract/paths'
import type { Db } from '../../../db/client'
import { sniffImage } from '../../../engines/face'
import type { BlobStore } from '../../../lib/blob-store'
import { HttpError } from '../../../lib/http-error'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '../../../lib/signed-link'
import type { UploadedFile } from '../../../lib/upload'

const MB = PHOTO_MAX_BYTES / 1024 / 1024
export const TOO_LARGE = `A photo is larger than ${MB} MB`
export const NOT_AN_IMAGE = 'Only PNG, JPEG and WebP photos are accepted.'
export const BAD_LINK = 'This image link is invalid or has expired.'
export const NO_STORE = 'Photos cannot be stored on this server'

export type FaceOptions = { db: Db; blobs: BlobStore | null; jwtSecret: string; threshold: number }
/** The Fastify instance a face plugin registers its routes on. */
export type FaceApp = Parameters<FastifyPluginAsyncZod<FaceOptions>>[0]
/** What every face route shares: the options and the signed links to photos. */
export type FaceContext = FaceOptions & ReturnType<typeof photoLinks>

/** Signed links to reference photos and scan photos, for the user they are handed to. */
export function photoLinks(jwtSecret: string) {
  const signer = createLinkSigner(jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
  const signed = (path: string, uid: number) => `${path}?${signer.sign(path, uid).query}`
  return {
    signer,
    photoUrlFor: (uid: number) => (photoId: number) => signed(paths.facePhoto(photoId), uid),
    scanUrlFor: (uid: number) => (scanId: number) => signed(paths.faceScanPhoto(scanId), uid),
  }
}

/** Aborted when the client goes away, so a photo still waiting for the engine is dropped. */
export function abortOnClose(reply: FastifyReply) {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** Refuses anything but PNG, JPEG or WebP before the engine sees it (415, naming the file). */
export function sniffAll(files: UploadedFile[], field: string, label: (i: number, f: UploadedFile) => string) {
  const bad = files.flatMap((f, i) => (sniffImage(f.head) ? [] : [`${label(i, f)}: ${NOT_AN_IMAGE}`]))
  if (bad.length) throw new HttpError(415, bad.length === 1 ? bad[0]! : NOT_AN_IMAGE, { [field]: bad })
  const empty = files.flatMap((f, i) => (f.size === 0 ? [`${label(i, f)}: the file is empty.`] : []))
  if (empty.length) throw new HttpError(400, empty[0]!, { [field]: empty })
}
