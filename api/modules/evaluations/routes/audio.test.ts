import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audioKey, signedAudio } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { recordings, users } from '#api/db/schema'
import { makeEvaluation } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import { createAudioSigner } from '#api/modules/evaluations/audio-url'
import { testEnv, type TestApp } from '#api/test-utils'

let t: TestApp
let as: Record<Who, Person>
let withAudio: number
let withoutAudio: number
let kid: string
const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))

const get = (url: string, who?: Who, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? as[who].auth : {}), ...headers } })

async function signedUrl(who: Who = 'agent', recordingId = withAudio) {
  const key = await get(`${paths.loadFileAndKid}?recording_id=${recordingId}`, who)
  expect(key.statusCode, key.body).toBe(200)
  const res = await get(`${paths.sendKeyAuthorizedUser}?recording_id=${recordingId}&kid=${key.json().data.kid}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return signedAudio.parse(res.json().data).url
}

beforeAll(async () => {
  const world = await setupEvaluationWorld()
  ;({ t, as } = world)
  const make = async () =>
    makeEvaluation(t.db, world.basics, { agentId: as.agent.id, templateVersionId: world.versionId })
  const first = await make()
  withAudio = first.recordingId
  await t.blobs.put('recordings/test/call.mp3', audio)
  const [row] = await t.db
    .update(recordings)
    .set({ blobKey: 'recordings/test/call.mp3', mimeType: 'audio/mpeg', sizeBytes: audio.length })
    .where(eq(recordings.id, withAudio))
    .returning()
  kid = row.kid
  withoutAudio = (await make()).recordingId
})
afterAll(() => t.close())

describe('GET load_file_and_kid/', () => {
  it("returns the recording's key id and type", async () => {
    const res = await get(`${paths.loadFileAndKid}?recording_id=${withAudio}`, 'auditor')
    expect(res.statusCode).toBe(200)
    expect(audioKey.parse(res.json().data)).toEqual({ recording_id: withAudio, kid, mime_type: 'audio/mpeg' })
  })

  it('404 without audio, for an unknown recording or another agent’s call, 400 malformed, 401 without token', async () => {
    const none = await get(`${paths.loadFileAndKid}?recording_id=${withoutAudio}`, 'auditor')
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe('This recording has no audio')
    expect((await get(`${paths.loadFileAndKid}?recording_id=99999`, 'auditor')).statusCode).toBe(404)
    expect((await get(`${paths.loadFileAndKid}?recording_id=${withAudio}`, 'agent2')).statusCode).toBe(404)
    expect((await get(`${paths.loadFileAndKid}?recording_id=${withAudio}`, 'agent')).statusCode).toBe(200)
    expect((await get(`${paths.loadFileAndKid}?recording_id=${withAudio}`, 'visitor')).statusCode).toBe(200)
    expect((await get(`${paths.loadFileAndKid}?recording_id=abc`, 'auditor')).statusCode).toBe(400)
    expect((await get(`${paths.loadFileAndKid}?recording_id=${withAudio}`)).statusCode).toBe(401)
  })
})

describe('GET send-key-authorized-user/', () => {
  it('signs a link for this user that expires in 15 minutes', async () => {
    const before = Date.now()
    const res = await get(`${paths.sendKeyAuthorizedUser}?recording_id=${withAudio}&kid=${kid}`, 'auditor')
    expect(res.statusCode).toBe(200)
    const { url, expires_at } = signedAudio.parse(res.json().data)
    expect(url.startsWith(`${paths.recordingAudio(withAudio)}?expires=`)).toBe(true)
    expect(new URL(url, 'http://x').searchParams.get('uid')).toBe(String(as.auditor.id))
    const ttl = Date.parse(expires_at) - before
    expect(ttl).toBeGreaterThan(14 * 60_000)
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000)
  })

  it('404 for a key that is not the recording’s or another agent’s call, 400 for a malformed one', async () => {
    const wrong = await get(
      `${paths.sendKeyAuthorizedUser}?recording_id=${withAudio}&kid=00000000-0000-4000-8000-000000000000`,
      'auditor',
    )
    expect(wrong.statusCode).toBe(404)
    expect((await get(`${paths.sendKeyAuthorizedUser}?recording_id=${withAudio}&kid=nope`, 'auditor')).statusCode).toBe(
      400,
    )
    expect(
      (await get(`${paths.sendKeyAuthorizedUser}?recording_id=${withAudio}&kid=${kid}`, 'agent2')).statusCode,
    ).toBe(404)
  })
})

describe('GET recording-audio/:id/ (the signed link)', () => {
  it('serves the whole file without a Range, with no bearer token', async () => {
    const res = await get(await signedUrl())
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['content-length']).toBe('1000')
    expect(res.headers['cache-control']).toMatch(/^private/)
    expect(res.rawPayload.equals(audio)).toBe(true)
  })

  it('serves byte ranges with 206: a-b, a- and the suffix -n', async () => {
    const url = await signedUrl()
    const ranged = async (range: string) => get(url, undefined, { range })
    const middle = await ranged('bytes=100-199')
    expect(middle.statusCode).toBe(206)
    expect(middle.headers['content-range']).toBe('bytes 100-199/1000')
    expect(middle.headers['content-length']).toBe('100')
    expect(middle.rawPayload.equals(audio.subarray(100, 200))).toBe(true)

    const open = await ranged('bytes=990-')
    expect(open.statusCode).toBe(206)
    expect(open.headers['content-range']).toBe('bytes 990-999/1000')
    expect(open.rawPayload.equals(audio.subarray(990))).toBe(true)

    const suffix = await ranged('bytes=-10')
    expect(suffix.statusCode).toBe(206)
    expect(suffix.headers['content-range']).toBe('bytes 990-999/1000')
    expect(suffix.headers['content-length']).toBe('10')
    expect(suffix.rawPayload.equals(audio.subarray(990))).toBe(true)

    const first = await ranged('bytes=0-0')
    expect(first.statusCode).toBe(206)
    expect(first.rawPayload).toHaveLength(1)
  })

  it('416 with the size for a range past the end', async () => {
    const res = await get(await signedUrl(), undefined, { range: 'bytes=1000-1100' })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe('bytes */1000')
  })

  it('403 for an expired, tampered or foreign link; the message says so', async () => {
    const url = new URL(await signedUrl(), 'http://x')
    const tamper = (key: string, value: string) => {
      const copy = new URL(url)
      copy.searchParams.set(key, value)
      return `${copy.pathname}${copy.search}`
    }
    const sig = url.searchParams.get('sig')!
    const cases = [
      tamper('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)),
      tamper('sig', 'not-hex'),
      tamper('uid', String(as.auditor.id)),
      tamper('expires', String(Number(url.searchParams.get('expires')) + 60)),
      // expired: a link signed in the past verifies as expired whatever its signature
      tamper('expires', String(Math.floor(Date.now() / 1000) - 1)),
      `${paths.recordingAudio(withoutAudio)}${url.search}`,
      paths.recordingAudio(withAudio),
    ]
    for (const link of cases) {
      const res = await get(link)
      expect(res.statusCode, link).toBe(403)
      expect(res.json().message).toBe('This audio link is invalid or has expired.')
    }
  })

  it('refuses a genuine link once it has expired', async () => {
    const url = await signedUrl()
    const realNow = Date.now
    Date.now = () => realNow() + 16 * 60_000
    try {
      expect((await get(url)).statusCode).toBe(403)
    } finally {
      Date.now = realNow
    }
    expect((await get(url)).statusCode).toBe(200)
  })

  it("dies with the user's account", async () => {
    const url = await signedUrl('visitor')
    expect((await get(url)).statusCode).toBe(200)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, as.visitor.id))
    expect((await get(url)).statusCode).toBe(403)
  })

  it('404 when the file is gone from the store', async () => {
    const url = await signedUrl('auditor')
    await t.blobs.remove('recordings/test/call.mp3')
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    await t.blobs.put('recordings/test/call.mp3', audio)
  })
})

describe('a recording uploaded through the speech demo (issue 13, finding 1)', () => {
  let uploaded: number
  let uploadKid: string
  beforeAll(async () => {
    const [row] = await t.db
      .insert(recordings)
      .values({
        source: 'upload',
        uploadedBy: as.agent.id,
        fileName: 'private.mp3',
        blobKey: 'recordings/test/call.mp3',
        mimeType: 'audio/mpeg',
        sizeBytes: audio.length,
      })
      .returning()
    uploaded = row.id
    uploadKid = row.kid
  })

  it('is heard by its uploader, admins and QA supervisors', async () => {
    for (const who of ['agent', 'admin', 'supervisor'] as const)
      expect(await signedUrl(who, uploaded)).toContain('sig=')
  })

  it('is 404 to every other signed-in user, at each step: key, signed link', async () => {
    for (const who of ['auditor', 'auditor2', 'agent2'] as const) {
      expect((await get(`${paths.loadFileAndKid}?recording_id=${uploaded}`, who)).statusCode).toBe(404)
      const link = await get(`${paths.sendKeyAuthorizedUser}?recording_id=${uploaded}&kid=${uploadKid}`, who)
      expect(link.statusCode).toBe(404)
    }
  })

  it('refuses a signed link made for someone the rule does not admit', async () => {
    const forged = createAudioSigner(testEnv.jwtSecret).sign(uploaded, as.auditor2.id).url
    const res = await get(forged)
    expect(res.statusCode).toBe(403)
    expect((await get(await signedUrl('agent', uploaded))).statusCode).toBe(200)
  })
})
