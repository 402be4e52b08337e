// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { SUMMARY_IDS } from '#tests/fixtures/summarization'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { resetSummarizationMocks, summarizationState } from '#tests/mocks/summarization'
import SummaryDetailPage, { loader } from './detail'

const DETAIL = '/demo-portal/capabilities/summarization/detail'

function renderDetail(id: number, onLoad: () => void) {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('visitor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/summarization/detail',
            loader: async ({ request }) => {
              onLoad()
              const url = new URL(request.url)
              return loader(args(await requestWithTokens(`${url.pathname}${url.search}`, tokensFor('visitor'))))
            },
            Component: SummaryDetailPage,
          },
        ],
      },
    ],
    `${DETAIL}?summary_id=${id}`,
  )
}

beforeEach(() => resetSummarizationMocks())

describe('summary detail with JavaScript', () => {
  it('polls while the summary is on its way and stops once it is completed', { timeout: 20_000 }, async () => {
    let loads = 0
    renderDetail(SUMMARY_IDS.started, () => (loads += 1))
    expect(await screen.findByText(/the summary is on its way/)).toBeInTheDocument()
    const running = summarizationState.summaries.find((s) => s.summary_id === SUMMARY_IDS.started)!
    Object.assign(running, {
      status: 'completed',
      summary: '- The refund was issued.',
      completed_at: running.created_at,
    })
    await waitFor(() => expect(screen.getByText('The refund was issued.')).toBeInTheDocument(), { timeout: 6000 })
    expect(screen.getByLabelText('About this summary')).toHaveTextContent('StatusCompleted')
    const settled = loads
    await new Promise((r) => setTimeout(r, 2500))
    expect(loads).toBe(settled)
  })
})
