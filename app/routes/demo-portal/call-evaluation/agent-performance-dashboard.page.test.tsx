import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetDashboardMocks } from '#tests/mocks/dashboards'
import { resetEvaluationMocks } from '#tests/mocks/evaluations'
import AgentPerformancePage, { loader } from './agent-performance-dashboard'

const BASE = '/demo-portal/solutions/call-evaluation/agent-performance-dashboard'

async function serverPage(search = '', key: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${BASE}${search}`, tokensFor(key))
  const { body } = await run(() => loader(args(request)))
  return serverHtml({
    url: `${BASE}${search}`,
    path: 'solutions/call-evaluation/agent-performance-dashboard',
    Component: AgentPerformancePage,
    data: body,
    user: userFixture(key),
  })
}

beforeEach(() => {
  resetDashboardMocks()
  resetEvaluationMocks()
})

describe('agent performance in the server HTML', () => {
  it("carries the agent's weekly trend and category averages against the team as tables", async () => {
    const query = '?agent_id=21&date_from=2025-06-02&date_to=2025-06-29'
    const { screen } = await serverPage(query)
    expect(screen.getByRole('heading', { level: 1, name: 'Priya Nair' })).toBeInTheDocument()
    // the charts' figures are folded, drawn when asked for (a link, without script)
    expect(screen.queryByRole('table', { name: 'Weekly trend', hidden: true })).toBeNull()
    expect(screen.getAllByRole('link', { name: 'Show them as a table', hidden: true })).toHaveLength(2)
    const trend = (await serverPage(`${query}&figures=weekly-trend`)).screen.getByRole('table', {
      name: 'Weekly trend',
    })
    expect(trend).toHaveTextContent('PeriodCallsScoreTeam')
    expect(within(trend).getAllByRole('row').length).toBeGreaterThan(4)
    const categories = (await serverPage(`${query}&figures=category-averages`)).screen.getByRole('table', {
      name: 'Per-category averages',
    })
    expect(categories).toHaveTextContent('Identity verification')
    expect(screen.getByLabelText('Figures of Priya Nair')).toHaveTextContent('Categories at or above the team')
    expect(screen.getByRole('link', { name: /^All \d+ evaluations?$/ }).getAttribute('href')).toContain('agent_id=21')
  })

  it('shows an agent their own figures, without a team to compare with', async () => {
    const { screen } = await serverPage('?figures=weekly-trend', 'agent')
    expect(screen.getByRole('heading', { level: 1, name: 'Your performance' })).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Weekly trend' })).not.toHaveTextContent('Team')
    expect(screen.queryByText('Categories at or above the team')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Agent')).not.toBeInTheDocument()
  })
})
