import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { RECORDING_MAX_BYTES, uploadRecordingFields } from '#contract/speech'
import { engineLanguages } from '../../engines/speech/languages'
import type { SpeechEngineConfig } from '../../engines/speech'
import { listLookups } from '../lookups/store'
import type { Db } from '../../db/client'
import { createAudioSigner } from '../evaluations/audio-url'
import { acceptAudio } from './accept'
import { cancelTranscription } from './job'
import type { Queue } from '../../jobs/queue'
import type { BlobStore } from '../../lib/blob-store'
import { HttpError } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { readUpload } from '../../lib/upload'
import {
  deleteRecording,
  listRecordings,
  loadChangeable,
  lookupExists,
  recordingDetail,
  recordingKpi,
  recordingStatus,
  saveEditedSummary,
  saveEditedTranscript,
} from './store'

const TOO_LARGE = `The recording is larger than ${RECORDING_MAX_BYTES / 1024 / 1024} MB`

type Options = { db: Db; blobs: BlobStore | null; queue?: Queue; jwtSecret: string; speech?: SpeechEngineConfig }

/** Speech recognition (SPEC §7, /api/speech_recognition/): any signed-in user, on their own recordings. */
export const speechRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, blobs, queue, jwtSecret, speech = {} },
) => {
  const signer = createAudioSigner(jwtSecret)
  /** A recording's signed audio path for this user (none without a blob store). */
  const audioUrlFor = (userId: number) => (recordingId: number) => (blobs ? signer.sign(recordingId, userId).url : null)
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  route(app, endpoints.speechEngine, async () => {
    const [{ engine, speaks, message }, languages] = await Promise.all([
      engineLanguages(speech),
      listLookups(db, 'language'),
    ])
    return ok(
      { engine, languages: languages.filter((l) => speaks(l.code)), message },
      'Speech engine retrieved successfully',
    )
  })

  route(app, endpoints.uploadRecording, async (request) => {
    if (!blobs || !queue) throw new HttpError(503, 'Recordings cannot be stored or transcribed on this server')
    const { fields, file } = await readUpload(request, {
      maxBytes: RECORDING_MAX_BYTES,
      tooLarge: TOO_LARGE,
      store: { blobs, prefix: 'uploads' },
    })
    const removeFile = () => (file?.blobKey ? blobs.remove(file.blobKey).catch(() => {}) : undefined)
    try {
      const parsed = uploadRecordingFields.safeParse(fields)
      const errors: Record<string, string[]> = parsed.success ? {} : parsed.error.flatten().fieldErrors
      if (!file) errors.file = ['Choose a recording to upload']
      // each lookup is checked on its own, so every wrong field is reported at once
      for (const kind of ['language', 'domain'] as const) {
        const code = fields[kind]?.trim()
        if (!errors[kind] && code && !(await lookupExists(db, kind, code))) {
          errors[kind] = [kind === 'language' ? 'Unknown language' : 'Unknown domain']
        }
      }
      if (!errors.language && parsed.success) {
        const { engine, speaks } = await engineLanguages(speech)
        if (engine && !speaks(parsed.data.language)) errors.language = [`${engine} cannot transcribe this language`]
      }
      if (Object.keys(errors).length || !parsed.success || !file) {
        throw new HttpError(400, 'Check the highlighted fields', errors)
      }
      const recordingId = await acceptAudio(
        { db, blobs, queue },
        request.user,
        { ...file, blobKey: file.blobKey! },
        parsed.data,
      )
      const status = await recordingStatus(db, recordingId)
      return ok({ recording_id: recordingId, status }, 'Recording uploaded; transcription queued')
    } catch (error) {
      await removeFile()
      throw error
    }
  })

  route(app, endpoints.listRecordings, async (request) =>
    ok(await listRecordings(db, request.user, request.query), 'Recording list retrieved successfully'),
  )

  route(app, endpoints.recordingStatus, async (request) => {
    const detail = await recordingDetail(db, request.user, request.query.recording_id, audioUrlFor(request.user.id))
    return ok(detail, 'Recording status retrieved successfully')
  })

  route(app, endpoints.updateTranscription, async (request) => {
    const { recording_id: id, segments } = request.body
    const row = await loadChangeable(db, request.user, id)
    if (row.status !== 'completed') throw new HttpError(409, 'The transcript can be edited once it is completed')
    if (segments.length !== row.segments.length) {
      throw new HttpError(400, `Send all ${row.segments.length} lines of the transcript`, {
        segments: [`Expected ${row.segments.length} lines`],
      })
    }
    const edited = row.segments.map((s, i) => ({ ...s, speaker: segments[i].speaker, text: segments[i].text }))
    await saveEditedTranscript(db, row, edited)
    const detail = await recordingDetail(db, request.user, id, audioUrlFor(request.user.id))
    return ok(detail, 'Transcript updated successfully')
  })

  route(app, endpoints.updateSummary, async (request) => {
    const { recording_id: id, summary } = request.body
    const row = await loadChangeable(db, request.user, id)
    if (row.status !== 'completed') throw new HttpError(409, 'The summary can be edited once it is completed')
    await saveEditedSummary(db, row, summary)
    const detail = await recordingDetail(db, request.user, id, audioUrlFor(request.user.id))
    return ok(detail, 'Summary updated successfully')
  })

  route(app, endpoints.deleteRecording, async (request) => {
    const row = await loadChangeable(db, request.user, request.query.recording_id)
    await cancelTranscription(queue, row.jobId)
    await deleteRecording(db, row.id)
    if (row.blobKey && blobs) await blobs.remove(row.blobKey).catch(() => {})
    return ok({ recording_id: row.id }, 'Deleted record successfully!')
  })

  route(app, endpoints.uploadRecordingKpi, async (request) =>
    ok(await recordingKpi(db, request.user), 'Recording KPIs retrieved successfully'),
  )
}
