// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { renderPortalPage } from '#tests/fixtures/portal-page'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks } from '#tests/mocks/agent-scoring'
import ScoringBucketPage, { loader } from './bucket'

const SCORING = '/demo-portal/solutions/ai-agent-scoring'

/** The queue under the portal layout with its real loader (msw behind it). */
function renderBucket(url: string, who: DemoKey = 'supervisor') {
  renderPortalPage({ url, path: 'solutions/ai-agent-scoring/:type', Component: ScoringBucketPage, loader, who })
}

beforeEach(() => resetScoringMocks())

describe('scoring queue page', () => {
  it('lists the AI reviewed items, the least confident first, marked for a human, with who claimed them', async () => {
    renderBucket(`${SCORING}/ai_reviewed`)
    expect(await screen.findByRole('heading', { level: 1, name: 'AI reviewed' })).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'AI reviewed interactions' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(rows[0]).toHaveTextContent('InteractionAgentTemplateAI scoreConfidenceClaimed by')
    expect(rows[1]).toHaveTextContent('Card paused after an unusual payment')
    expect(rows[1]).toHaveTextContent('42%Needs a human')
    expect(within(rows[1]!).getByRole('link', { name: 'Card paused after an unusual payment' })).toHaveAttribute(
      'href',
      `${SCORING}/ai_reviewed/${SCORING_IDS.lowConfidence}`,
    )
    const claimed = within(table).getByRole('row', { name: /Change of address/ })
    expect(claimed).toHaveTextContent('Sam Supervisor')
    // one of its quotes was repaired: not every quote verified
    expect(claimed).not.toHaveTextContent('All verified')
    expect(within(table).getAllByText('All verified').length).toBeGreaterThan(0)
    expect(screen.getByText('12 interactions · page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${SCORING}/ai_reviewed?page=2`)
  })

  it('shows how long each pending item has waited and why one needs attention', async () => {
    renderBucket(`${SCORING}/pending`)
    const table = await screen.findByRole('table', { name: 'Pending interactions' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Interaction', 'Agent', 'Template', 'Scoring', 'Claimed by', 'Waiting'])
    const failed = within(table).getByRole('row', { name: /Call: appointment change/ })
    expect(failed).toHaveTextContent('Needs attentionScoring failed: The recording could not be transcribed')
    expect(failed).toHaveTextContent('3 d')
    const queued = within(table).getByRole('row', { name: /Card declined at the supermarket/ })
    expect(queued).toHaveTextContent('In Queue')
    expect(queued).toHaveTextContent('5 min')
    expect(within(table).getByRole('row', { name: /one word/ })).toHaveTextContent(
      'Not scorable: too few words to score',
    )
  })

  it('filters and sorts through the URL, and the export takes the same query', async () => {
    renderBucket(`${SCORING}/ai_rejected`)
    const user = userEvent.setup()
    const form = await screen.findByRole('search', { name: 'Filter the queue' })
    expect(form).toHaveAttribute('method', 'get')
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Channel' }), 'email')
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Sort by' }), '-created_at')
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))
    await screen.findByText('1 interaction')
    const table = screen.getByRole('table', { name: 'AI rejected interactions' })
    expect(within(table).getByRole('link', { name: 'Overdue balance, three payments offered' })).toHaveAttribute(
      'href',
      `${SCORING}/ai_rejected/${SCORING_IDS.rejectedEmail}`,
    )
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/resources/scoring-export?bucket=ai_rejected&channel=email&ordering=-created_at',
    )
    expect(screen.getByRole('link', { name: 'Clear' })).toHaveAttribute('href', `${SCORING}/ai_rejected`)
  })

  it('gives an agent their own items, without an agent picker', async () => {
    renderBucket(`${SCORING}/ai_accepted`, 'agent')
    const table = await screen.findByRole('table', { name: 'AI accepted interactions' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getByRole('row', { name: /Card declined abroad/ })).toHaveTextContent('Sam Supervisor')
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull()
  })

  it('says so when nothing matches', async () => {
    renderBucket(`${SCORING}/ai_accepted?channel=email&date_from=2026-03-01`)
    expect(await screen.findByText('No interactions match these filters.')).toBeInTheDocument()
  })
})
