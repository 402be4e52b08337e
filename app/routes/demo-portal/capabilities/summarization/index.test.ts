import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import { paths } from '#contract/paths'
import type { SummaryChart, SummaryItem, SummaryKpi } from '#contract/summarization'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks } from '#tests/mocks/summarization'
import { loader } from './index'

type Part<T> = { data: T; error: null } | { data: null; error: string }
type Body = { chart: Part<SummaryChart>; kpi: Part<SummaryKpi>; recent: Part<Paged<SummaryItem>> }

const BASE = '/demo-portal/capabilities/summarization'

async function load(key: DemoKey = 'visitor') {
  const request = await requestWithTokens(BASE, tokensFor(key))
  return run<Body>(() => loader(args(request)))
}

beforeEach(() => resetSummarizationMocks())

describe('summarization overview loader', () => {
  it("loads the user's status chart, KPIs and five most recent summaries", async () => {
    const { status, body } = await load()
    expect(status).toBe(200)
    expect(body.chart.data?.is_default).toBe(false)
    expect(body.chart.data?.total).toBe(13)
    expect(body.kpi.data?.total).toBe(13)
    expect(body.kpi.data?.results.find((r) => r.status === 'completed')?.count).toBe(6)
    expect(body.recent.data?.count).toBe(13)
    expect(body.recent.data?.results.map((s) => s.summary_id)).toEqual([113, 112, 111, 110, 109])
  })

  it("gives SPEC §9's example figures, flagged as such, before the first summary", async () => {
    const { body } = await load('admin')
    expect(body.chart.data).toEqual({
      is_default: true,
      total: 0,
      results: [
        { status: 'completed', label: 'Completed', percentage: 60 },
        { status: 'started', label: 'Started', percentage: 15 },
        { status: 'in_queue', label: 'In Queue', percentage: 10 },
        { status: 'pending', label: 'Pending', percentage: 10 },
        { status: 'failed', label: 'Failed', percentage: 5 },
      ],
    })
    expect(body.recent.data?.results).toEqual([])
  })

  it('asks for the chart, the KPIs and the list at once', async () => {
    let inFlight = 0
    let most = 0
    const slow = (path: string) =>
      http.get(UPSTREAM + path, async () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, 50))
        inFlight -= 1
      })
    server.use(...[paths.summarizeChart, paths.summarizeKpi, paths.summarize].map(slow))
    await load()
    expect(most).toBe(3)
  })

  it('shows the other parts when one fails', async () => {
    server.use(http.get(UPSTREAM + paths.summarizeChart, () => errorReply(500, 'Chart is rebuilding')))
    const { status, body } = await load()
    expect(status).toBe(200)
    expect(body.chart).toEqual({ data: null, error: 'Chart is rebuilding', status: 502 })
    expect(body.kpi.data?.total).toBe(13)
  })

  it('is an error page when every part fails', async () => {
    const down = () => errorReply(503, 'Summaries are unavailable')
    server.use(
      http.get(UPSTREAM + paths.summarizeChart, down),
      http.get(UPSTREAM + paths.summarizeKpi, down),
      http.get(UPSTREAM + paths.summarize, down),
    )
    const result = await load()
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
    expect(result.body).toBe('Summaries are unavailable')
  })

  it('sends a visitor whose session is gone to the login page', async () => {
    const request = await requestWithTokens(BASE, { access: 'access.nobody', refresh: 'refresh.nobody' })
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(BASE)}`)
  })
})
