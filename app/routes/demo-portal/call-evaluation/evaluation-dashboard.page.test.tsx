import { within } from '@testing-library/dom'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { topQuestion } from '#tests/fixtures/dashboards'
import { template, templateCategories } from '#tests/fixtures/evaluations'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetDashboardMocks } from '#tests/mocks/dashboards'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import EvaluationDashboardPage, { loader } from './evaluation-dashboard'

const BASE = '/demo-portal/solutions/call-evaluation/evaluation-dashboard'
const LIST = '/demo-portal/solutions/call-evaluation/evaluation-list'

/** The dashboard as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '', key: DemoKey = 'admin') {
  const request = await requestWithTokens(`${BASE}${search}`, tokensFor(key))
  const { body } = await run(() => loader(args(request)))
  return serverHtml({
    url: `${BASE}${search}`,
    path: 'solutions/call-evaluation/evaluation-dashboard',
    Component: EvaluationDashboardPage,
    data: body,
    user: userFixture(key),
  })
}

/** The tables in view: a donut's legend, the lists. */
const TABLES_IN_VIEW = ['Purpose of calls', 'Top ten violations', 'Leader board', 'Audit productivity']
/** A chart's figures, folded and drawn when asked for (`?figures=<panel id>`), by the name of their table. */
const FOLDED_TABLES: Record<string, string> = {
  'Score trend': 'trend',
  'Failed categories': 'failed-categories',
  'Violations by category': 'category-violations',
  "Every agent's z-score": 'outliers',
  'Agent scoring vs sentiment': 'agent-sentiment',
  'Call sentiment vs score': 'call-sentiment',
  'AI vs auditor agreement by category': 'agreement',
}

beforeEach(() => resetDashboardMocks())

describe('evaluation dashboard in the server HTML', () => {
  it('carries every chart’s figures as a table, and the headline figures as text', async () => {
    const { screen } = await serverPage('?date_from=2025-06-01&date_to=2025-06-30')
    for (const name of TABLES_IN_VIEW) expect(screen.getByRole('table', { name }), name).toBeInTheDocument()
    // the outliers are in view (none in these figures); every agent's z-score is folded under them
    expect(screen.getByText('No agent is beyond ±2 SD.')).toBeInTheDocument()
    // a folded table is a link away, without script too; asked for, it is in the page
    const links = screen.getAllByRole('link', { name: 'Show them as a table', hidden: true })
    expect(links.map((link) => new URL(link.getAttribute('href')!, 'http://x').searchParams.get('figures'))).toEqual(
      expect.arrayContaining(Object.values(FOLDED_TABLES)),
    )
    for (const [name, id] of Object.entries(FOLDED_TABLES)) {
      expect(screen.queryByRole('table', { name, hidden: true }), name).toBeNull()
      const asked = await serverPage(`?date_from=2025-06-01&date_to=2025-06-30&figures=${id}`)
      expect(asked.screen.getByRole('table', { name }), name).toBeInTheDocument()
    }
    const kpis = screen.getByLabelText('Headline figures')
    expect(kpis.tagName).toBe('DL')
    expect(kpis).toHaveTextContent('Calls100')
    expect(kpis).toHaveTextContent('Auto-fail rate7.2%7 auto-failed calls')
    const trend = (await serverPage('?date_from=2025-06-01&date_to=2025-06-30&figures=trend')).screen.getByRole(
      'table',
      { name: 'Score trend' },
    )
    expect(within(trend).getAllByRole('row')).toHaveLength(31)
    expect(screen.getByText(/Pearson's r =/)).toHaveTextContent('0.412')
    expect(screen.getByText(/Method: z-score/)).toBeInTheDocument()
    expect(screen.getByText(/Threshold ±2 SD/)).toBeInTheDocument()
  })

  it('links agents and violations to the evaluation list with the dashboard’s filters', async () => {
    const { screen } = await serverPage('?date_from=2025-06-01&date_to=2025-06-30&campaign_id=1&department_id=2')
    const board = screen.getByRole('table', { name: 'Leader board' })
    const priya = within(board).getByRole('link', { name: 'Priya Nair' })
    expect(priya).toHaveAttribute(
      'href',
      `${LIST}?date_from=2025-06-01&date_to=2025-06-30&campaign_id=1&department_id=2&agent_id=21`,
    )
    expect(within(board).getByRole('link', { name: 'Performance of Priya Nair' }).getAttribute('href')).toMatch(
      /agent-performance-dashboard\?.*agent_id=21/,
    )
    const violations = screen.getByRole('table', { name: 'Top ten violations' })
    // a question opens exactly the calls where it was failed, under the dashboard's filters
    const question = new URLSearchParams({
      date_from: '2025-06-01',
      date_to: '2025-06-30',
      campaign_id: '1',
      department_id: '2',
      template_internal_id: template.internal_id,
      failed_category: templateCategories[1].name,
      failed_question: topQuestion,
    })
    expect(within(violations).getByRole('link', { name: topQuestion })).toHaveAttribute('href', `${LIST}?${question}`)
    const folded = await serverPage(
      '?date_from=2025-06-01&date_to=2025-06-30&campaign_id=1&department_id=2&figures=failed-categories',
    )
    const categories = folded.screen.getByRole('table', { name: 'Failed categories' })
    const category = within(categories).getAllByRole('link')[0]
    expect(category.getAttribute('href')).toBe(
      `${LIST}?${new URLSearchParams({ date_from: '2025-06-01', date_to: '2025-06-30', campaign_id: '1', department_id: '2', failed_category: category.textContent! })}`,
    )
    const purposes = screen.getByRole('table', { name: 'Purpose of calls' })
    expect(within(purposes).getByRole('link', { name: 'Billing dispute' }).getAttribute('href')).toContain(
      'q=Billing+dispute',
    )
    expect(screen.getByRole('link', { name: 'Open the disputed calls' }).getAttribute('href')).toContain(
      'status=disputed',
    )
  })

  it('is a GET form whose fields hold the filters', async () => {
    const { screen } = await serverPage('?date_from=2025-06-01&date_to=2025-06-30&agent_id=22')
    const form = screen.getByRole('form', { name: 'Filter the dashboard' })
    expect(form).toHaveAttribute('method', 'get')
    expect(within(form).getByLabelText('From')).toHaveValue('2025-06-01')
    expect(within(form).getByLabelText('Agent')).toHaveValue('22')
    for (const label of ['Campaign', 'Service', 'Department', 'Location', 'QA supervisor', 'Template']) {
      expect(within(form).getByLabelText(label), label).toBeInTheDocument()
    }
  })

  it('says a failed panel is unavailable and shows the others', async () => {
    server.use(http.get(UPSTREAM + paths.agentLeaderBoard, () => errorReply(500, 'Leader board is rebuilding')))
    const { screen } = await serverPage()
    expect(screen.getByText('Leader board unavailable')).toBeInTheDocument()
    expect(screen.getByText('Leader board is rebuilding')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Leader board' })).not.toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Top ten violations' })).toBeInTheDocument()
  })

  it('has no agent picker for an agent', async () => {
    const { screen } = await serverPage('', 'agent')
    const form = screen.getByRole('form', { name: 'Filter the dashboard' })
    expect(within(form).queryByLabelText('Agent')).not.toBeInTheDocument()
    expect(screen.getByText('Your calls as the AI and the QA team scored them.')).toBeInTheDocument()
  })
})
