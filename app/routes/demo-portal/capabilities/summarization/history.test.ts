import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import { paths } from '#contract/paths'
import type { SummaryItem, SummaryListQuery } from '#contract/summarization'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks, summarizationState } from '#tests/mocks/summarization'
import { getToast } from '~/sessions.server'
import { action, loader } from './history'

const HISTORY = '/demo-portal/capabilities/summarization/past_history'
const params = { type: 'past_history' }

type Body = {
  query: SummaryListQuery
  values: Record<string, string>
  errors: Record<string, string[]>
  page: Paged<SummaryItem> | null
  error: string | null
  typeOptions: { value: string; label: string }[]
  confirm: { summary_id: number; source: string; summary_type_label: string } | null
}

async function load(search = '', key: DemoKey = 'visitor', type = 'past_history') {
  const request = await requestWithTokens(`${HISTORY}${search}`, tokensFor(key))
  return run<Body>(() => loader(args(request, { type })))
}

async function post(fields: Record<string, string>, key: DemoKey = 'visitor') {
  const request = await requestWithTokens(HISTORY, tokensFor(key), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run(() => action(args(request, params)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  const request = new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } })
  return (await getToast(request)).toast
}

function recordListCalls() {
  const seen: URLSearchParams[] = []
  server.use(
    http.get(UPSTREAM + paths.summarize, ({ request }) => {
      seen.push(new URL(request.url).searchParams)
    }),
  )
  return seen
}

beforeEach(() => resetSummarizationMocks())

describe('past summaries loader', () => {
  it("lists the user's summaries, ten a page, newest first, with the types to filter by", async () => {
    const { status, body } = await load()
    expect(status).toBe(200)
    expect(body.error).toBeNull()
    expect(body.page?.count).toBe(13)
    expect(body.page?.total_pages).toBe(2)
    expect(body.page?.results).toHaveLength(10)
    expect(body.page?.results[0].summary_id).toBe(113)
    expect(body.typeOptions.map((o) => o.label)).toEqual([
      'Brief',
      'Detailed',
      'Bullet points',
      'Action items',
      'Call notes',
    ])
    expect(body.confirm).toBeNull()
  })

  it('forwards the search, the filters and the page to the API', async () => {
    const seen = recordListCalls()
    const { body } = await load('?q=%20lost%20card%20&status=completed&summary_type=bullet_points&page=1')
    expect(Object.fromEntries(seen[0])).toEqual({
      page: '1',
      page_size: '10',
      q: 'lost card',
      status: 'completed',
      summary_type: 'bullet_points',
    })
    expect(body.values).toMatchObject({ q: ' lost card ', status: 'completed' })
    for (const s of body.page!.results) expect(s).toMatchObject({ status: 'completed', summary_type: 'bullet_points' })
  })

  it('leaves out empty fields', async () => {
    const seen = recordListCalls()
    await load('?q=&status=&summary_type=')
    expect(Object.fromEntries(seen[0])).toEqual({ page: '1', page_size: '10' })
  })

  it('reports a bad filter and still lists with the others', async () => {
    const seen = recordListCalls()
    const { status, body } = await load('?status=lost&summary_type=brief')
    expect(status).toBe(200)
    expect(body.errors.status?.[0]).toMatch(/Invalid enum value/)
    expect(Object.fromEntries(seen[0])).toEqual({ page: '1', page_size: '10', summary_type: 'brief' })
    expect(body.page?.results.every((s) => s.summary_type === 'brief')).toBe(true)
  })

  it('keeps the filters and says the list failed when the API fails', async () => {
    server.use(http.get(UPSTREAM + paths.summarize, () => errorReply(500, 'Database unavailable')))
    const { status, body } = await load('?status=failed')
    expect(status).toBe(200)
    expect(body.page).toBeNull()
    expect(body.error).toBe('Database unavailable')
    expect(body.values.status).toBe('failed')
  })

  it('carries the summary to confirm a delete of (the no-JavaScript step)', async () => {
    const { body } = await load('?confirm-delete=104')
    expect(body.confirm).toEqual({ summary_id: 104, source: 'card-lost.pdf', summary_type_label: 'Detailed' })
    const other = await load('?confirm-delete=104', 'agent')
    expect(other.body.confirm).toBeNull()
  })

  it('answers 404 for a list type that does not exist', async () => {
    const result = await load('', 'visitor', 'everything')
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(404)
  })
})

describe('past summaries action', () => {
  it('deletes a summary and goes back to the list as it was, with a toast', async () => {
    const redirectTo = `${HISTORY}?status=failed&page=1&confirm-delete=104`
    const result = await post({ intent: 'delete', summary_id: '104', redirectTo })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${HISTORY}?status=failed&page=1`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Deleted record successfully!', type: 'success' })
    expect(summarizationState.summaries.some((s) => s.summary_id === 104)).toBe(false)
  })

  it("says so when the summary is not there (or someone else's)", async () => {
    const result = await post({ intent: 'delete', summary_id: '104' }, 'agent')
    expect(result.headers.get('Location')).toBe(HISTORY)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Summary not found', type: 'error' })
    expect(summarizationState.summaries.some((s) => s.summary_id === 104)).toBe(true)
  })

  it('refuses a malformed form and a redirect elsewhere', async () => {
    const bad = await post({ intent: 'delete', summary_id: 'x' })
    expect(await toastOf(bad.headers)).toMatchObject({ message: 'Choose a summary to delete', type: 'error' })
    const away = await post({ intent: 'delete', summary_id: '101', redirectTo: 'https://evil.example/' })
    expect(away.headers.get('Location')).toBe(HISTORY)
    const otherPage = await post({ intent: 'delete', summary_id: '102', redirectTo: '/demo-portal' })
    expect(otherPage.headers.get('Location')).toBe(HISTORY)
  })
})
