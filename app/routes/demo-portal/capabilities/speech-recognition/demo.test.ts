import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RecordingDetail } from '#contract/speech'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { heardSegments, multipartRequest, SPEECH_IDS, toastOf, wavFile } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSpeechMocks, speechState } from '#tests/mocks/speech'
import { action, loader } from './demo'

const DEMO = '/demo-portal/capabilities/speech-recognition/demo'
const at = (id: number, extra = '') => `${DEMO}?recording_id=${id}${extra}`

type Body = {
  page: 'upload' | 'recording'
  upload: {
    languages: { value: string; label: string }[]
    domains: unknown[]
    accept: string
    lookupsFailed: boolean
    engine: { name: string | null; message: string | null } | null
  }
  recording: {
    detail: Omit<RecordingDetail, 'audio_url'>
    audioSrc: string | null
    variant: string
    editing: string | null
    names: { language: string; domain: string | null }
  }
}
type Reply = { intent: string; result: { status?: string; error?: Record<string, string[] | null> } }

async function load(url: string, who: DemoKey = 'auditor') {
  return run<Body>(async () => loader(args(await requestWithTokens(url, tokensFor(who)))))
}

async function post(url: string, fields: Record<string, string>, who: DemoKey = 'auditor') {
  const request = await requestWithTokens(url, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run<Reply>(() => action(args(request)))
}

const transcriptFields = (id: number, texts: string[]) => ({
  intent: 'update-transcript',
  recording_id: String(id),
  ...Object.fromEntries(
    texts.flatMap((text, i) => [
      [`segments[${i}].speaker`, heardSegments[i].speaker],
      [`segments[${i}].text`, text],
    ]),
  ),
})

beforeEach(() => resetSpeechMocks())

describe('speech demo loader', () => {
  it('offers the upload form with the languages the engine has and the domains to pick from', async () => {
    const result = await load(DEMO)
    expect(result.status).toBe(200)
    expect(result.body.page).toBe('upload')
    // the lookups also name Spanish, which the default engine (English only) cannot transcribe
    expect(result.body.upload.languages).toEqual([{ value: 'en', label: 'English' }])
    expect(result.body.upload.engine).toEqual({ name: 'pocketsphinx (en-us)', message: null })
    expect(result.body.upload.domains).toHaveLength(3)
    expect(result.body.upload.accept).toContain('.wav')
    expect(result.body.upload.lookupsFailed).toBe(false)
  })

  it('offers every language a multilingual engine has, and says when there is no engine', async () => {
    speechState.engine = { engine: 'whisper.cpp (ggml-base.bin)', codes: ['en', 'es'], message: null }
    expect((await load(DEMO)).body.upload.languages.map((l) => l.value)).toEqual(['en', 'es'])
    speechState.engine = { engine: null, codes: [], message: 'No speech recognition engine is available.' }
    const none = await load(DEMO)
    expect(none.body.upload.languages).toEqual([])
    expect(none.body.upload.engine).toEqual({ name: null, message: 'No speech recognition engine is available.' })
  })

  it('still shows the form, and says so, when a lookup fails', async () => {
    server.use(http.get(UPSTREAM + paths.lookupDomain, () => errorReply(500, 'Lookups are down')))
    const result = await load(DEMO)
    expect(result.body.upload.domains).toEqual([])
    expect(result.body.upload.lookupsFailed).toBe(true)
  })

  it("shows a completed recording with its audio through the portal's proxy and the lookups' names", async () => {
    const result = await load(at(SPEECH_IDS.completed))
    const { recording } = result.body
    expect(recording.detail.status).toBe('completed')
    expect(recording.detail.segments).toHaveLength(6)
    expect(recording.detail).not.toHaveProperty('audio_url')
    expect(recording.audioSrc).toMatch(
      new RegExp(`^/resources/call-audio/${SPEECH_IDS.completed}\\?expires=\\d+&uid=3&sig=`),
    )
    expect(recording.names).toEqual({ language: 'English', domain: 'Banking' })
    expect(recording.variant).toBe('redacted')
    expect(recording.editing).toBeNull()
    // auditors do not get the engine's unredacted words
    expect(recording.detail.unredacted_segments).toBeNull()
  })

  it('reads the view and the edit form from the URL', async () => {
    const result = await load(at(SPEECH_IDS.completed, '&view=unredacted&edit=summary'))
    expect(result.body.recording.variant).toBe('unredacted')
    expect(result.body.recording.editing).toBe('summary')
    const odd = await load(at(SPEECH_IDS.completed, '&view=raw&edit=everything'))
    expect(odd.body.recording.variant).toBe('redacted')
    expect(odd.body.recording.editing).toBeNull()
  })

  it("gives a QA supervisor an auditor's recording with the unredacted transcript", async () => {
    const result = await load(at(SPEECH_IDS.completed), 'supervisor')
    expect(result.body.recording.detail.unredacted_segments?.[3].text).toContain('4111 1111 1111 1111')
    expect(result.body.recording.detail.segments[3].text).toContain('[CARD_NUMBER]')
  })

  it('follows an upload from pending to completed, one step per load', async () => {
    const upload = await run(async () =>
      action(args(await multipartRequest(DEMO, { language: 'en', domain: 'banking', file: wavFile() }))),
    )
    const id = Number(new URL(upload.headers.get('Location')!, 'http://x').searchParams.get('recording_id'))
    const seen: string[] = []
    for (let i = 0; i < 4; i++) seen.push((await load(at(id))).body.recording.detail.status)
    expect(seen).toEqual(['in_queue', 'started', 'completed', 'completed'])
  })

  it("answers 404 'Recording not found' for an unknown, someone else's or a malformed id", async () => {
    for (const url of [at(999_999), at(SPEECH_IDS.supervisors), `${DEMO}?recording_id=abc`, `${DEMO}?recording_id=`]) {
      const result = await load(url)
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
      expect(result.body).toBe('Recording not found')
    }
  })

  it("passes the API's failure on to the error boundary", async () => {
    server.use(http.get(UPSTREAM + paths.recordingStatus, () => errorReply(500, 'Database unavailable')))
    const result = await load(at(SPEECH_IDS.completed))
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
    expect(result.body).toBe('Database unavailable')
  })

  it('sends a visitor without a session to sign in', async () => {
    const result = await run(async () => loader(args(await requestWithTokens(DEMO, null))))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})

describe('speech demo upload without JavaScript', () => {
  it('sends the file and fields on as multipart and goes to the recording with a toast', async () => {
    let received: { type: string | null; fields: Record<string, unknown> } | null = null
    server.use(
      http.post(UPSTREAM + paths.uploadRecording, async ({ request }) => {
        const type = request.headers.get('Content-Type')
        const form = await request.clone().formData()
        received = { type, fields: Object.fromEntries(form) }
      }),
    )
    speechState.engine = { engine: 'whisper.cpp (ggml-base.bin)', codes: ['en', 'es'], message: null }
    const request = await multipartRequest(DEMO, { language: 'es', domain: 'telecom', file: wavFile('mi llamada.wav') })
    const result = await run(() => action(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${DEMO}?recording_id=900`)
    expect(await toastOf(result.headers)).toMatchObject({
      message: 'Recording uploaded: transcription queued',
      type: 'success',
    })
    expect(received!.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(received!.fields.language).toBe('es')
    expect(received!.fields.domain).toBe('telecom')
    expect(speechState.uploads).toEqual([
      { language: 'es', domain: 'telecom', fileName: 'mi llamada.wav', size: wavFile().size },
    ])
  })

  it('answers 400 with field errors, and calls no API, when the form is incomplete', async () => {
    server.use(http.post(UPSTREAM + paths.uploadRecording, () => HttpResponse.error()))
    const empty = new File([], '', { type: 'application/octet-stream' })
    const result = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { language: '', domain: 'banking', file: empty }))),
    )
    expect(result.status).toBe(400)
    expect(result.body.intent).toBe('upload')
    expect(result.body.result.error).toMatchObject({
      language: ['Choose a language'],
      file: ['Choose a recording to upload'],
    })
  })

  it('shows the API refusing a language its engine does not have, on the language field', async () => {
    const result = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { language: 'es', domain: 'banking', file: wavFile() }))),
    )
    expect(result.status).toBe(400)
    expect(result.body.result.error?.language).toEqual(['pocketsphinx (en-us) cannot transcribe this language'])
    expect(speechState.uploads).toEqual([])
  })

  it("shows the API's refusal of a file that is not audio, on the file field", async () => {
    const text = new File(['just some text'], 'notes.wav', { type: 'audio/wav' })
    const result = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { language: 'en', domain: 'banking', file: text }))),
    )
    expect(result.status).toBe(415)
    expect(result.body.result.error?.['']).toEqual([
      'This is not a recording we can read: upload WAV, MP3, M4A, OGG, FLAC or WebM audio',
    ])
    expect(result.body.result.error?.file).toEqual(['Not a supported audio file'])
  })

  it('refuses a body larger than a recording may be before reading it', async () => {
    const request = await multipartRequest(DEMO, { language: 'en', domain: 'banking', file: wavFile() }, 'auditor', {
      'Content-Length': String(300 * 1024 * 1024),
    })
    const result = await run<Reply>(() => action(args(request)))
    expect(result.status).toBe(413)
    expect(result.body.result.error?.file).toEqual(['The recording is larger than 200 MB'])
    expect(speechState.uploads).toEqual([])
  })

  it('sends a post without a session to sign in before reading the file', async () => {
    const request = await multipartRequest(DEMO, { language: 'en', domain: 'banking', file: wavFile() }, null)
    const result = await run(() => action(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
    expect(speechState.uploads).toEqual([])
  })
})

describe('speech demo edits', () => {
  const texts = heardSegments.map((s) => s.text)

  it('saves the transcript, for the recording in the URL, and comes back with a toast', async () => {
    const edited = texts.map((t, i) => (i === 0 ? 'Thanks for calling Acme Bank.' : t))
    const result = await post(at(SPEECH_IDS.completed, '&edit=transcript'), {
      ...transcriptFields(SPEECH_IDS.completed, edited),
      recording_id: '12345',
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(at(SPEECH_IDS.completed))
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Transcript updated successfully' })
    expect(speechState.transcriptEdits).toHaveLength(1)
    expect(speechState.transcriptEdits[0].recording_id).toBe(SPEECH_IDS.completed)
    expect(speechState.transcriptEdits[0].segments[0]).toEqual({
      speaker: 'agent',
      text: 'Thanks for calling Acme Bank.',
    })
  })

  it("says 'Update Transcript Error' with the reason when the API refuses or fails", async () => {
    const refused = await post(at(SPEECH_IDS.completed), transcriptFields(SPEECH_IDS.completed, texts.slice(0, 2)))
    expect(refused.status).toBe(400)
    expect(refused.body.result.error?.['']).toEqual(['Update Transcript Error', 'Send all 6 lines of the transcript'])

    server.use(http.put(UPSTREAM + paths.updateTranscription, () => errorReply(500, 'Database unavailable')))
    const failed = await post(at(SPEECH_IDS.completed), transcriptFields(SPEECH_IDS.completed, texts))
    expect(failed.status).toBe(502)
    expect(failed.body.result.error?.['']).toEqual(['Update Transcript Error', 'Database unavailable'])
  })

  it("checks the lines with the contract's rules before calling the API", async () => {
    server.use(http.put(UPSTREAM + paths.updateTranscription, () => HttpResponse.error()))
    const long = texts.map((t, i) => (i === 1 ? 'x'.repeat(5001) : t))
    const result = await post(at(SPEECH_IDS.completed), transcriptFields(SPEECH_IDS.completed, long))
    expect(result.status).toBe(400)
    expect(result.body.result.error?.['segments[1].text']).toEqual(['A line can hold at most 5,000 characters'])
    expect(result.body.result.error?.['']).toEqual(['Update Transcript Error'])
  })

  it('saves the summary and comes back with a toast', async () => {
    const result = await post(at(SPEECH_IDS.completed, '&edit=summary'), {
      intent: 'update-summary',
      recording_id: String(SPEECH_IDS.completed),
      summary: '  Duplicate charge refunded.  ',
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(at(SPEECH_IDS.completed))
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Summary updated successfully' })
    expect(speechState.summaryEdits).toEqual([
      { recording_id: SPEECH_IDS.completed, summary: 'Duplicate charge refunded.' },
    ])
  })

  it("says 'Summary Not Updated' when the summary is refused (4xx)", async () => {
    const empty = await post(at(SPEECH_IDS.completed), { intent: 'update-summary', summary: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.result.error?.summary).toEqual(['The summary cannot be empty'])
    expect(empty.body.result.error?.['']).toEqual(['Summary Not Updated'])

    const notYet = await post(at(SPEECH_IDS.started), { intent: 'update-summary', summary: 'Too early' })
    expect(notYet.status).toBe(409)
    expect(notYet.body.result.error?.['']).toEqual([
      'Summary Not Updated',
      'The summary can be edited once it is completed',
    ])

    const other = await post(
      at(SPEECH_IDS.supervisors),
      { intent: 'update-summary', summary: 'Not mine' },
      'supervisor',
    )
    expect(other.status).toBe(302)
    const notTheirs = await post(
      at(SPEECH_IDS.completed),
      { intent: 'update-summary', summary: 'Not mine' },
      'supervisor',
    )
    expect(notTheirs.status).toBe(403)
    expect(notTheirs.body.result.error?.['']?.[0]).toBe('Summary Not Updated')
  })

  it("says 'Update Sumamry Error' when the API fails (5xx) or cannot be reached", async () => {
    server.use(http.put(UPSTREAM + paths.updateSummary, () => errorReply(500, 'Database unavailable')))
    const failed = await post(at(SPEECH_IDS.completed), { intent: 'update-summary', summary: 'New summary' })
    expect(failed.status).toBe(502)
    expect(failed.body.result.error?.['']).toEqual(['Update Sumamry Error', 'Database unavailable'])

    server.use(http.put(UPSTREAM + paths.updateSummary, () => HttpResponse.error()))
    const down = await post(at(SPEECH_IDS.completed), { intent: 'update-summary', summary: 'New summary' })
    expect(down.status).toBe(503)
    expect(down.body.result.error?.['']?.[0]).toBe('Update Sumamry Error')
  })

  it('answers 400 to an unknown intent', async () => {
    const result = await post(at(SPEECH_IDS.completed), { intent: 'explode' })
    expect(result.status).toBe(400)
  })
})
