import { execFileSync } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { envelope } from '#contract/envelope'
import { paths } from '#contract/paths'
import { recordingDetail, recordingList, speechEngine, statusKpi, uploadRecordingResult } from '#contract/speech'
import { lookups, recordings } from '#api/db/schema'
import { parseEnv } from '#api/env'
import { startQueue } from '#api/jobs/queue'
import { registerJobs } from '#api/register-jobs'
import { TRANSCRIBE_RECORDING } from '#api/modules/speech/job'
import { createUser, multipartBody, setupTestApp, testQueue, tokensFor, type TestApp } from '#api/test-utils'

/*
 * Real audio through the real job: a two-voice call spoken by espeak-ng (CI installs it, and
 * pocketsphinx to hear it). The words the engine hears vary; what the tests assert does not: the
 * statuses, speakers, the redacted card number, the stored and deleted audio.
 */

const AGENT = 'Thank you for calling Acme Bank, my name is Sam. How can I help you today?'
const CUSTOMER =
  'Hello, I lost my card yesterday. The number is four one one one one one one one one one one one one one one one.'

/** espeak-ng's WAV (22,050 Hz mono 16-bit) of one voice. */
function speak(text: string, voice: string) {
  return execFileSync('espeak-ng', ['-v', voice, '-s', '150', '--stdout', text], { maxBuffer: 64 * 1024 * 1024 })
}

/** The PCM data of a canonical WAV, and its format header. */
function pcmOf(wav: Buffer) {
  let offset = 12
  let fmt: Buffer | null = null
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    let size = wav.readUInt32LE(offset + 4)
    if (id === 'data' && (size === 0 || size === 0xffffffff || offset + 8 + size > wav.length))
      size = wav.length - offset - 8
    if (id === 'fmt ') fmt = wav.subarray(offset + 8, offset + 8 + size)
    if (id === 'data') return { fmt: fmt!, data: wav.subarray(offset + 8, offset + 8 + size) }
    offset += 8 + size + (size % 2)
  }
  throw new Error('no data chunk')
}

/** The two turns with a pause between, as one mono WAV. */
function conversation() {
  const a = pcmOf(speak(AGENT, 'en-us+m3'))
  const b = pcmOf(speak(CUSTOMER, 'en-gb+f3'))
  const rate = a.fmt.readUInt32LE(4)
  const pause = Buffer.alloc(Math.round(rate * 0.8) * 2)
  const data = Buffer.concat([a.data, pause, b.data])
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const multipart = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) =>
  multipartBody(fields, file && { ...file, type: 'audio/wav' })

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function seedLookups(t: TestApp) {
  await t.db.insert(lookups).values([
    { kind: 'language', code: 'en', name: 'English', sortOrder: 0 },
    { kind: 'language', code: 'fr', name: 'French', sortOrder: 1 },
    { kind: 'domain', code: 'banking', name: 'Banking', sortOrder: 0 },
  ])
}

let t: TestApp
let wav: Buffer
const as: Record<'owner' | 'other' | 'supervisor', Record<string, string>> = { owner: {}, other: {}, supervisor: {} }

beforeAll(async () => {
  wav = conversation()
  t = await setupTestApp({}, { queue: testQueue(1) })
  await seedLookups(t)
  for (const [key, role] of [
    ['owner', 'visitor'],
    ['other', 'visitor'],
    ['supervisor', 'qa_supervisor'],
  ] as const) {
    as[key] = { authorization: `Bearer ${(await tokensFor(t, await createUser(t, { role }))).access}` }
  }
}, 120_000)
afterAll(() => t.close())

async function get<T extends z.ZodTypeAny>(schema: T, url: string, headers = as.owner) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}

function upload(
  app: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const body = multipart(fields, file)
  return app.app.inject({
    method: 'POST',
    url: paths.uploadRecording,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  })
}

const detailOf = (id: number, headers = as.owner) =>
  get(recordingDetail, `${paths.recordingStatus}?recording_id=${id}`, headers)

