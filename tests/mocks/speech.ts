import { endpoints } from '#contract/endpoints'
import { jobStatusLabel, type JobStatus } from '#contract/envelope'
import {
  recordingDetail,
  uploadRecordingFields,
  type RecordingDetail,
  type UpdateSummaryBody,
  type UpdateTranscriptionBody,
} from '#contract/speech'
import {
  heardSegments,
  redactedSegments,
  seedRecordings,
  summaryText,
  uploaderOf,
  audioUrlOf,
  type MockRecording,
} from '#tests/fixtures/speech'
import type { DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { mock } from './endpoint'
import { domains, languages } from './lookups'

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const speechState = {
  recordings: seedRecordings(),
  /** Uploaded through the mock: each status read moves them one step on, to completed. */
  uploaded: new Set<number>(),
  nextId: 900,
  /** The engine the API would run and the language codes it has (the API's default: pocketsphinx). */
  engine: { engine: 'pocketsphinx (en-us)' as string | null, codes: ['en'], message: null as string | null },
  uploads: [] as { language: string; domain: string; fileName: string; size: number }[],
  transcriptEdits: [] as UpdateTranscriptionBody[],
  summaryEdits: [] as UpdateSummaryBody[],
  deleted: [] as number[],
}

export function resetSpeechMocks() {
  speechState.recordings = seedRecordings()
  speechState.uploaded.clear()
  speechState.nextId = 900
  speechState.engine = { engine: 'pocketsphinx (en-us)', codes: ['en'], message: null }
  speechState.uploads = []
  speechState.transcriptEdits = []
  speechState.summaryEdits = []
  speechState.deleted = []
}

const OVERSEERS: DemoKey[] = ['admin', 'supervisor']
const NOT_FOUND = 'Recording not found'

/** Like the API: a recording its owner or an overseer may read; anyone else gets 404 (ids are guessable). */
function readable(key: DemoKey, id: number) {
  const found = speechState.recordings.find((r) => r.recording_id === id)
  return found && (found.owner === key || OVERSEERS.includes(key)) ? found : null
}

const STEPS: JobStatus[] = ['pending', 'in_queue', 'started', 'completed']

function advance(recording: MockRecording) {
  if (!speechState.uploaded.has(recording.recording_id) || recording.status === 'completed') return
  recording.status = STEPS[STEPS.indexOf(recording.status) + 1]
  if (recording.status !== 'completed') return
  Object.assign(recording, {
    segments: redactedSegments,
    heard: heardSegments,
    redaction_count: 2,
    summary: summaryText,
    engine: 'pocketsphinx',
    summary_engine: 'extractive',
    duration_s: 33.5,
    completed_at: new Date().toISOString(),
    preview: redactedSegments
      .map((s) => s.text)
      .join(' ')
      .slice(0, 160),
  })
}

const speaker = { agent: 'Agent', customer: 'Customer' } as const

function summaryOf(r: MockRecording) {
  const { owner, heard: _heard, ...rest } = r
  return { ...rest, uploaded_by: uploaderOf(owner) }
}

function detailOf(r: MockRecording, key: DemoKey): RecordingDetail {
  const completed = r.status === 'completed'
  return recordingDetail.parse({
    ...summaryOf(r),
    extracted_text: completed ? r.segments.map((s) => `${speaker[s.speaker]}: ${s.text}`).join('\n') : '',
    unredacted_segments: completed && OVERSEERS.includes(key) ? r.heard : null,
  })
}

/** A recording readable by the caller; for changes also its owner or an admin. */
function find(key: DemoKey, id: number, { change = false } = {}) {
  const recording = readable(key, id)
  if (!recording) return error(404, NOT_FOUND)
  if (change && key !== 'admin' && recording.owner !== key) {
    return error(403, 'Only the person who uploaded it or an admin can change it')
  }
  return { key, recording }
}

// The first bytes of the formats the API takes (it sniffs, it does not trust the name).
const SIGNATURES = ['RIFF', 'ID3', 'OggS', 'fLaC', '\u001aE\u00df\u00a3']
async function looksLikeAudio(file: File) {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer())
  const text = String.fromCharCode(...head)
  return (
    SIGNATURES.some((s) => text.startsWith(s)) || text.slice(4, 8) === 'ftyp' || (head[0] === 0xff && head[1] >= 0xe0)
  )
}

