// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSpeechMocks } from '#tests/mocks/speech'
import SpeechOverviewPage, { loader } from './index'

const OVERVIEW = '/demo-portal/capabilities/speech-recognition'

function renderOverview(who: DemoKey = 'auditor') {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/speech-recognition',
            loader: async () => loader(args(await requestWithTokens(OVERVIEW, tokensFor(who)))),
            Component: SpeechOverviewPage,
          },
        ],
      },
    ],
    OVERVIEW,
  )
}

beforeEach(() => resetSpeechMocks())

describe('speech recognition overview page', () => {
  it('shows the counts and shares by status, each linking to the history filtered by it', async () => {
    renderOverview()
    const kpis = await screen.findByLabelText('Your recordings by status', { selector: 'dl' })
    expect(kpis).toHaveTextContent('Recordings15')
    expect(kpis).toHaveTextContent('Completed1386.7%')
    expect(kpis).toHaveTextContent('Failed16.7%')
    expect(kpis).toHaveTextContent('Pending00%')
    const links = within(kpis)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
    expect(links).toEqual([
      `${OVERVIEW}/past_history`,
      `${OVERVIEW}/past_history?status=started`,
      `${OVERVIEW}/past_history?status=completed`,
      `${OVERVIEW}/past_history?status=failed`,
    ])
  })

  it('lists the recent recordings, links to them and to the demo', async () => {
    renderOverview()
    const table = await screen.findByRole('table', { name: 'Recent recordings' })
    expect(within(table).getAllByRole('row')).toHaveLength(6)
    expect(within(table).getByRole('link', { name: 'billing-dispute.wav' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/demo?recording_id=701`,
    )
    expect(screen.getByRole('link', { name: 'Try the demo' })).toHaveAttribute('href', `${OVERVIEW}/demo`)
    expect(screen.getByRole('link', { name: 'All recordings (15)' })).toHaveAttribute(
      'href',
      `${OVERVIEW}/past_history`,
    )
  })

  it("says 'Recording List Api Error' when the list fails, and keeps the figures", async () => {
    server.use(http.get(UPSTREAM + paths.uploadRecording, () => errorReply(500, 'Database unavailable')))
    renderOverview()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Recording List Api Error')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByLabelText('Your recordings by status', { selector: 'dl' })).toHaveTextContent('Recordings15')
  })

  it('invites a user without recordings to the demo', async () => {
    renderOverview('visitor')
    expect(await screen.findByText(/No recordings yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Upload one' })).toHaveAttribute('href', `${OVERVIEW}/demo`)
  })
})