describe('a recording from upload to transcript', () => {
  let id: number

  it('queues an upload, then transcribes, labels, redacts and summarises it', async () => {
    const res = await upload(t, as.owner, { language: 'en', domain: 'banking' }, { name: 'lost card.wav', bytes: wav })
    expect(res.statusCode, res.body).toBe(200)
    const made = envelope(uploadRecordingResult).parse(res.json()).data
    expect(['in_queue', 'started']).toContain(made.status)
    id = made.recording_id

    const done = await until(async () => {
      const d = await detailOf(id)
      return (d.status === 'completed' || d.status === 'failed') && d
    })
    expect(done.failure_reason).toBeNull()
    expect(done.status).toBe('completed')
    expect(done).toMatchObject({ file_name: 'lost card.wav', language: 'en', domain: 'banking', channels: 1 })
    expect(done.duration_s).toBeGreaterThan(5)
    expect(done.segments.length).toBeGreaterThan(0)
    expect(new Set(done.segments.map((s) => s.speaker)).size).toBe(2)
    expect(done.extracted_text).toMatch(/^(Agent|Customer): /)
    expect(done.summary.length).toBeGreaterThan(0)
    expect(done.engine).toBeTruthy()
    // the visitor never sees the words before redaction
    expect(done.unredacted_segments).toBeNull()
    expect(done.audio_url).toMatch(/^\/api\/call_evaluation\/recording-audio\/\d+\/\?/)
    const audio = await t.app.inject({ url: done.audio_url!, headers: { range: 'bytes=0-43' } })
    expect(audio.statusCode).toBe(206)
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF')
  })

  it('shows a QA supervisor the transcript before redaction, and hides it from other visitors', async () => {
    const seen = await detailOf(id, as.supervisor)
    expect(seen.unredacted_segments?.length).toBe(seen.segments.length)
    const other = await t.app.inject({ url: `${paths.recordingStatus}?recording_id=${id}`, headers: as.other })
    expect(other.statusCode).toBe(404)
  })

  it('saves an edited transcript and summary, keeping the originals', async () => {
    const before = await detailOf(id)
    const lines = before.segments.map((s, i) => ({
      speaker: s.speaker,
      text: i === 0 ? 'Thank you for calling Acme Bank.' : s.text,
    }))
    const wrong = await t.app.inject({
      method: 'PUT',
      url: paths.updateTranscription,
      headers: as.owner,
      payload: { recording_id: id, segments: lines.slice(1).length ? lines.slice(1) : [...lines, ...lines] },
    })
    expect(wrong.statusCode).toBe(400)
    const saved = await t.app.inject({
      method: 'PUT',
      url: paths.updateTranscription,
      headers: as.owner,
      payload: { recording_id: id, segments: lines },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const edited = envelope(recordingDetail).parse(saved.json()).data
    expect(edited.segments[0].text).toBe('Thank you for calling Acme Bank.')
    expect(edited.segments[0].start).toBe(before.segments[0].start)
    expect(edited.original_segments).toEqual(before.segments)
    expect(edited.transcript_edited_at).not.toBeNull()

    const summary = await t.app.inject({
      method: 'PUT',
      url: paths.updateSummary,
      headers: as.owner,
      payload: { recording_id: id, summary: 'Lost card reported; card blocked.' },
    })
    expect(summary.statusCode).toBe(200)
    const after = envelope(recordingDetail).parse(summary.json()).data
    expect(after).toMatchObject({ summary: 'Lost card reported; card blocked.', original_summary: before.summary })
    const empty = await t.app.inject({
      method: 'PUT',
      url: paths.updateSummary,
      headers: as.owner,
      payload: { recording_id: id, summary: '  ' },
    })
    expect(empty.statusCode).toBe(400)
    const notTheirs = await t.app.inject({
      method: 'PUT',
      url: paths.updateSummary,
      headers: as.other,
      payload: { recording_id: id, summary: 'Mine now' },
    })
    expect(notTheirs.statusCode).toBe(404)
    const supervisor = await t.app.inject({
      method: 'PUT',
      url: paths.updateSummary,
      headers: as.supervisor,
      payload: { recording_id: id, summary: 'Overseen' },
    })
    expect(supervisor.statusCode).toBe(403)
  })

  it('lists, searches and counts the user’s recordings', async () => {
    const list = await get(recordingList, `${paths.uploadRecording}?q=lost`)
    expect(list.results.map((r) => r.recording_id)).toEqual([id])
    expect((await get(recordingList, `${paths.uploadRecording}?status=failed`)).count).toBe(0)
    expect((await get(recordingList, paths.uploadRecording, as.other)).count).toBe(0)
    const kpi = await get(statusKpi, paths.uploadRecordingKpi)
    expect(kpi.total).toBe(1)
    expect(kpi.results.find((r) => r.status === 'completed')).toMatchObject({ count: 1, percentage: 100 })
  })

  it('deletes the recording and its audio', async () => {
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, id))
    expect(await t.blobs.size(row.blobKey!)).toBeGreaterThan(0)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${paths.updateTranscription}?recording_id=${id}`,
      headers: as.owner,
    })
    expect(del.statusCode).toBe(200)
    expect(del.json().message).toBe('Deleted record successfully!')
    expect(await t.blobs.size(row.blobKey!)).toBeNull()
    expect(
      (await t.app.inject({ url: `${paths.recordingStatus}?recording_id=${id}`, headers: as.owner })).statusCode,
    ).toBe(404)
  })
})

describe('bad uploads', () => {
  it('refuses a renamed program, a missing file and unknown lookups, storing nothing', async () => {
    const exe = await upload(
      t,
      as.other,
      { language: 'en', domain: 'banking' },
      { name: 'call.wav', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000)]) },
    )
    expect(exe.statusCode).toBe(415)
    expect(exe.json().errors).toHaveProperty('file')
    const none = await upload(t, as.other, { language: 'en', domain: 'banking' })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors.file).toBeDefined()
    const lookupsWrong = await upload(t, as.other, { language: 'xx', domain: '' }, { name: 'a.wav', bytes: wav })
    expect(lookupsWrong.statusCode).toBe(400)
    expect(Object.keys(lookupsWrong.json().errors).sort()).toEqual(['domain', 'language'])
    const json = await t.app.inject({
      method: 'POST',
      url: paths.uploadRecording,
      headers: as.other,
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(415)
    expect((await get(recordingList, paths.uploadRecording, as.other)).count).toBe(0)
    expect(await t.db.select().from(recordings)).toEqual([])
  })

  it('offers only the languages the engine has, names the engine, and refuses the others', async () => {
    // the default engine is Debian's pocketsphinx, whose only model is English
    const engine = await get(speechEngine, paths.speechEngine, as.other)
    expect(engine).toEqual({
      engine: 'pocketsphinx (en-us)',
      languages: [{ id: expect.any(Number), code: 'en', name: 'English' }],
      message: null,
    })
    const french = await upload(t, as.other, { language: 'fr', domain: 'banking' }, { name: 'a.wav', bytes: wav })
    expect(french.statusCode).toBe(400)
    expect(french.json().errors).toEqual({ language: ['pocketsphinx (en-us) cannot transcribe this language'] })
    expect(await t.db.select().from(recordings)).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: paths.speechEngine })).statusCode).toBe(401)
  })

  it('fails a corrupt recording with the reason, without retrying', async () => {
    const corrupt = Buffer.concat([wav.subarray(0, 44), Buffer.from('this is not audio at all '.repeat(4))])
    // a header that says 100 bytes (so it passes the length check at upload), of an unknown sample format
    corrupt.writeUInt32LE(corrupt.length - 44, 40)
    corrupt.writeUInt16LE(7, 20)
    const res = await upload(t, as.other, { language: 'en', domain: 'banking' }, { name: 'broken.wav', bytes: corrupt })
    expect(res.statusCode, res.body).toBe(200)
    const id = envelope(uploadRecordingResult).parse(res.json()).data.recording_id
    const failed = await until(async () => {
      const d = await detailOf(id, as.other)
      return d.status === 'failed' && d
    })
    expect(failed.failure_reason).toBeTruthy()
    expect(failed.failure_reason).not.toMatch(/^Transcription failed/)
  })
})

describe('durable jobs', () => {
  it('cancels the job of a recording deleted while it waits', async () => {
    const idle = await setupTestApp({}, { queue: testQueue(0) })
    try {
      await seedLookups(idle)
      const headers = { authorization: `Bearer ${(await tokensFor(idle, await createUser(idle))).access}` }
      const res = await upload(idle, headers, { language: 'en', domain: 'banking' }, { name: 'a.wav', bytes: wav })
      const id = envelope(uploadRecordingResult).parse(res.json()).data.recording_id
      const [row] = await idle.db.select().from(recordings).where(eq(recordings.id, id))
      expect(row.status).toBe('in_queue')
      const del = await idle.app.inject({
        method: 'DELETE',
        url: `${paths.updateTranscription}?recording_id=${id}`,
        headers,
      })
      expect(del.statusCode).toBe(200)
      const job = await idle.queue!.boss.getJobById(TRANSCRIBE_RECORDING, row.jobId!)
      expect(job?.state).toBe('cancelled')
      expect(await idle.blobs.size(row.blobKey!)).toBeNull()
    } finally {
      await idle.close()
    }
  })

  it('finishes a queued transcription after the API restarts', async () => {
    const first = await setupTestApp({}, { queue: testQueue(0) })
    await seedLookups(first)
    const headers = { authorization: `Bearer ${(await tokensFor(first, await createUser(first))).access}` }
    const res = await upload(first, headers, { language: 'en', domain: 'banking' }, { name: 'a.wav', bytes: wav })
    const { recording_id: id, status } = envelope(uploadRecordingResult).parse(res.json()).data
    expect(status).toBe('in_queue')
    await first.app.close()
    await first.queue!.stop()
    const again = await startQueue(first.database, { workers: 1, log: { info() {}, error() {} } })
    try {
      await registerJobs(
        again,
        first.database,
        parseEnv({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }),
        first.blobs,
      )
      const done = await until(async () => {
        const [r] = await first.db.select().from(recordings).where(eq(recordings.id, id))
        return (r.status === 'completed' || r.status === 'failed') && r
      })
      expect(done.failureReason).toBeNull()
      expect(done.segments.length).toBeGreaterThan(0)
    } finally {
      await again.stop()
      await first.database.close()
    }
  })
})
