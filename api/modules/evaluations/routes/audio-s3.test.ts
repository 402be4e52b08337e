import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeWav } from '#api/engines/speech/wav'
import { envelope } from '#contract/envelope'
import { signedAudio } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { uploadRecordingResult } from '#contract/speech'
import { lookups, recordings } from '#api/db/schema'
import { startS3rver, type TestS3 } from '#api/lib/test-s3'
import { createUser, multipartBody, setupTestApp, testQueue, tokensFor, type TestApp } from '#api/test-utils'
import { eq } from 'drizzle-orm'

// The signed audio link on the S3 store (ARCHITECTURE §9): a recording uploaded through the speech
// route is streamed into the bucket, then served whole and by byte range from it.

let s3: TestS3
let t: TestApp
let auth: { authorization: string }

/** One second of a 440 Hz tone as a canonical WAV (8 kHz mono 16-bit): 16,044 bytes. */
function toneWav() {
  const rate = 8000
  const tone = Float32Array.from({ length: rate }, (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / rate))
  return Buffer.from(encodeWav(tone, rate))
}
const wav = toneWav()

beforeAll(async () => {
  s3 = await startS3rver()
  // WORKERS=0: the upload is queued for transcription, which no one here runs
  t = await setupTestApp({}, { blobs: s3.store('portal'), queue: testQueue(0) })
  await t.db.insert(lookups).values([
    { kind: 'language', code: 'en', name: 'English', sortOrder: 0 },
    { kind: 'domain', code: 'banking', name: 'Banking', sortOrder: 0 },
  ])
  auth = (await tokensFor(t, await createUser(t, { role: 'agent' }))).auth
}, 60_000)
afterAll(async () => {
  await t?.close()
  await s3?.close()
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

describe('a recording on the S3 store, behind its signed link', () => {
  let recordingId: number
  let url: string

  beforeAll(async () => {
    const body = multipartBody(
      { language: 'en', domain: 'banking' },
      { name: 'tone.wav', bytes: wav, type: 'audio/wav' },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: paths.uploadRecording,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    recordingId = envelope(uploadRecordingResult).parse(res.json()).data.recording_id
    const key = await get(`${paths.loadFileAndKid}?recording_id=${recordingId}`, auth)
    expect(key.statusCode, key.body).toBe(200)
    const link = await get(
      `${paths.sendKeyAuthorizedUser}?recording_id=${recordingId}&kid=${key.json().data.kid}`,
      auth,
    )
    expect(link.statusCode, link.body).toBe(200)
    url = signedAudio.parse(link.json().data).url
  })

  it('is stored in the bucket under the prefix, as uploaded', async () => {
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, recordingId))
    expect(row.blobKey).toMatch(/^uploads\//)
    expect(row.sizeBytes).toBe(wav.length)
    expect(await s3.store().size(`portal/${row.blobKey}`)).toBe(wav.length)
  })

  it('serves the whole file with 200', async () => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/wav')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['content-length']).toBe(String(wav.length))
    expect(res.rawPayload.equals(wav)).toBe(true)
  })

  it('serves byte ranges with 206, Content-Range and exactly those bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-43', 0, 43],
      ['bytes=1000-1999', 1000, 1999],
      [`bytes=${wav.length - 1}-`, wav.length - 1, wav.length - 1],
      ['bytes=-100', wav.length - 100, wav.length - 1],
    ]
    for (const [range, start, end] of cases) {
      const res = await get(url, { range })
      expect(res.statusCode, range).toBe(206)
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${wav.length}`)
      expect(res.headers['content-length'], range).toBe(String(end - start + 1))
      expect(res.rawPayload.equals(wav.subarray(start, end + 1)), range).toBe(true)
    }
    expect((await get(url, { range: 'bytes=0-43' })).rawPayload.subarray(0, 4).toString()).toBe('RIFF')
  })

  it('416 past the end, and 404 once the object is gone from the bucket', async () => {
    const past = await get(url, { range: `bytes=${wav.length}-` })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`)
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, recordingId))
    await t.blobs.remove(row.blobKey!)
    const gone = await get(url)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe('The audio file is missing')
  })
})
