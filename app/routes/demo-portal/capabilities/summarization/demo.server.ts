import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { SUMMARY_FILE_MAX_BYTES } from '#contract/limits'
import { readForm } from '~/lib/forms.server'

const TOO_BIG = `The file is larger than ${SUMMARY_FILE_MAX_BYTES / 1024 / 1024} MB`
// the document, up to 200,000 characters of text (at most 4 bytes each), the type and the multipart framing
const MAX_BODY = SUMMARY_FILE_MAX_BYTES + 1024 * 1024
const FIELDS = new Set(['summary_type', 'text', 'file'])
const MAX_PARTS = 6

class TooManyParts extends Error {}

export type UnreadForm = { status: number; field: string; message: string }

/**
 * The posted form, read into memory but never more than the API would take: a multipart POST (the
 * page's own form, with or without JavaScript) or a urlencoded one (text only).
 */
export async function readSummarizeForm(request: Request): Promise<FormData | UnreadForm> {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return readForm(request)
  if (Number(request.headers.get('Content-Length')) > MAX_BODY) return { status: 413, field: 'file', message: TOO_BIG }
  const memory = unstable_createMemoryUploadHandler({
    maxPartSize: SUMMARY_FILE_MAX_BYTES,
    filter: ({ name }) => FIELDS.has(name),
  })
  let parts = 0
  const handler: UploadHandler = (part) => {
    if (++parts > MAX_PARTS) throw new TooManyParts()
    return memory(part)
  }
  try {
    return await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { status: 413, field: 'file', message: TOO_BIG }
    return { status: 400, field: 'text', message: 'The form could not be read. Please try again.' }
  }
}
