import type { Readable } from 'node:stream'
import type { FastifyError, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { newBlobKey, type BlobStore } from './blob-store'
import { HttpError } from './http-error'

/** How much of a stored upload its type is sniffed from. */
const HEAD_BYTES = 4096

export type ReceivedFile = {
  /** The client's name for it (shown back, never used as a path). */
  filename: string
  size: number
  /** The first bytes, to sniff the type from. */
  head: Buffer
  /** The whole file, when it was kept in memory. */
  bytes?: Buffer
  /** Where it was stored, when it was streamed to the blob store. */
  blobKey?: string
}

type Options = {
  /** Larger files answer 413 with `tooLarge`. */
  maxBytes: number
  tooLarge: string
  /** A file in another field than "file": its message and field error (a page's own wording). */
  wrongField?: { message: string; error: string }
  /** More files or fields than one file and the form's fields. */
  tooMany?: string
  /** Stream the file to this store (under `prefix`) instead of keeping it in memory. */
  store?: { blobs: BlobStore; prefix: string }
}

/**
 * Control characters (C0, DEL, C1), bidi overrides, embeddings, isolates and marks (which make
 * "invoice<U+202E>fdp.exe" show as "invoiceexe.pdf"), line separators and the BOM.
 */
const UNSHOWABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/gu

/** A client-chosen file name cut to something safe to show: no path, no control characters. */
export function displayName(name: string | undefined, fallback: string) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const clean = [...base.replace(UNSHOWABLE, '')].slice(0, 200).join('').trim()
  return clean || fallback
}

/**
 * Reads a multipart request with at most one file (field `file`) and a few text fields. The file
 * is bounded as it arrives; a stored file that turns out too large is removed again.
 */
export async function readUpload(request: FastifyRequest, options: Options) {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data with the file in "file"')
  const fields: Record<string, string> = {}
  let file: ReceivedFile | null = null
  let stored: string | undefined
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 * 1024 },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        const wrong = options.wrongField ?? { message: 'Send the file in the field "file"', error: 'Attach a file' }
        throw new HttpError(400, wrong.message, { file: [wrong.error] })
      }
      const filename = displayName(part.filename, 'upload')
      if (cutOff(part.file)) throw new HttpError(400, CUT_OFF)
      if (options.store) {
        stored = newBlobKey(options.store.prefix, '')
        const { size } = await options.store.blobs.put(stored, part.file)
        if (part.file.truncated) throw new HttpError(413, options.tooLarge)
        const head = await readHead(options.store.blobs, stored, size)
        file = { filename, size, head, blobKey: stored }
      } else {
        const bytes = await part.toBuffer()
        file = { filename, size: bytes.length, head: bytes.subarray(0, HEAD_BYTES), bytes }
      }
    }
  } catch (error) {
    if (stored && options.store) await options.store.blobs.remove(stored).catch(() => {})
    throw multipartError(error, options.tooLarge, options.tooMany ?? 'Send one file and the form fields only')
  }
  return { fields, file }
}

/**
 * A request that takes either a JSON body (checked against `body`: a 400 with its field errors) or a
 * multipart form with one file in `file` (read by readUpload with `options`), e.g. a pasted text or
 * the same as a file.
 */
export async function readJsonOrUpload<S extends z.ZodTypeAny>(
  request: FastifyRequest,
  body: S,
  options: Options,
): Promise<{ json: z.output<S> } | { upload: Awaited<ReturnType<typeof readUpload>> }> {
  if (request.isMultipart()) return { upload: await readUpload(request, options) }
  const parsed = body.safeParse(request.body)
  if (!parsed.success) {
    // flatten() sets only the fields that have messages, whatever the schema's type says
    const errors = parsed.error.flatten().fieldErrors as Record<string, string[]>
    throw new HttpError(400, 'Check the highlighted fields', errors)
  }
  return { json: parsed.data }
}

const CUT_OFF = 'The upload was cut off or malformed'

/**
 * Whether a file part's stream was already torn down when it was handed over: a small body that
 * ends without its closing boundary arrives whole in one chunk, busboy fails at its end, and
 * @fastify/multipart destroys the file stream without an error before the loop reads it. Piping
 * such a stream waits for ever, so it is refused before it is read.
 */
const cutOff = (file: Readable) => file.destroyed && !file.readableEnded

/** The client's multipart mistakes as HttpErrors (413, 415, 400); anything else is rethrown as it was. */
function multipartError(error: unknown, tooLarge: string, tooMany: string): unknown {
  const code = (error as FastifyError).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLarge)
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, tooMany)
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'The form is not valid multipart')
  if (error instanceof HttpError) return error
  // a body that ends inside a part (a cut-off upload)
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return new HttpError(400, CUT_OFF)
  // a broken multipart body is the client's, not ours
  if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) {
    return new HttpError(400, CUT_OFF)
  }
  return error
}

type ManyOptions = {
  /** The field the files come in (e.g. `photos`); a file in any other field is refused. */
  field: string
  maxFiles: number
  /** Each file's bound; a larger one answers 413 with `tooLarge`. */
  maxBytes: number
  tooLarge: string
  /** The field error when more than `maxFiles` files are sent. */
  tooMany?: string
}

/** A file kept in memory, as readUploads returns it. */
export type UploadedFile = ReceivedFile & { bytes: Buffer }

/**
 * Reads a multipart request with up to `maxFiles` files in one field (kept in memory, each
 * bounded as it arrives) and a few text fields. An empty file input (no name, no bytes: what a
 * browser sends for a file input left blank) is skipped.
 */
export async function readUploads(request: FastifyRequest, options: ManyOptions) {
  const { field, maxFiles } = options
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the form as multipart/form-data with the files in "${field}"`)
  }
  const tooMany = options.tooMany ?? `Send at most ${maxFiles} file${maxFiles === 1 ? '' : 's'}`
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  // room for blank inputs beside the real files; busboy refuses anything past it
  const slack = 5
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: maxFiles + slack,
        fields: 10,
        parts: maxFiles + slack + 10,
        fieldSize: 1024 * 1024,
      },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== field) {
        part.file.resume()
        throw new HttpError(400, `Send the files in the field "${field}"`, { [field]: ['Attach a file'] })
      }
      if (cutOff(part.file)) throw new HttpError(400, CUT_OFF)
      const bytes = await part.toBuffer()
      if (bytes.length === 0 && !part.filename) continue
      if (files.length === maxFiles) throw new HttpError(400, tooMany, { [field]: [tooMany] })
      const filename = displayName(part.filename, `${field}-${files.length + 1}`)
      files.push({ filename, size: bytes.length, head: bytes.subarray(0, HEAD_BYTES), bytes })
    }
  } catch (error) {
    throw multipartError(error, options.tooLarge, tooMany)
  }
  return { fields, files }
}

const readHead = (blobs: BlobStore, key: string, size: number) => readRange(blobs, key, 0, Math.min(size, HEAD_BYTES))

/** Bytes `start` to `end` (exclusive) of a stored file. */
async function readRange(blobs: BlobStore, key: string, start: number, end: number) {
  if (end <= start) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of blobs.read(key, { start, end: end - 1 })) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Random access to a stored upload, for headers that lie past its first bytes (an M4A's moov, an Ogg's last page). */
export const storedFile = (blobs: BlobStore, key: string, size: number) => ({
  size,
  read: (start: number, end: number) => readRange(blobs, key, start, Math.min(end, size)),
})
