import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { SubmissionResult } from '@conform-to/react'
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { DOCUMENT_MAX_BYTES } from '#contract/ocr'
import { UPLOAD_ERROR, UPLOAD_REFUSED } from '~/components/ocr/format'
import { parseUploadForm, TOO_LARGE } from '~/components/ocr/upload-schema'
import { uploadDocument, upstreamFailure } from '~/services/ocr.server'
import { createUpstream } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

// the file (or the camera's photo), the document type and nothing much else
const MAX_PARTS = 5
const FILE_FIELDS = ['file', 'photo']
const FIELD_MAX_BYTES = 1024
// the multipart framing and the text fields around the file
const FRAMING_BYTES = 64 * 1024

class RefusedPart extends Error {}

/** The file part written to disk as it arrives, refused past the size the API takes. */
async function spoolFile(data: AsyncIterable<Uint8Array>, path: string, name: string) {
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > DOCUMENT_MAX_BYTES) done(new MaxPartSizeExceededError(name, DOCUMENT_MAX_BYTES))
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

type Spooled = { form: FormData; cleanup: () => Promise<void> }

/**
 * The posted form with the document streamed to a temporary file, never held in memory; the form's
 * file reads from that file as it is sent on. `cleanup` removes it. (The same approach as the speech
 * upload, whose reader is tied to recordings' size and messages.)
 */
export async function readDocumentUpload(request: Request): Promise<Spooled | { status: number; error: string }> {
  const length = Number(request.headers.get('Content-Length'))
  if (length > DOCUMENT_MAX_BYTES + FRAMING_BYTES) return { status: 413, error: TOO_LARGE }
  let dir: string | undefined
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {})
  }
  let parts = 0
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (++parts > MAX_PARTS) throw new RefusedPart('Send one document and the form fields only')
    if (filename === undefined) return readText(data)
    // a file input left empty, or a file in a field that takes none
    if (!FILE_FIELDS.includes(name) || !filename) return undefined
    dir ??= await mkdtemp(join(tmpdir(), 'ocr-upload-'))
    const path = join(dir, `part-${parts}`)
    await spoolFile(data, path, name)
    const type = contentType || 'application/octet-stream'
    return new File([await openAsBlob(path, { type })], filename, { type })
  }
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), cleanup }
  } catch (error) {
    await cleanup()
    if (error instanceof MaxPartSizeExceededError) return { status: 413, error: TOO_LARGE }
    if (error instanceof RefusedPart) return { status: 413, error: error.message }
    return { status: 400, error: 'The upload was cut off or is not a form. Try again.' }
  }
}

export type UploadOutcome =
  | { ok: true; documentId: number; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]>; headers: Headers }

const FIELDS = ['file', 'document_type']

/** SPEC §8: the API refused the document (4xx), or the API or the way to it failed (5xx). */
export const uploadMessage = (status: number) => (status >= 500 ? UPLOAD_ERROR : UPLOAD_REFUSED)

/**
 * The upload form, posted with or without JavaScript: checked for a type and a file of a size the API
 * takes, then sent on to upload_document/ from the temporary file; whether the file is a document it
 * can read, the API decides. A missing session answers with the sign-in redirect before the body is read.
 */
export async function handleUpload(request: Request): Promise<UploadOutcome> {
  const tokens = await requireTokens(request)
  const read = await readDocumentUpload(request)
  if ('error' in read) {
    return {
      ok: false,
      status: read.status,
      result: { status: 'error', error: { '': [UPLOAD_REFUSED], file: [read.error] } },
      headers: new Headers(),
    }
  }
  try {
    const submission = parseUploadForm(read.form)
    if (submission.status !== 'success') {
      return {
        ok: false,
        status: 400,
        result: submission.reply({ formErrors: [UPLOAD_REFUSED], hideFields: ['file'] }),
        headers: new Headers(),
      }
    }
    const { file, document_type: documentType } = submission.value
    const api = await createUpstream(request, tokens)
    try {
      const created = await uploadDocument(api, documentType, file, file.name)
      return { ok: true, documentId: created.document_id, headers: api.headers }
    } catch (thrown) {
      const failure = await upstreamFailure(thrown)
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors).filter(([key]) => FIELDS.includes(key)),
      )
      return {
        ok: false,
        status: failure.status,
        result: submission.reply({
          formErrors: [uploadMessage(failure.status), failure.message],
          fieldErrors,
          hideFields: ['file'],
        }),
        headers: api.headers,
      }
    }
  } finally {
    await read.cleanup()
  }
}
