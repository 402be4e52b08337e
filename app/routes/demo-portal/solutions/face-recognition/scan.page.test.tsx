// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { FACE_IDS, faceState, resetFaceMocks } from '#tests/mocks/face'
import FaceBucketPage, { loader as bucketLoader } from './bucket'
import FaceScanPage, { ErrorBoundary, loader } from './scan'

const BASE = '/demo-portal/solutions/face-recognition'

function renderAt(url: string) {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('auditor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/face-recognition/:type',
            loader: async ({ request, params }) =>
              bucketLoader(
                args(
                  await requestWithTokens(
                    new URL(request.url).pathname + new URL(request.url).search,
                    tokensFor('auditor'),
                  ),
                  params as Record<string, string>,
                ),
              ),
            Component: FaceBucketPage,
          },
          {
            path: 'solutions/face-recognition/:type/:subtype',
            loader: async ({ request, params }) =>
              loader(
                args(
                  await requestWithTokens(new URL(request.url).pathname, tokensFor('auditor')),
                  params as Record<string, string>,
                ),
              ),
            Component: FaceScanPage,
            ErrorBoundary,
          },
        ],
      },
    ],
    url,
  )
}

const natural = Object.getOwnPropertyDescriptors(HTMLImageElement.prototype)
beforeEach(() => {
  resetFaceMocks()
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => 640 })
  Object.defineProperty(HTMLImageElement.prototype, 'naturalHeight', { configurable: true, get: () => 480 })
})
afterEach(() => {
  for (const name of ['naturalWidth', 'naturalHeight'] as const) {
    Object.defineProperty(HTMLImageElement.prototype, name, natural[name]!)
  }
})

describe('a scan', () => {
  it('draws the face box and the 68 landmarks over the photo in the size the API gives', async () => {
    renderAt(`${BASE}/validated/${FACE_IDS.validated}`)
    const photo = await screen.findByRole('img', { name: 'Photo of scan 301' })
    expect(photo).toHaveAttribute(
      'src',
      '/resources/image/face_recognition/scan_photo/301/?expires=1893456000&sig=scan-301',
    )
    // drawn before the photo has loaded: the size comes from the API
    const overlay = screen.getByTestId('face-overlay')
    expect(overlay).toHaveAttribute('viewBox', '0 0 320 240')
    expect(overlay).toHaveAccessibleName('Face box and 68 landmarks')
    const rect = overlay.querySelector('rect')!
    expect([
      rect.getAttribute('x'),
      rect.getAttribute('y'),
      rect.getAttribute('width'),
      rect.getAttribute('height'),
    ]).toEqual(['40', '52', '120', '140'])
    expect(overlay.querySelectorAll('circle')).toHaveLength(68)
    fireEvent.load(photo)
    expect(screen.getByTestId('face-overlay')).toHaveAttribute('viewBox', '0 0 320 240')
  })

  it('without the size from the API, measures the photo once it has loaded', async () => {
    faceState.scans.find((s) => s.scan_id === FACE_IDS.validated)!.image_size = null
    renderAt(`${BASE}/validated/${FACE_IDS.validated}`)
    const photo = await screen.findByRole('img', { name: 'Photo of scan 301' })
    expect(screen.queryByTestId('face-overlay')).not.toBeInTheDocument()
    fireEvent.load(photo)
    expect(await screen.findByTestId('face-overlay')).toHaveAttribute('viewBox', '0 0 640 480')
  })

  it('asks in a dialog before deleting the scan', async () => {
    renderAt(`${BASE}/validated/${FACE_IDS.validated}`)
    fireEvent.click(await screen.findByRole('link', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete scan' })
    expect(dialog).toHaveTextContent('Delete scan #301? Its photo and result are removed for good.')
    expect(within(dialog).getByRole('button', { name: 'Delete scan' })).toHaveAttribute('type', 'submit')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(faceState.deletedScans).toEqual([])
  })

  it('shows the decision, the claimed person with a reference photo, the distance against the threshold and the liveness', async () => {
    renderAt(`${BASE}/total_invalidated/${FACE_IDS.invalidated}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan #302' })).toBeInTheDocument()
    const decision = screen.getByRole('region', { name: 'Decision' })
    expect(decision).toHaveTextContent('InvalidatedThe face was not accepted.')
    expect(within(decision).getByRole('list', { name: 'Reasons' })).toHaveTextContent(
      'Distance 0.712 is over the threshold 0.43',
    )
    const person = screen.getByRole('region', { name: 'Claimed person' })
    expect(person).toHaveTextContent('Alan Turing')
    expect(within(person).getByRole('img', { name: 'Alan Turing, reference photo' })).toHaveAttribute(
      'src',
      '/resources/image/face_recognition/photo/503/?expires=1893456000&sig=photo-503',
    )
    const meter = within(person).getByRole('progressbar', { name: 'Distance 0.712 against the threshold 0.430' })
    expect(meter).toHaveAttribute('aria-valuenow', '83')
    expect(person).toHaveTextContent('Over the threshold: a different person.')
    const liveness = screen.getByRole('region', { name: 'Liveness' })
    expect(liveness).toHaveTextContent('Score 31% · may be a photo of a screen or a print')
    expect(liveness).toHaveTextContent('Moiré pattern typical of a photographed screen')
  })

  it('an identification without a match says so', async () => {
    renderAt(`${BASE}/total_invalidated/${FACE_IDS.unknown}`)
    const region = await screen.findByRole('region', { name: 'Best match' })
    expect(region).toHaveTextContent('No enrolled person is close enough.')
    expect(region).toHaveTextContent('No distance: there was no face to compare.')
  })

  it("shows 'Scan not found' with a way back for an unknown scan", async () => {
    renderAt(`${BASE}/validated/999`)
    expect(await screen.findByRole('heading', { name: 'Scan not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the scans' })).toHaveAttribute('href', `${BASE}/validated`)
  })
})

describe('a bucket', () => {
  it('lists its scans, links to each under the bucket and to the other buckets', async () => {
    renderAt(`${BASE}/validated`)
    const table = await screen.findByRole('table', { name: 'Validated scans' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByRole('link', { name: 'Scan #303' })).toHaveAttribute('href', `${BASE}/validated/303`)
    const nav = screen.getByRole('navigation', { name: 'Scans by decision' })
    expect(within(nav).getByRole('link', { name: 'Validated' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('2 scans')).toBeInTheDocument()
  })

  it('opens a scan from the list', async () => {
    renderAt(`${BASE}/total_scanned`)
    fireEvent.click(await screen.findByRole('link', { name: 'Scan #301' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Scan #301' })).toBeInTheDocument())
  })
})
