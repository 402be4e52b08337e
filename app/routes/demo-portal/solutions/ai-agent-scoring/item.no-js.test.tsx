import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { correctionField } from '~/components/agent-scoring/format'
import { messageAnchor } from '~/components/agent-scoring/message-thread'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import ScoringItemPage, { loader } from './item'

const ROOT = '/demo-portal/solutions/ai-agent-scoring'

/** An item's page as the server sends it to `who`, from the loader's real answer (no JavaScript). */
async function page(bucket: string, id: number, who: DemoKey = 'supervisor') {
  const url = `${ROOT}/${bucket}/${id}`
  const result = await run(async () =>
    loader(args(await requestWithTokens(url, tokensFor(who)), { type: bucket, subtype: String(id) })),
  )
  expect(result.status).toBe(200)
  return serverHtml({
    url,
    path: 'solutions/ai-agent-scoring/:type/:subtype',
    Component: ScoringItemPage,
    data: result.body,
    user: userFixture(who),
  })
}

beforeEach(() => resetScoringMocks())

describe('a scored interaction without JavaScript', () => {
  it('gives a supervisor one plain form: each criterion’s right answer, reason and comment, then accept or reject', async () => {
    const item = scoringState.items.find((i) => i.item_id === SCORING_IDS.lowConfidence)!
    const { document, screen } = await page('ai_reviewed', item.item_id)
    const decide = [...document.querySelectorAll('form')].find((f) =>
      f.querySelector('input[name="intent"][value="decide"]'),
    )!
    expect(decide.getAttribute('method')).toBe('post')
    expect(decide.querySelector('input[name="version"]')?.getAttribute('value')).toBe(String(item.version))
    for (const c of item.criteria) {
      expect(decide.querySelector(`select[name="${correctionField(c.question_id, 'value')}"]`)).not.toBeNull()
      expect(decide.querySelector(`select[name="${correctionField(c.question_id, 'reason')}"]`)).not.toBeNull()
      expect(decide.querySelector(`input[name="${correctionField(c.question_id, 'comment')}"]`)).not.toBeNull()
    }
    const buttons = [...decide.querySelectorAll('button[type="submit"]')].map((b) => [
      b.getAttribute('name'),
      b.getAttribute('value'),
    ])
    expect(buttons).toEqual([
      ['decision', 'accept'],
      ['decision', 'reject'],
    ])
    // the criteria by name, each with the AI's verdict and its confidence
    for (const c of item.criteria) expect(screen.getByRole('region', { name: c.question })).toBeTruthy()
    expect(screen.getAllByText(/needs a human/).length).toBeGreaterThan(0)
  })

  it('links each chat quote to its message, marked in the thread', async () => {
    const item = scoringState.items.find((i) => i.item_id === SCORING_IDS.lowConfidence)!
    const quote = item.criteria.flatMap((c) => c.evidence)[0]!
    const { document } = await page('ai_reviewed', item.item_id)
    const link = document.querySelector(`a[href="#${messageAnchor(quote.turn)}"]`)
    expect(link?.textContent).toContain(quote.quote)
    const message = document.getElementById(messageAnchor(quote.turn))
    expect(message?.textContent).toContain('(quoted as evidence)')
  })

  it('says nothing was said where a criterion has no quote, and “Quote not found” only for a quote that is not in the conversation', async () => {
    const item = scoringState.items.find((i) => i.criteria.some((c) => !c.evidence.length && c.ai_value === 'no'))!
    const none = item.criteria.find((c) => !c.evidence.length)!
    expect(none.evidence_check).toBe('unverified') // as the API marks an answer with no quote
    const { screen } = await page(item.bucket, item.item_id)
    const region = within(screen.getByRole('region', { name: none.question }))
    expect(region.getByText('No quote: nothing to that effect was said')).toBeTruthy()
    expect(region.queryByText('Quote not found')).toBeNull()

    const low = scoringState.items.find((i) => i.item_id === SCORING_IDS.lowConfidence)!
    const unfound = low.criteria.find((c) => c.evidence_check === 'unverified' && c.evidence.length)!
    const lowPage = await page('ai_reviewed', low.item_id)
    const unfoundRegion = within(lowPage.screen.getByRole('region', { name: unfound.question }))
    expect(unfoundRegion.getByText('Quote not found')).toBeTruthy()
    expect(unfoundRegion.queryByText(/No quote/)).toBeNull()
  })

  it('shows an auditor the results and the audit trail, with nothing to decide or claim', async () => {
    const { document, screen } = await page('ai_reviewed', SCORING_IDS.lowConfidence, 'auditor')
    expect(document.querySelector('input[name="intent"]')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeTruthy()
  })

  it('lets a supervisor claim an item someone else has not', async () => {
    const { document } = await page('ai_reviewed', SCORING_IDS.lowConfidence)
    expect(document.querySelector('input[name="intent"][value="claim"]')).not.toBeNull()
    const lena = await page('ai_reviewed', SCORING_IDS.claimedByLena)
    expect(lena.screen.getByText(/Claimed by/).textContent).toContain('Lena Fischer')
  })
})
