// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { Outlet } from '@remix-run/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetEvaluationMocks } from '#tests/mocks/evaluations'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import EvaluationListPage, { loader } from './evaluation-list'

const BASE = '/demo-portal/solutions/call-evaluation/evaluation-list'

function renderList(search = '', key: DemoKey = 'auditor') {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(key) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/call-evaluation/evaluation-list',
            loader: async ({ request }) => {
              const url = new URL(request.url)
              return loader(args(await requestWithTokens(`${url.pathname}${url.search}`, tokensFor(key))))
            },
            Component: EvaluationListPage,
          },
        ],
      },
    ],
    `${BASE}${search}`,
  )
}

beforeEach(() => resetEvaluationMocks())

describe('evaluation list page', () => {
  it('shows the filters and a table whose rows link to the detail page, with sortable headers', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Call evaluations' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    const link = within(rows[1]).getAllByRole('link')[0]
    expect(link.getAttribute('href')).toMatch(/\/evaluation-detail\/\d+$/)
    const callTime = within(table).getByRole('columnheader', { name: /Call time/ })
    expect(callTime).toHaveAttribute('aria-sort', 'descending')
    expect(within(callTime).getByRole('link')).toHaveAttribute('href', `${BASE}?ordering=call_time`)
    const ai = within(table).getByRole('columnheader', { name: /AI score/ })
    expect(ai).toHaveAttribute('aria-sort', 'none')
    expect(within(ai).getByRole('link')).toHaveAttribute('href', `${BASE}?ordering=-ai_score`)
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', `${BASE}?page=2`)
    expect(screen.getByLabelText('Agent')).toBeInTheDocument()
  })

  it("keeps the form and says 'Failed to load evaluation list' when the list fails", async () => {
    server.use(http.get(UPSTREAM + paths.evaluationList, () => errorReply(500, 'Database unavailable')))
    renderList('?campaign_id=1')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load evaluation list')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByRole('form', { name: 'Filter evaluations' })).toBeInTheDocument()
    expect(screen.getByLabelText('Campaign')).toHaveValue('1')
  })

  it('shows field errors next to the fields and keeps what was typed', async () => {
    renderList('?score_min=150')
    const input = await screen.findByLabelText('Score from')
    expect(input).toHaveValue(150)
    expect(screen.getByText('Scores run from 0 to 100')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some filters were not applied')
  })

  it('says so when nothing matches', async () => {
    renderList('?q=nobody-called-this')
    expect(await screen.findByText('No evaluations match these filters.')).toBeInTheDocument()
  })

  it('hides the agent filter from agents', async () => {
    renderList('', 'agent')
    await screen.findByRole('table', { name: 'Call evaluations' })
    expect(screen.queryByLabelText('Agent')).not.toBeInTheDocument()
    expect(screen.getByLabelText('QA supervisor')).toBeInTheDocument()
  })

  it('offers a CSV export of the filtered list (its filters and ordering, not its page)', async () => {
    renderList('?campaign_id=1&q=maria&ordering=-ai_score&page=2')
    const link = await screen.findByRole('link', { name: 'Export CSV' })
    expect(link).toHaveAttribute('href', '/resources/evaluation-export?campaign_id=1&q=maria&ordering=-ai_score')
    expect(link).toHaveAttribute('download')
  })

  it('shows a drill-down from the dashboard as filters that can be removed, and keeps them in the form', async () => {
    renderList('?campaign_id=1&failed_category=Opening&failed_question=Did+the+agent+greet%3F&page=2')
    const drill = await screen.findByRole('group', { name: 'Opened from the dashboard' })
    expect(drill).toHaveTextContent('Failed category: Opening')
    expect(drill).toHaveTextContent('Failed question: Did the agent greet?')
    expect(within(drill).getByRole('link', { name: 'Remove the filter Failed question' })).toHaveAttribute(
      'href',
      `${BASE}?campaign_id=1&failed_category=Opening`,
    )
    const form = screen.getByRole('form', { name: 'Filter evaluations' })
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((i) => [
      i.getAttribute('name'),
      i.getAttribute('value'),
    ])
    expect(hidden).toEqual(
      expect.arrayContaining([
        ['failed_category', 'Opening'],
        ['failed_question', 'Did the agent greet?'],
      ]),
    )
    for (const label of ['Department', 'Location', 'Template'])
      expect(within(form).getByLabelText(label)).toBeInTheDocument()
  })
})
