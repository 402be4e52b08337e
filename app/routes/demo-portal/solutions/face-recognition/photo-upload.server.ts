import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { PHOTO_MAX_BYTES, PHOTOS_PER_PERSON } from '#contract/limits'
import { PHOTO_MAX_MB } from '~/components/face/photo-intents'

/*
 * The demo's photo forms, posted without JavaScript or by Remix's fetch: read in memory (photos are
 * small and bounded), with every part and the whole body bounded before anything reaches the API.
 */

const TOO_LARGE = `A photo is larger than ${PHOTO_MAX_MB} MB`
const PHOTO_FIELDS = ['photo', 'photos']
// the photos (the file input's and the camera input's), the text fields, and nothing much else
const MAX_PARTS = PHOTOS_PER_PERSON + 8
const FIELD_MAX_BYTES = 1024
// the multipart framing and the text fields around the photos
const FRAMING_BYTES = 64 * 1024
const BODY_MAX_BYTES = (PHOTOS_PER_PERSON + 1) * PHOTO_MAX_BYTES + FRAMING_BYTES

class RefusedPart extends Error {}

async function readBytes(data: AsyncIterable<Uint8Array>, max: number, tooLong: () => Error) {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > max) throw tooLong()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export type PhotoFormRead = { form: FormData } | { status: number; error: string; intent: string | null }

/**
 * The posted form with its photos as Files; or the status and message of why it was refused, with
 * the form's intent when it came before the refusal (the forms put it first).
 */
export async function readPhotoForm(request: Request): Promise<PhotoFormRead> {
  const length = Number(request.headers.get('Content-Length'))
  if (length > BODY_MAX_BYTES) return { status: 413, error: TOO_LARGE, intent: null }
  let parts = 0
  let intent: string | null = null
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (++parts > MAX_PARTS) throw new RefusedPart(`Send at most ${PHOTOS_PER_PERSON} photos`)
    if (filename === undefined) {
      const bytes = await readBytes(data, FIELD_MAX_BYTES, () => new RefusedPart('A form field is too long'))
      const text = new TextDecoder().decode(bytes)
      if (name === 'intent') intent = text
      return text
    }
    // a file input left empty, or a file in a field that takes none: read past it
    if (!filename || !PHOTO_FIELDS.includes(name)) {
      for await (const _chunk of data) void _chunk
      return undefined
    }
    const bytes = await readBytes(data, PHOTO_MAX_BYTES, () => new MaxPartSizeExceededError(name, PHOTO_MAX_BYTES))
    const type = contentType || 'application/octet-stream'
    return new File([bytes], filename, { type })
  }
  try {
    return { form: await unstable_parseMultipartFormData(request, handler) }
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { status: 413, error: TOO_LARGE, intent }
    if (error instanceof RefusedPart) return { status: 413, error: error.message, intent }
    return { status: 400, error: 'The upload was cut off or is not a form. Try again.', intent }
  }
}
