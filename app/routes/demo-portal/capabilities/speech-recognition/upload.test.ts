import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest, toastOf, wavFile } from '#tests/fixtures/speech'
import { requestWithTokens } from '#tests/fixtures/tokens'
import { resetSpeechMocks, speechState } from '#tests/mocks/speech'
import { action, loader } from './upload'

const UPLOAD = '/demo-portal/capabilities/speech-recognition/demo/upload'
const DEMO = '/demo-portal/capabilities/speech-recognition/demo'

type Reply = { location?: string; reload?: boolean; result?: { error?: Record<string, string[] | null> } }

beforeEach(() => resetSpeechMocks())

describe('the upload route the demo form posts to with JavaScript', () => {
  it("answers JSON with the recording's page, and sets the toast that page shows", async () => {
    const request = await multipartRequest(UPLOAD, { language: 'en', domain: 'healthcare', file: wavFile('visit.wav') })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(200)
    expect(result.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(result.body).toEqual({ location: `${DEMO}?recording_id=900` })
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Recording uploaded: transcription queued' })
    expect(speechState.uploads[0]).toMatchObject({ fileName: 'visit.wav', domain: 'healthcare' })
  })

  it("answers the form's errors as conform's result, with the status", async () => {
    const request = await multipartRequest(UPLOAD, { language: 'en', domain: 'astrology', file: wavFile() })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(400)
    expect(result.body.result?.error).toMatchObject({
      '': ['Check the highlighted fields'],
      domain: ['Unknown domain'],
    })
  })

  it('turns the sign-in redirect into JSON for the page to follow', async () => {
    const request = await multipartRequest(UPLOAD, { language: 'en', domain: 'banking', file: wavFile() }, null)
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(401)
    expect(result.body).toEqual({ location: `/login?redirectTo=${encodeURIComponent(DEMO)}`, reload: true })
    expect(speechState.uploads).toEqual([])
  })

  it('passes on the cookies of a session the API ended', async () => {
    const form = await multipartRequest(UPLOAD, { language: 'en', domain: 'banking', file: wavFile() }, null)
    const request = await requestWithTokens(
      UPLOAD,
      { access: 'access.nobody', refresh: 'refresh.nobody' },
      {
        method: 'POST',
        body: await form.arrayBuffer(),
        headers: { 'Content-Type': form.headers.get('Content-Type')! },
      },
    )
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(401)
    expect(result.body.location).toMatch(/^\/login/)
    expect(result.headers.getSetCookie().filter((c) => /^(access|refresh)_token_demo=;/.test(c))).toHaveLength(2)
  })

  it('sends a GET to the demo page', async () => {
    const result = await run(async () => loader())
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(DEMO)
  })
})
