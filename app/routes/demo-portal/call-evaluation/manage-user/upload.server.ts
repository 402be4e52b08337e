import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { USER_UPLOAD_MAX_BYTES } from '#contract/limits'
import type { UploadOutcome } from '~/components/users/user-upload.schema'
import { createUpstream } from '~/services/upstream.server'
import { uploadUsers, userFailure } from '~/services/users.server'

const TOO_BIG = `The file is larger than ${USER_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`
// the file, the intent, and nothing much else
const MAX_PARTS = 4

class TooManyParts extends Error {}

/** Reads the posted CSV into memory, never more than the API would take (5 MB), before anything else. */
async function readUpload(request: Request): Promise<File | { status: number; error: string }> {
  const length = Number(request.headers.get('Content-Length'))
  // the form's other parts and the multipart framing take a few hundred bytes
  if (length > USER_UPLOAD_MAX_BYTES + 16 * 1024) return { status: 413, error: TOO_BIG }
  const memory = unstable_createMemoryUploadHandler({
    maxPartSize: USER_UPLOAD_MAX_BYTES,
    filter: ({ name }) => name === 'file' || name === 'intent',
  })
  let parts = 0
  const handler: UploadHandler = (part) => {
    if (++parts > MAX_PARTS) throw new TooManyParts()
    return memory(part)
  }
  try {
    const form = await unstable_parseMultipartFormData(request, handler)
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return { status: 400, error: 'Choose a CSV file to upload.' }
    return file
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { status: 413, error: TOO_BIG }
    if (error instanceof TooManyParts) return { status: 413, error: 'Send one CSV file.' }
    return { status: 400, error: 'Choose a CSV file to upload.' }
  }
}

/** The list's upload action: the file on to `user-upload/`, and its per-row report back to the page. */
export async function uploadAction(request: Request) {
  const file = await readUpload(request)
  if (!(file instanceof File)) {
    return data<{ upload: UploadOutcome }>({ upload: { error: file.error } }, { status: file.status })
  }
  const api = await createUpstream(request)
  try {
    const report = await uploadUsers(api, file)
    return data<{ upload: UploadOutcome }>(
      { upload: { report, fileName: file.name.slice(0, 120) } },
      { headers: api.headers },
    )
  } catch (thrown) {
    const { status, message } = await userFailure(thrown)
    return data<{ upload: UploadOutcome }>({ upload: { error: message } }, { status, headers: api.headers })
  }
}
