// @vitest-environment jsdom
import { useRouteError } from '@remix-run/react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import { ErrorScreen } from './error-screen'

function Boundary() {
  return <ErrorScreen error={useRouteError()} />
}

describe('error screen', () => {
  it('shows the status, the server message and a Refresh link to the same URL', async () => {
    renderRoutes(
      [
        {
          path: '/demo-portal',
          Component: () => null,
          loader: () => {
            throw new Response("The upstream API can't be reached", { status: 503 })
          },
          ErrorBoundary: Boundary,
        },
      ],
      '/demo-portal?tab=2',
    )
    expect(await screen.findByRole('heading', { name: 'Oops! something went wrong' })).toBeInTheDocument()
    expect(screen.getByText("503 — The upstream API can't be reached")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', '/demo-portal?tab=2')
  })
})
