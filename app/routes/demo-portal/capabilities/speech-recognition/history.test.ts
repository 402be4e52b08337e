import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import { paths } from '#contract/paths'
import type { RecordingListQuery, RecordingSummary } from '#contract/speech'
import { args, run } from '#tests/fixtures/remix'
import { AUDITOR_RECORDINGS, SPEECH_IDS, toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSpeechMocks, speechState } from '#tests/mocks/speech'
import { action, loader } from './history'

const HISTORY = '/demo-portal/capabilities/speech-recognition/past_history'
const params = { type: 'past_history' }

type Body = {
  query: RecordingListQuery
  values: { q: string; status: string }
  errors: Record<string, string[]>
  page: Paged<RecordingSummary> | null
  error: string | null
  confirm: { recording_id: number; file_name: string } | null
}

async function load(search = '', who: DemoKey = 'auditor', routeParams = params) {
  const request = await requestWithTokens(`${HISTORY}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request, routeParams)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'auditor') {
  const request = await requestWithTokens(HISTORY, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run(() => action(args(request, params)))
}

function recordListCalls() {
  const seen: Record<string, string>[] = []
  server.use(
    http.get(UPSTREAM + paths.uploadRecording, ({ request }) => {
      seen.push(Object.fromEntries(new URL(request.url).searchParams))
    }),
  )
  return seen
}

beforeEach(() => resetSpeechMocks())

describe('speech past history loader', () => {
  it("lists the user's recordings, ten a page, newest first", async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.page?.count).toBe(AUDITOR_RECORDINGS)
    expect(result.body.page?.total_pages).toBe(2)
    expect(result.body.page?.results).toHaveLength(10)
    expect(result.body.page?.results[0].file_name).toBe('silence.wav')
    const second = await load('?page=2')
    expect(second.body.page?.results).toHaveLength(5)
  })

  it('forwards the search, the status and the page', async () => {
    const seen = recordListCalls()
    const result = await load('?q=%20billing%20&status=completed&page=1')
    expect(seen[0]).toEqual({ page: '1', page_size: '10', q: 'billing', status: 'completed' })
    expect(result.body.page?.results.map((r) => r.recording_id)).toEqual([SPEECH_IDS.completed])
    expect(result.body.values).toEqual({ q: ' billing ', status: 'completed' })
  })

  it('reports an invalid filter and lists without it', async () => {
    const seen = recordListCalls()
    const result = await load('?status=lost&q=call-7')
    expect(result.body.errors.status?.[0]).toMatch(/Invalid enum value/)
    expect(seen[0]).toEqual({ page: '1', page_size: '10', q: 'call-7' })
    expect(result.body.page?.count).toBe(12)
  })

  it("keeps the page and says why when the list fails ('Recording List Api Error' is the page's title for it)", async () => {
    server.use(http.get(UPSTREAM + paths.uploadRecording, () => errorReply(500, 'Database unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
  })

  it('loads the recording a no-JavaScript delete asks about', async () => {
    const result = await load(`?confirm-delete=${SPEECH_IDS.failed}`)
    expect(result.body.confirm).toMatchObject({ recording_id: SPEECH_IDS.failed, file_name: 'silence.wav' })
    const unknown = await load('?confirm-delete=999999')
    expect(unknown.body.confirm).toBeNull()
  })

  it('answers 404 for any other sub-view', async () => {
    const result = await load('', 'auditor', { type: 'scanned' })
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(404)
  })
})

describe('speech past history delete', () => {
  it("deletes, returns to the list as it was and says 'Deleted record successfully!'", async () => {
    const result = await post({
      intent: 'delete',
      recording_id: String(SPEECH_IDS.failed),
      redirectTo: `${HISTORY}?q=silence&confirm-delete=${SPEECH_IDS.failed}`,
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${HISTORY}?q=silence`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Deleted record successfully!', type: 'success' })
    expect(speechState.deleted).toEqual([SPEECH_IDS.failed])
  })

  it("says 'Error deleting transcription.' with the reason when the API refuses or fails", async () => {
    const missing = await post({ intent: 'delete', recording_id: '999999' })
    expect(await toastOf(missing.headers)).toMatchObject({
      title: 'Error deleting transcription.',
      message: 'Recording not found',
      type: 'error',
    })
    server.use(http.delete(UPSTREAM + paths.updateTranscription, () => HttpResponse.error()))
    const down = await post({ intent: 'delete', recording_id: String(SPEECH_IDS.completed) })
    expect(down.headers.get('Location')).toBe(HISTORY)
    expect(await toastOf(down.headers)).toMatchObject({ title: 'Error deleting transcription.', type: 'error' })
    expect(speechState.deleted).toEqual([])
  })

  it('never redirects off the list, and refuses a post without an id', async () => {
    const away = await post({ intent: 'delete', recording_id: String(SPEECH_IDS.failed), redirectTo: '//evil.com' })
    expect(away.headers.get('Location')).toBe(HISTORY)
    const noId = await post({ intent: 'delete' })
    expect(await toastOf(noId.headers)).toMatchObject({ title: 'Error deleting transcription.', type: 'error' })
  })
})
