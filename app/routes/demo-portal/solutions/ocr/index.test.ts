import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import type { DocumentKpi, DocumentSummary } from '#contract/ocr'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetOcrMocks } from '#tests/mocks/ocr'
import { loader } from './index'

const OVERVIEW = '/demo-portal/solutions/ocr'

type Settled<T> = { value: T | null; error: string | null }
type Body = { kpi: Settled<DocumentKpi>; recent: Settled<Paged<DocumentSummary>> }

async function load(who: DemoKey = 'auditor') {
  return run<Body>(async () => loader(args(await requestWithTokens(OVERVIEW, tokensFor(who)))))
}

beforeEach(() => resetOcrMocks())

describe('document OCR overview loader', () => {
  it("loads the user's counts by bucket and their five latest documents, both at once", async () => {
    const started: string[] = []
    let inFlight = 0
    let overlapped = false
    server.events.on('request:start', ({ request }) => {
      started.push(new URL(request.url).pathname)
      if (++inFlight > 1) overlapped = true
    })
    server.events.on('request:end', () => inFlight--)
    const result = await load()
    server.events.removeAllListeners()
    expect(result.status).toBe(200)
    expect(started.sort()).toEqual([paths.uploadDocument, paths.uploadDocumentKpi].sort())
    expect(overlapped).toBe(true)
    const kpi = result.body.kpi.value!
    expect(kpi.total).toBe(14)
    expect(kpi.results.map((r) => [r.bucket, r.count])).toEqual([
      ['scanned', 12],
      ['pending', 1],
      ['total_failed', 1],
    ])
    expect(result.body.recent.value?.results.map((d) => d.file_name)).toEqual([
      'receipt.webp',
      'invoice-2044.png',
      'id-card.jpg',
      'claim-form.pdf',
      'blurry.jpg',
    ])
  })

  it('shows what it can when a part fails: the list says why', async () => {
    server.use(http.get(UPSTREAM + paths.uploadDocument, () => errorReply(500, 'Database unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.recent).toEqual({ value: null, error: 'Database unavailable' })
    expect(result.body.kpi.value?.total).toBe(14)
  })

  it('a user without documents gets zeros', async () => {
    const result = await load('visitor')
    expect(result.body.kpi.value?.total).toBe(0)
    expect(result.body.recent.value?.results).toEqual([])
  })

  it('sends a visitor without a session to sign in', async () => {
    const result = await run(async () => loader(args(await requestWithTokens(OVERVIEW, null))))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})