export const speechHandlers = [
  mock(
    endpoints.speechEngine,
    () => {
      const { engine, codes, message } = speechState.engine
      return { engine, languages: languages.filter((l) => codes.includes(l.code)), message }
    },
    'Speech engine retrieved successfully',
  ),
  mock(
    endpoints.uploadRecording,
    async ({ key, request }) => {
      const form = await request.formData().catch(() => null)
      if (!form) return error(415, 'Send the form as multipart/form-data with the file in "file"')
      const file = form.get('file')
      const fields = uploadRecordingFields.safeParse(Object.fromEntries(form))
      const errors: Record<string, string[]> = fields.success ? {} : fields.error.flatten().fieldErrors
      if (!(file instanceof File)) errors.file = ['Choose a recording to upload']
      if (fields.success) {
        const { engine, codes } = speechState.engine
        if (!languages.some((l) => l.code === fields.data.language)) errors.language = ['Unknown language']
        else if (engine && !codes.includes(fields.data.language))
          errors.language = [`${engine} cannot transcribe this language`]
        if (!domains.some((d) => d.code === fields.data.domain)) errors.domain = ['Unknown domain']
      }
      if (!fields.success || !(file instanceof File) || Object.keys(errors).length) {
        return error(400, 'Check the highlighted fields', errors)
      }
      if (file.size === 0) return error(400, 'The file is empty', { file: ['The file is empty'] })
      if (!(await looksLikeAudio(file))) {
        return error(415, 'This is not a recording we can read: upload WAV, MP3, M4A, OGG, FLAC or WebM audio', {
          file: ['Not a supported audio file'],
        })
      }
      const id = speechState.nextId++
      speechState.uploads.push({ ...fields.data, fileName: file.name, size: file.size })
      speechState.uploaded.add(id)
      speechState.recordings.push({
        recording_id: id,
        file_name: file.name,
        language: fields.data.language,
        domain: fields.data.domain,
        status: 'pending',
        failure_reason: null,
        duration_s: 0,
        size_bytes: file.size,
        created_at: new Date().toISOString(),
        completed_at: null,
        preview: '',
        extracted_text: '',
        segments: [],
        original_segments: null,
        redaction_count: 0,
        summary: '',
        original_summary: null,
        engine: null,
        summary_engine: null,
        channels: 1,
        transcript_edited_at: null,
        summary_edited_at: null,
        audio_url: audioUrlOf(id),
        owner: key,
        heard: [],
      })
      return { recording_id: id, status: 'pending' as const }
    },
    'Recording uploaded; transcription queued',
  ),

  mock(
    endpoints.listRecordings,
    ({ key, query: { page, page_size: size, q, status } }) => {
      const needle = q?.toLowerCase()
      const rows = speechState.recordings
        .filter(
          (r) =>
            r.owner === key &&
            (!status || r.status === status) &&
            (!needle ||
              [r.file_name, r.summary, ...r.segments.map((s) => s.text)].some((t) => t.toLowerCase().includes(needle))),
        )
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.recording_id - a.recording_id)
      const totalPages = Math.ceil(rows.length / size)
      return {
        count: rows.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: rows.slice((page - 1) * size, page * size).map(summaryOf),
      }
    },
    'Recording list retrieved successfully',
  ),

  mock(
    endpoints.recordingStatus,
    ({ key, query }) => {
      const found = find(key, query.recording_id)
      if (found instanceof Response) return found
      advance(found.recording)
      return detailOf(found.recording, found.key)
    },
    'Recording status retrieved successfully',
  ),

  mock(
    endpoints.updateTranscription,
    ({ key, body }) => {
      const found = find(key, body.recording_id, { change: true })
      if (found instanceof Response) return found
      const { recording } = found
      if (recording.status !== 'completed') return error(409, 'The transcript can be edited once it is completed')
      if (body.segments.length !== recording.segments.length) {
        return error(400, `Send all ${recording.segments.length} lines of the transcript`, {
          segments: [`Expected ${recording.segments.length} lines`],
        })
      }
      speechState.transcriptEdits.push(body)
      recording.original_segments ??= recording.segments
      recording.segments = recording.segments.map((s, i) => ({ ...s, ...body.segments[i] }))
      recording.transcript_edited_at = new Date().toISOString()
      return detailOf(recording, found.key)
    },
    'Transcript updated successfully',
  ),

  mock(
    endpoints.updateSummary,
    ({ key, body }) => {
      const found = find(key, body.recording_id, { change: true })
      if (found instanceof Response) return found
      const { recording } = found
      if (recording.status !== 'completed') return error(409, 'The summary can be edited once it is completed')
      speechState.summaryEdits.push(body)
      recording.original_summary ??= recording.summary
      recording.summary = body.summary
      recording.summary_edited_at = new Date().toISOString()
      return detailOf(recording, found.key)
    },
    'Summary updated successfully',
  ),

  mock(
    endpoints.deleteRecording,
    ({ key, query }) => {
      const found = find(key, query.recording_id, { change: true })
      if (found instanceof Response) return found
      const id = found.recording.recording_id
      speechState.recordings = speechState.recordings.filter((r) => r.recording_id !== id)
      speechState.deleted.push(id)
      return { recording_id: id }
    },
    'Deleted record successfully!',
  ),

  mock(
    endpoints.uploadRecordingKpi,
    ({ key }) => {
      const own = speechState.recordings.filter((r) => r.owner === key)
      const results = (Object.keys(jobStatusLabel) as JobStatus[]).map((status) => {
        const count = own.filter((r) => r.status === status).length
        const percentage = own.length ? Math.round((1000 * count) / own.length) / 10 : 0
        return { status, label: jobStatusLabel[status], count, percentage }
      })
      return { total: own.length, results }
    },
    'Recording KPIs retrieved successfully',
  ),
]
