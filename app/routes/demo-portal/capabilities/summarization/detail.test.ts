import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import type { SummaryDetail } from '#contract/summarization'
import { args, run } from '#tests/fixtures/remix'
import { SUMMARY_IDS } from '#tests/fixtures/summarization'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks } from '#tests/mocks/summarization'
import { loader } from './detail'

type Body = { summary: SummaryDetail | null; error: string | null }
const DETAIL = '/demo-portal/capabilities/summarization/detail'

async function load(search: string, key: DemoKey = 'visitor') {
  const request = await requestWithTokens(`${DETAIL}${search}`, tokensFor(key))
  return run<Body>(() => loader(args(request)))
}

beforeEach(() => resetSummarizationMocks())

describe('summary detail loader', () => {
  it('loads one summary with its text', async () => {
    const { status, body } = await load(`?summary_id=${SUMMARY_IDS.callNotes}`)
    expect(status).toBe(200)
    expect(body.error).toBeNull()
    expect(body.summary).toMatchObject({
      summary_id: SUMMARY_IDS.callNotes,
      status: 'completed',
      summary_type: 'call_notes',
      engine: 'extractive',
    })
    expect(body.summary?.summary).toMatch(/^Reason for contact: /)
    expect(body.summary?.text).toMatch(/^Agent: Thank you for calling/)
  })

  it('loads a summary still being made, which the page follows', async () => {
    const { body } = await load(`?summary_id=${SUMMARY_IDS.started}`)
    expect(body.summary).toMatchObject({ status: 'started', summary: '', completed_at: null })
  })

  it("says the summary was not found, with a 404, for an unknown id or someone else's", async () => {
    for (const [search, key] of [
      [`?summary_id=${SUMMARY_IDS.unknown}`, 'visitor'],
      [`?summary_id=${SUMMARY_IDS.completed}`, 'agent'],
    ] as const) {
      const { status, body } = await load(search, key)
      expect(status).toBe(404)
      expect(body).toEqual({ summary: null, error: 'Summary not found' })
    }
  })

  it('answers 404 without calling the API when the id is missing or not a number', async () => {
    let calls = 0
    server.use(
      http.get(UPSTREAM + paths.summaryStatus, () => {
        calls += 1
      }),
    )
    for (const search of ['', '?summary_id=abc', '?summary_id=-4']) {
      const { status, body } = await load(search)
      expect(status).toBe(404)
      expect(body.summary).toBeNull()
    }
    expect(calls).toBe(0)
  })

  it("keeps the server's message when the API fails", async () => {
    server.use(http.get(UPSTREAM + paths.summaryStatus, () => errorReply(500, 'Database unavailable')))
    const { status, body } = await load(`?summary_id=${SUMMARY_IDS.completed}`)
    expect(status).toBe(502)
    expect(body.error).toBe('Database unavailable')
  })
})
