import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { requestWithTokens, setCookies, tokensFor } from '#tests/fixtures/tokens'
import { exportMock } from '#tests/mocks/dashboards'
import { UPSTREAM, errorReply, mockState, server } from '#tests/mocks/handlers'
import { loader } from './evaluation-export'

const EXPORT = '/resources/evaluation-export'

async function download(search: string, tokens = tokensFor('auditor')) {
  const request = await requestWithTokens(`${EXPORT}${search}`, tokens)
  try {
    return await loader(args(request))
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

beforeEach(() => {
  exportMock.requests = []
})

describe('evaluation CSV export', () => {
  it("streams the API's CSV for the list's filters and ordering, without the page", async () => {
    const response = await download(
      '?date_from=2025-06-01&campaign_id=1&status=disputed&auto_fail=on&q=maria&ordering=-ai_score&page=3&page_size=50',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="call-evaluations-2025-06-30.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await response.text()).toContain('101,2025-06-02T09:00:00.000Z,Grace Agent')
    expect(Object.fromEntries(exportMock.requests[0].searchParams)).toEqual({
      date_from: '2025-06-01',
      campaign_id: '1',
      status: 'disputed',
      auto_fail: 'true',
      q: 'maria',
      ordering: '-ai_score',
    })
  })

  it('leaves out invalid filters, as the list does', async () => {
    await download('?date_from=yesterday&agent_id=21&score_min=500')
    expect(Object.fromEntries(exportMock.requests[0].searchParams)).toEqual({ agent_id: '21', ordering: '-call_time' })
  })

  it('refreshes an expired access token once and retries, handing back the new cookies', async () => {
    const response = await download('?agent_id=21', { access: 'expired', refresh: 'refresh.auditor' })
    expect(response.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    expect(exportMock.requests).toHaveLength(1)
    expect(setCookies(response).access_token_demo).toMatch(/^access_token_demo=/)
  })

  it('signs out to the login page when the session cannot be renewed', async () => {
    const response = await download('', { access: 'expired', refresh: 'revoked' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/login/)
  })

  it('answers with the API message when the export is refused', async () => {
    server.use(http.get(UPSTREAM + paths.evaluationExport, () => errorReply(403, 'Not allowed to export')))
    const response = await download('')
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('Not allowed to export')
  })

  it('says the API is unreachable when it does not answer', async () => {
    server.use(http.get(UPSTREAM + paths.evaluationExport, () => HttpResponse.error()))
    const response = await download('')
    expect(response.status).toBe(503)
  })
})
