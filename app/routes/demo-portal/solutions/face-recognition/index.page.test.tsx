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
import { resetFaceMocks } from '#tests/mocks/face'
import FaceOverviewPage, { loader } from './index'

const OVERVIEW = '/demo-portal/solutions/facial-recognition'
const BASE = '/demo-portal/solutions/face-recognition'

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
            path: 'solutions/facial-recognition',
            loader: async () => loader(args(await requestWithTokens(OVERVIEW, tokensFor(who)))),
            Component: FaceOverviewPage,
          },
        ],
      },
    ],
    OVERVIEW,
  )
}

beforeEach(() => resetFaceMocks())

describe('facial recognition overview page', () => {
  it('shows the scans by bucket and the people enrolled, each linking to its list', async () => {
    renderOverview()
    const kpis = await screen.findByLabelText('Your scans', { selector: 'dl' })
    expect(kpis).toHaveTextContent('Total scanned4')
    expect(kpis).toHaveTextContent('Validated2')
    expect(kpis).toHaveTextContent('Invalidated2')
    expect(kpis).toHaveTextContent('Enrolled people2')
    expect(
      within(kpis)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([`${BASE}/total_scanned`, `${BASE}/validated`, `${BASE}/total_invalidated`, `${BASE}/demo`])
  })

  it('lists the recent scans with their photo, decision, person, distance and liveness', async () => {
    renderOverview()
    const table = await screen.findByRole('table', { name: 'Recent scans' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(5)
    expect(rows[1]).toHaveTextContent('Scan #304Identify')
    expect(rows[1]).toHaveTextContent('No match')
    expect(rows[3]).toHaveTextContent('InvalidatedAlan Turing0.712threshold 0.43031%Not live')
    expect(within(rows[4]).getByRole('img', { name: 'Photo of scan 301' })).toHaveAttribute(
      'src',
      '/resources/image/face_recognition/scan_photo/301/?expires=1893456000&sig=scan-301',
    )
    expect(within(rows[4]).getByRole('link', { name: 'Scan #301' })).toHaveAttribute('href', `${BASE}/validated/301`)
    expect(within(rows[3]).getByRole('link', { name: 'Scan #302' })).toHaveAttribute(
      'href',
      `${BASE}/total_invalidated/302`,
    )
    expect(screen.getByRole('link', { name: 'Try the demo' })).toHaveAttribute('href', `${BASE}/demo`)
  })

  it('keeps the list when the figures fail, and says so', async () => {
    server.use(http.get(UPSTREAM + paths.faceKpi, () => errorReply(500, 'KPIs are down')))
    renderOverview()
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures are unavailableKPIs are down')
    expect(screen.getByRole('table', { name: 'Recent scans' })).toBeInTheDocument()
  })

  it('invites a user without scans to the demo', async () => {
    renderOverview('visitor')
    expect(await screen.findByText(/No scans yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Enrol a person and verify a photo' })).toHaveAttribute(
      'href',
      `${BASE}/demo`,
    )
  })
})
