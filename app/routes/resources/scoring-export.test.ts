import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { UPSTREAM, errorReply, mockState, server } from '#tests/mocks/handlers'
import { loader } from './scoring-export'

const EXPORT = '/resources/scoring-export'

async function download(search: string, tokens = tokensFor('supervisor')) {
  return run<string>(async () => loader(args(await requestWithTokens(`${EXPORT}${search}`, tokens))))
}

const sent = () => Object.fromEntries(scoringState.exports[0]!.searchParams)

beforeEach(() => resetScoringMocks())

describe('agent scoring CSV export', () => {
  it("streams the API's CSV of the bucket with the list's filters and order, without its page", async () => {
    const response = await download(
      '?bucket=pending&channel=call&needs_attention=true&confidence_max=0.5&ordering=-created_at&page=2',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="agent-scoring-pending-2026-03-20.csv"',
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(sent()).toEqual({
      bucket: 'pending',
      channel: 'call',
      needs_attention: 'true',
      confidence_max: '0.5',
      ordering: '-created_at',
    })
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toMatch(/^item_id,created_at,channel,bucket/)
  })

  it('leaves out invalid filters, as the list does', async () => {
    await download('?bucket=everything&agent_id=21&date_from=soon')
    expect(sent()).toEqual({ agent_id: '21', ordering: 'needs_human' })
  })

  it('exports an agent’s own items only', async () => {
    const response = await download('?bucket=ai_rejected', tokensFor('agent'))
    const lines = response.body.trim().split('\r\n')
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['3031'])
  })

  it('refreshes an expired access token once and retries', async () => {
    const response = await download('?bucket=pending', { access: 'expired', refresh: 'refresh.supervisor' })
    expect(response.status).toBe(200)
    expect(mockState.refreshCalls).toBe(1)
    expect(scoringState.exports).toHaveLength(1)
  })

  it('answers with the API message when the export fails', async () => {
    server.use(http.get(UPSTREAM + endpoints.exportScoringItems.path, () => errorReply(500, 'Database unavailable')))
    const response = await download('?bucket=pending')
    expect(response.status).toBe(502)
    expect(response.body).toBe('Database unavailable')
  })
})
