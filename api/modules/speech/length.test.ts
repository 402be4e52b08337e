import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { lookups, recordings } from '#api/db/schema'
import { flacClaiming } from '#api/engines/speech/test-audio'
import { createUser, multipartBody, setupTestApp, testQueue, tokensFor, type TestApp } from '#api/test-utils'

/* A recording's length is read from its header at upload, so a long one is refused before any decoding (issue 13 #7). */

let t: TestApp
let headers: Record<string, string>

beforeAll(async () => {
  t = await setupTestApp({}, { queue: testQueue(1) })
  await t.db.insert(lookups).values([
    { kind: 'language', code: 'en', name: 'English', sortOrder: 0 },
    { kind: 'domain', code: 'banking', name: 'Banking', sortOrder: 0 },
  ])
  headers = { authorization: `Bearer ${(await tokensFor(t, await createUser(t, { role: 'visitor' }))).access}` }
}, 120_000)
afterAll(() => t.close())

function upload(name: string, bytes: Uint8Array) {
  const body = multipartBody({ language: 'en', domain: 'banking' }, { name, bytes, type: 'audio/flac' })
  return t.app.inject({
    method: 'POST',
    url: paths.uploadRecording,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  })
}

describe('recording length at upload', () => {
  it('refuses a FLAC whose header says 10 hours, storing nothing', async () => {
    const res = await upload('long.flac', flacClaiming(10 * 60 * 60))
    expect(res.statusCode).toBe(422)
    const message = 'Recordings can be 120 minutes at most; this one is 10 h 0 min.'
    expect(res.json()).toMatchObject({ data: null, message, errors: { file: [message] } })
    expect(await t.db.select().from(recordings)).toEqual([])
  })

  it('accepts a short one', async () => {
    const flac = readFileSync(new URL('../../engines/speech/fixtures/speech.flac', import.meta.url))
    const res = await upload('short.flac', flac)
    expect(res.statusCode, res.body).toBe(200)
  })
})
