import type { Db } from '../../db/client'
import type { Actor } from '../../auth/access'
import { headerDuration, MAX_SECONDS, sniffAudio, tooLongMessage } from '../../engines/speech'
import type { Queue } from '../../jobs/queue'
import type { BlobStore } from '../../lib/blob-store'
import { HttpError } from '../../lib/http-error'
import { storedFile, type ReceivedFile } from '../../lib/upload'
import { requestTranscription } from './job'
import { createUpload } from './store'

/** Whether these first bytes are audio the speech engine reads (wav, mp3, m4a, ogg, flac, webm). */
export const isAudio = (head: Buffer) => sniffAudio(head) !== null

/**
 * An uploaded audio file (already in the blob store) becomes a recording of `user`, queued for
 * transcription. Refused: an empty file (400), what is not audio (415), a recording longer than
 * the engine takes (422, read from its header before any decoding). The caller removes the blob
 * when this throws.
 */
export async function acceptAudio(
  deps: { db: Db; blobs: BlobStore; queue: Queue },
  user: Actor,
  file: ReceivedFile & { blobKey: string },
  labels: { language: string; domain: string | null },
) {
  if (file.size === 0) throw new HttpError(400, 'The file is empty', { file: ['The file is empty'] })
  const type = sniffAudio(file.head)
  if (!type) {
    throw new HttpError(415, 'This is not a recording we can read: upload WAV, MP3, M4A, OGG, FLAC or WebM audio', {
      file: ['Not a supported audio file'],
    })
  }
  // a 10-hour file is refused now, not after the job has decoded two hours of it
  const length = await headerDuration(storedFile(deps.blobs, file.blobKey, file.size), type.ext)
  if (length !== null && length > MAX_SECONDS) {
    const message = tooLongMessage(length, MAX_SECONDS)
    throw new HttpError(422, message, { file: [message] })
  }
  const row = await createUpload(deps.db, user, {
    blobKey: file.blobKey,
    mimeType: type.mime,
    sizeBytes: file.size,
    fileName: file.filename,
    ...labels,
  })
  await requestTranscription(deps.queue, deps.db, row.id)
  return row.id
}
