import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'

const FIELD_MAX_BYTES = 1024
// the multipart framing and the text fields around the file
const FRAMING_BYTES = 64 * 1024

class RefusedPart extends Error {}

export type SpoolOptions = {
  /** The largest file the API takes; a larger one is refused as it arrives (413 `tooLarge`). */
  maxBytes: number
  tooLarge: string
  /** The fields that carry the file (other file parts are dropped). */
  fileFields: string[]
  /** The file and the form fields, and nothing much else. */
  maxParts: number
  /** Said when there are more parts than that, e.g. "Send one document and the form fields only". */
  tooManyParts: string
  /** The temporary folder's name prefix. */
  prefix: string
}

export type Spooled = { form: FormData; cleanup: () => Promise<void> }
export type SpoolRefusal = { status: number; error: string }

/** The file part written to disk as it arrives, refused past `maxBytes`. */
async function spoolFile(data: AsyncIterable<Uint8Array>, path: string, name: string, maxBytes: number) {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) done(new MaxPartSizeExceededError(name, maxBytes))
      else done(null, chunk)
    },
  })
  await pipeline(Readable.from(data, { objectMode: false }), counter, createWriteStream(path))
}

async function readText(data: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > FIELD_MAX_BYTES) throw new RefusedPart('A form field is too long')
    text += decoder.decode(chunk, { stream: true })
  }
  return text + decoder.decode()
}

/**
 * Reads a posted upload form with its file streamed to a temporary file, never held in memory; the
 * returned form's file reads lazily from that file as it is sent on to the API. `cleanup` removes
 * it. A body too large, too many parts or a long field is a 413; a cut-off body a 400.
 */
export async function readSpooledUpload(request: Request, options: SpoolOptions): Promise<Spooled | SpoolRefusal> {
  const { maxBytes, tooLarge, fileFields, maxParts, tooManyParts, prefix } = options
  const length = Number(request.headers.get('Content-Length'))
  if (length > maxBytes + FRAMING_BYTES) return { status: 413, error: tooLarge }
  let dir: string | undefined
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {})
  }
  let parts = 0
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (++parts > maxParts) throw new RefusedPart(tooManyParts)
    if (filename === undefined) return readText(data)
    // a file input left empty, or a file in a field that takes none
    if (!fileFields.includes(name) || !filename) return undefined
    dir ??= await mkdtemp(join(tmpdir(), `${prefix}-`))
    const path = join(dir, `part-${parts}`)
    await spoolFile(data, path, name, maxBytes)
    const type = contentType || 'application/octet-stream'
    return new File([await openAsBlob(path, { type })], filename, { type })
  }
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), cleanup }
  } catch (error) {
    await cleanup()
    if (error instanceof MaxPartSizeExceededError) return { status: 413, error: tooLarge }
    if (error instanceof RefusedPart) return { status: 413, error: error.message }
    return { status: 400, error: 'The upload was cut off or is not a form. Try again.' }
  }
}
