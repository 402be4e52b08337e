import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import { paths } from '#contract/paths'
import type { RecordingSummary, StatusKpi } from '#contract/speech'
import { args, run } from '#tests/fixtures/remix'
import { AUDITOR_RECORDINGS } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSpeechMocks } from '#tests/mocks/speech'
import { loader } from './index'

const OVERVIEW = '/demo-portal/capabilities/speech-recognition'

type Settled<T> = { value: T | null; error: string | null }
type Body = {
  kpi: Settled<StatusKpi>
  recent: Settled<Paged<RecordingSummary>>
  names: { languages: Record<string, string>; domains: Record<string, string> }
}

async function load(who: DemoKey = 'auditor') {
  return run<Body>(async () => loader(args(await requestWithTokens(OVERVIEW, tokensFor(who)))))
}

beforeEach(() => resetSpeechMocks())

describe('speech recognition overview loader', () => {
  it("loads the user's counts by status and their five latest recordings", async () => {
    const result = await load()
    expect(result.status).toBe(200)
    const kpi = result.body.kpi.value!
    expect(kpi.total).toBe(AUDITOR_RECORDINGS)
    expect(kpi.results.map((r) => [r.status, r.count])).toEqual([
      ['pending', 0],
      ['in_queue', 0],
      ['started', 1],
      ['completed', 13],
      ['failed', 1],
    ])
    expect(kpi.results.find((r) => r.status === 'completed')?.percentage).toBe(86.7)
    const recent = result.body.recent.value!
    expect(recent.count).toBe(AUDITOR_RECORDINGS)
    expect(recent.results.map((r) => r.file_name)).toEqual([
      'silence.wav',
      'card-activation.mp3',
      'billing-dispute.wav',
      'call-731.wav',
      'call-730.wav',
    ])
    expect(result.body.names.languages.en).toBe('English')
  })

  it('shows what it can when a part fails: the list says why', async () => {
    server.use(http.get(UPSTREAM + paths.uploadRecording, () => errorReply(500, 'Database unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.recent).toEqual({ value: null, error: 'Database unavailable' })
    expect(result.body.kpi.value?.total).toBe(AUDITOR_RECORDINGS)
  })

  it('a user with no recordings gets zeros', async () => {
    const result = await load('visitor')
    expect(result.body.kpi.value?.total).toBe(0)
    expect(result.body.kpi.value?.results.every((r) => r.percentage === 0)).toBe(true)
    expect(result.body.recent.value?.results).toEqual([])
  })
})
