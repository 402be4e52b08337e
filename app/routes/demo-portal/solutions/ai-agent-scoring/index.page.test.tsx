// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SCORING_IDS } from '#tests/fixtures/agent-scoring'
import { renderPortalPage } from '#tests/fixtures/portal-page'
import { TEMPLATE_IDS } from '#tests/fixtures/templates'
import type { DemoKey } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import ScoringOverviewPage, { loader } from './index'

const SCORING = '/demo-portal/solutions/ai-agent-scoring'

function renderOverview(who: DemoKey = 'supervisor') {
  renderPortalPage({ url: SCORING, path: 'solutions/ai-agent-scoring', Component: ScoringOverviewPage, loader, who })
}

beforeEach(() => resetScoringMocks())

describe('AI agent scoring overview page', () => {
  it('shows each bucket’s count linking to its list, and what waits in pending', async () => {
    renderOverview()
    const kpis = await screen.findByLabelText('Interactions by bucket', { selector: 'dl' })
    expect(kpis).toHaveTextContent('Pending42 need attention · 2 in progress · oldest waiting 3 d')
    expect(kpis).toHaveTextContent('AI reviewed12')
    expect(kpis).toHaveTextContent('AI accepted3')
    expect(kpis).toHaveTextContent('AI rejected3')
    expect(
      within(kpis)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`${SCORING}/pending`, `${SCORING}/ai_reviewed`, `${SCORING}/ai_accepted`, `${SCORING}/ai_rejected`])
  })

  it('shows this month’s agreement and the criteria rejected most, linking to calibration', async () => {
    renderOverview()
    expect(await screen.findByRole('heading', { name: 'AI–supervisor agreement, March 2026' })).toBeInTheDocument()
    const agreement = screen.getByLabelText('Agreement this month', { selector: 'dl' })
    expect(agreement).toHaveTextContent('Agreement77.8%14 of 18 criteria left as the AI answered')
    expect(agreement).toHaveTextContent('Decisions5')
    const rejected = screen.getByRole('table', { name: 'Criteria rejected most' })
    const rows = within(rejected).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(rows[1]).toHaveTextContent("Did the agent verify the customer's identity?")
    expect(rows[1]).toHaveTextContent('2Wrong verdict')
    expect(within(rows[1]!).getByRole('link', { name: 'Inbound customer service' })).toHaveAttribute(
      'href',
      `${SCORING}/calibration?template_internal_id=${TEMPLATE_IDS.inbound}`,
    )
    expect(screen.getByRole('link', { name: 'Calibration' })).toHaveAttribute('href', `${SCORING}/calibration`)
    expect(screen.getByRole('link', { name: 'Score a conversation' })).toHaveAttribute('href', `${SCORING}/demo`)
  })

  it('lists the latest items, each linking to it under its bucket', async () => {
    renderOverview()
    const recent = await screen.findByRole('table', { name: 'Recent interactions' })
    expect(within(recent).getAllByRole('row')).toHaveLength(11)
    expect(within(recent).getByRole('link', { name: 'Card declined at the supermarket' })).toHaveAttribute(
      'href',
      `${SCORING}/pending/${SCORING_IDS.queuedChat}`,
    )
    expect(within(recent).getByRole('link', { name: 'Card paused after an unusual payment' })).toHaveAttribute(
      'href',
      `${SCORING}/ai_reviewed/${SCORING_IDS.lowConfidence}`,
    )
  })

  it('says plainly when no decision was made this month', async () => {
    for (const item of scoringState.items) if (item.decided_at) item.decided_at = '2026-01-15T10:00:00.000Z'
    renderOverview()
    expect(
      await screen.findByText(
        'No supervisor has accepted or rejected a scoring this month yet, so there is no agreement to measure.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Agreement this month', { selector: 'dl' })).toBeNull()
  })

  it('gives an agent their own figures, without calibration links', async () => {
    renderOverview('agent')
    const kpis = await screen.findByLabelText('Interactions by bucket', { selector: 'dl' })
    expect(kpis).toHaveTextContent('AI reviewed1')
    expect(screen.queryByRole('link', { name: 'Calibration' })).toBeNull()
    const rejected = screen.getByRole('table', { name: 'Criteria rejected most' })
    expect(within(rejected).queryByRole('link')).toBeNull()
  })
})
