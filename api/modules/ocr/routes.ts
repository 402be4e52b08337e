import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DOCUMENT_MAX_BYTES, uploadDocumentFields } from '#contract/ocr'
import { paths } from '#contract/paths'
import type { Db } from '../../db/client'
import { answerQuestion } from './insights'
import {
  blobKeysOf,
  createDocument,
  deleteDocument,
  documentDetail,
  documentKpi,
  documentStatus,
  linkedPageImage,
  listDocuments,
  loadDocument,
} from './store'
import type { Llm } from '../../engines/llm/client'
import { sniffDocument } from '../../engines/ocr/sniff'
import { cancelOcr, requestOcr } from './job'
import type { Queue } from '../../jobs/queue'
import type { BlobStore } from '../../lib/blob-store'
import { HttpError, notFound } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { createLinkSigner, IMAGE_LINK_TTL_S } from '../../lib/signed-link'
import { readUpload } from '../../lib/upload'

const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024
const TOO_LARGE = `The document is larger than ${MAX_MB} MB`
const UNSUPPORTED = 'Only PNG, JPEG, TIFF, WebP and PDF documents can be read'
const BAD_LINK = 'This image link is invalid or has expired.'
const NO_IMAGE = 'This page has no image'

type Options = { db: Db; blobs: BlobStore | null; queue?: Queue; jwtSecret: string; llm: Llm | null }

/** Document OCR (SPEC §7, /api/ocr/): any signed-in user, on their own documents. */
export const ocrRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, blobs, queue, jwtSecret, llm }) => {
  const signer = createLinkSigner(jwtSecret, 'image-url', IMAGE_LINK_TTL_S)
  /** A page image's signed path for this user. */
  const imageUrlFor = (userId: number) => (documentId: number, page: number) => {
    const path = paths.ocrPageImage(documentId, page)
    return `${path}?${signer.sign(path, userId).query}`
  }
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  route(app, endpoints.uploadDocument, async (request, reply) => {
    if (!blobs || !queue) throw new HttpError(503, 'Documents cannot be stored or read on this server')
    const { fields, file } = await readUpload(request, {
      maxBytes: DOCUMENT_MAX_BYTES,
      tooLarge: TOO_LARGE,
      store: { blobs, prefix: 'documents' },
    })
    const removeFile = () => (file?.blobKey ? blobs.remove(file.blobKey).catch(() => {}) : undefined)
    try {
      const parsed = uploadDocumentFields.safeParse(fields)
      const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.error.flatten().fieldErrors }
      if (!file) errors.file = ['Choose a document to upload']
      if (Object.keys(errors).length || !parsed.success || !file?.blobKey) {
        throw new HttpError(400, 'Check the highlighted fields', errors)
      }
      if (file.size === 0) throw new HttpError(400, 'The file is empty', { file: ['The file is empty'] })
      const type = sniffDocument(file.head)
      if (!type) throw new HttpError(415, UNSUPPORTED, { file: ['Not a supported document'] })
      const row = await createDocument(db, request.user, {
        documentType: parsed.data.document_type,
        fileName: file.filename,
        mimeType: type.mime,
        sizeBytes: file.size,
        blobKey: file.blobKey,
      })
      await requestOcr(queue, db, row!.id)
      const status = await documentStatus(db, row!.id)
      return reply.code(201).send(ok({ document_id: row!.id, status: status! }, 'Document Uploaded Successfully'))
    } catch (error) {
      await removeFile()
      throw error
    }
  })

  route(app, endpoints.listDocuments, async (request) =>
    ok(await listDocuments(db, request.user, request.query), 'Document list retrieved successfully'),
  )

  route(app, endpoints.deleteDocument, async (request) => {
    const row = await loadDocument(db, request.user, request.query.document_id)
    await cancelOcr(queue, row.jobId)
    // the row first: a job still reading it then finds nothing to save and removes its own images
    const gone = await deleteDocument(db, row.id)
    if (blobs && gone) await Promise.all(blobKeysOf(gone).map((key) => blobs.remove(key).catch(() => {})))
    return ok({ document_id: row.id }, 'Deleted record successfully!')
  })

  route(app, endpoints.documentDetails, async (request) => {
    const detail = await documentDetail(db, request.user, request.query.document_id, imageUrlFor(request.user.id))
    return ok(detail, 'Document details retrieved successfully')
  })

  route(app, endpoints.ocrPageImage, async (request, reply) => {
    const { documentId, page } = request.params
    const uid = signer.verify(paths.ocrPageImage(documentId, page), request.query)
    if (uid === null) throw new HttpError(403, BAD_LINK)
    const linked = await linkedPageImage(db, uid, documentId, page)
    if (!linked) throw notFound('The document no longer exists')
    // a link dies with its signer's account, or if the document is not (or no longer) theirs
    if (linked === 'forbidden') throw new HttpError(403, BAD_LINK)
    const { imageKey } = linked
    if (!imageKey || !blobs) throw notFound(NO_IMAGE)
    const size = await blobs.size(imageKey)
    if (size === null) throw notFound('The page image is missing')
    const remaining = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000))
    return reply
      .header('content-type', 'image/png')
      .header('content-length', size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `private, max-age=${remaining}`)
      .send(blobs.read(imageKey))
  })

  route(app, endpoints.insightsChatbot, async (request) => {
    const { document_id: id, question } = request.body
    const row = await loadDocument(db, request.user, id)
    if (row.status === 'failed') {
      throw new HttpError(422, `The document could not be read${row.failureReason ? `: ${row.failureReason}` : ''}`)
    }
    if (row.status !== 'completed') throw new HttpError(409, 'The document is still being read')
    const answer = await answerQuestion(row.pages, question, {
      llm,
      onLlmError: (error) => request.log.warn({ err: error }, 'insights LLM failed; answering from the passages'),
    })
    return ok(answer, 'Answer retrieved successfully')
  })

  route(app, endpoints.uploadDocumentKpi, async (request) =>
    ok(await documentKpi(db, request.user), 'Document KPIs retrieved successfully'),
  )
}
