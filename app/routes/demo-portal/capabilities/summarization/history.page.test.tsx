// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks } from '#tests/mocks/summarization'
import SummaryHistoryPage, { loader } from './history'

const HISTORY = '/demo-portal/capabilities/summarization/past_history'

function renderHistory(search = '', action: (form: FormData) => unknown = () => null) {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('visitor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/summarization/:type',
            loader: async ({ request, params }) => {
              const url = new URL(request.url)
              const real = await requestWithTokens(`${url.pathname}${url.search}`, tokensFor('visitor'))
              return loader(args(real, params as Record<string, string>))
            },
            action: async ({ request }) => action(await request.formData()),
            Component: SummaryHistoryPage,
          },
          { path: 'capabilities/summarization/detail', Component: () => <p>The detail page</p> },
        ],
      },
    ],
    `${HISTORY}${search}`,
  )
}

beforeEach(() => resetSummarizationMocks())

describe('past summaries page', { timeout: 15_000 }, () => {
  it('lists summaries that open their page, with the filters in a GET form and pages as links', async () => {
    renderHistory()
    const table = await screen.findByRole('table', { name: 'Past summaries' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(within(rows[1]).getByRole('link', { name: /^#113 · / })).toHaveAttribute(
      'href',
      '/demo-portal/capabilities/summarization/detail?summary_id=113',
    )
    expect(within(rows[1]).getByText('In Queue')).toBeInTheDocument()
    const form = screen.getByRole('search', { name: 'Filter summaries' })
    expect(form).toHaveAttribute('method', 'get')
    expect(within(form).getByLabelText('Search summaries')).toBeInTheDocument()
    expect(within(within(form).getByLabelText('Type')).getByRole('option', { name: 'Call notes' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${HISTORY}?page=2`)
    expect(screen.getByText('13 summaries · page 1 of 2')).toBeInTheDocument()
  })

  it('asks in a modal before deleting, and posts the summary and the way back', async () => {
    let posted: Record<string, FormDataEntryValue> | undefined
    renderHistory('?status=completed', (form) => {
      posted = Object.fromEntries(form)
      return null
    })
    const user = userEvent.setup()
    const remove = await screen.findByRole('link', { name: 'Delete summary #110' })
    // without JavaScript the link opens the confirmation step
    expect(remove).toHaveAttribute('href', `${HISTORY}?status=completed&confirm-delete=110`)
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: 'Delete summary' })
    expect(dialog).toHaveTextContent('Delete summary #110')
    await user.click(within(dialog).getByRole('button', { name: 'Delete summary' }))
    await waitFor(() =>
      expect(posted).toEqual({ intent: 'delete', summary_id: '110', redirectTo: `${HISTORY}?status=completed` }),
    )
  })

  it('shows the confirmation step from the URL, for a browser without JavaScript', async () => {
    renderHistory('?confirm-delete=104')
    const step = await screen.findByRole('region', { name: 'Delete summary' })
    expect(step).toHaveTextContent('Delete summary #104 (Detailed of card-lost.pdf)?')
    expect(within(step).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', HISTORY)
    expect(within(step).getByRole('button', { name: 'Delete summary' })).toHaveAttribute('type', 'submit')
  })

  it("says 'something went wrong in list api' when the list fails, keeping the filters", async () => {
    server.use(http.get(UPSTREAM + paths.summarize, () => errorReply(500, 'Database unavailable')))
    renderHistory('?status=failed')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('something went wrong in list api')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByLabelText('Status')).toHaveValue('failed')
  })

  it('says so when nothing matches', async () => {
    renderHistory('?q=nobody-wrote-this')
    expect(await screen.findByText('No summaries match these filters.')).toBeInTheDocument()
  })
})
