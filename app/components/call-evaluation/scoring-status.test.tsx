// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { JobStatus } from '#contract/envelope'
import { renderRoutes } from '#tests/fixtures/render'
import { ScoringStatus } from './scoring-status'

function renderStatus(status: JobStatus, { error = null as string | null, canRescore = true } = {}) {
  const posted: Record<string, FormDataEntryValue>[] = []
  let loads = 0
  renderRoutes(
    [
      {
        path: '/call',
        loader: () => ++loads,
        Component: () => <ScoringStatus status={status} error={error} canRescore={canRescore} />,
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()))
          return null
        },
      },
    ],
    '/call',
  )
  return { posted, loads: () => loads }
}

describe('the AI scoring status of a call', () => {
  it('says the call is being scored and reloads until it is done', async () => {
    const { loads } = renderStatus('in_queue')
    expect(await screen.findByRole('status')).toHaveTextContent('AI scoring: In Queue')
    expect(screen.getByRole('button', { name: 'Score again' })).toBeDisabled()
    await waitFor(() => expect(loads()).toBeGreaterThan(1), { timeout: 5000 })
  })

  it('shows why scoring failed and lets a reviewer score again', async () => {
    const { posted } = renderStatus('failed', { error: 'The recording has no transcript yet' })
    expect(await screen.findByRole('status')).toHaveTextContent('The recording has no transcript yet')
    await userEvent.click(screen.getByRole('button', { name: 'Score again' }))
    await waitFor(() => expect(posted).toEqual([{ intent: 'rescore' }]))
  })

  it('shows nothing to someone who cannot re-score a scored call', async () => {
    renderStatus('completed', { canRescore: false })
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Score again' })).toBeNull()
  })
})
