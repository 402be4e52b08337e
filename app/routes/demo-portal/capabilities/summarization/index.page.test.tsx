import { within } from '@testing-library/dom'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks } from '#tests/mocks/summarization'
import SummarizationOverview, { loader } from './index'

const BASE = '/demo-portal/capabilities/summarization'

/** The overview as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(key: DemoKey = 'visitor') {
  const request = await requestWithTokens(BASE, tokensFor(key))
  const result = await run(() => loader(args(request)))
  return serverHtml({
    url: BASE,
    path: 'capabilities/summarization',
    Component: SummarizationOverview,
    data: result.body,
    user: userFixture(key),
  })
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent)

beforeEach(() => resetSummarizationMocks())

describe('summarization overview in the server HTML', { timeout: 15_000 }, () => {
  it("carries the status chart's figures as a table, the KPIs as text and the recent summaries", async () => {
    const { screen } = await serverPage()
    const figures = screen.getByRole('table', { name: 'Summaries by status' })
    expect(rowsOf(figures)).toEqual(['Completed46.2%', 'Started15.4%', 'In Queue15.4%', 'Pending7.7%', 'Failed15.4%'])
    expect(screen.queryByText('Example figures')).toBeNull()
    const kpis = screen.getByLabelText('Summaries by status', { selector: 'dl' })
    expect(kpis).toHaveTextContent('Summaries13')
    expect(kpis).toHaveTextContent('Completed646.2%')
    expect(within(kpis).getAllByRole('link', { name: 'Open' })[0]).toHaveAttribute(
      'href',
      `${BASE}/past_history?status=completed`,
    )
    const recent = screen.getByRole('table', { name: 'Recent summaries' })
    expect(within(recent).getAllByRole('row')).toHaveLength(6)
    expect(within(recent).getByRole('link', { name: /^#113 · / })).toHaveAttribute(
      'href',
      `${BASE}/detail?summary_id=113`,
    )
    expect(screen.getByRole('link', { name: 'Try the demo' })).toHaveAttribute('href', `${BASE}/demo`)
    expect(screen.getByRole('link', { name: 'All 13' })).toHaveAttribute('href', `${BASE}/past_history`)
  })

  it('says the figures are examples until the first summary', async () => {
    const { screen } = await serverPage('admin')
    expect(screen.getByText('Example figures')).toBeInTheDocument()
    const figures = screen.getByRole('table', { name: 'Summaries by status (example figures)' })
    expect(rowsOf(figures)).toEqual(['Completed60%', 'Started15%', 'In Queue10%', 'Pending10%', 'Failed5%'])
    expect(screen.getByText('No summaries yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Summarise your first text' })).toHaveAttribute('href', `${BASE}/demo`)
  })

  it("says 'something went wrong in list api' when the list fails, and shows the rest", async () => {
    server.use(http.get(UPSTREAM + paths.summarize, () => errorReply(500, 'Database unavailable')))
    const { screen } = await serverPage()
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('something went wrong in list api')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByRole('table', { name: 'Summaries by status' })).toBeInTheDocument()
  })
})
