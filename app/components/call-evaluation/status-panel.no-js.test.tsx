// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DISPUTE_NEEDS_REASON } from '#contract/evaluations'
import { actionStatusFor } from '#tests/fixtures/evaluations'
import { renderRoutes } from '#tests/fixtures/render'
import { StatusPanel } from './status-panel'

// What the server renders (and a browser without JavaScript keeps): the not-yet-hydrated branch.
vi.mock('remix-utils/use-hydrated', () => ({ useHydrated: () => false }))

function renderPanel(errors?: Record<string, string[]>) {
  renderRoutes(
    [
      {
        path: '/evaluation-detail/101',
        Component: () => <StatusPanel action={actionStatusFor('agent', 'reviewed', 101)} canChange errors={errors} />,
      },
    ],
    '/evaluation-detail/101?mode=review',
  )
}

describe('status panel without JavaScript', () => {
  it("posts each of an agent's forms to this page, opening the answer at the panel", async () => {
    renderPanel()
    for (const name of ['Acknowledge the evaluation', 'Dispute the evaluation']) {
      const form = await screen.findByRole('form', { name })
      expect(form).toHaveAttribute('method', 'post')
      expect(form).toHaveAttribute('action', '/evaluation-detail/101?mode=review#evaluation-status')
    }
    expect(document.getElementById('evaluation-status')).toHaveAccessibleName('Status')
    // the browser's own check would answer before the action could: the reason is only marked required
    expect(screen.getByRole('textbox', { name: 'Reason for the dispute' })).not.toHaveAttribute('required')
  })

  it("shows the action's answer to a dispute without a reason at the field", async () => {
    renderPanel({ comment: [DISPUTE_NEEDS_REASON] })
    const form = await screen.findByRole('form', { name: 'Dispute the evaluation' })
    const reason = within(form).getByRole('textbox', { name: 'Reason for the dispute' })
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByText(DISPUTE_NEEDS_REASON)).toBeInTheDocument()
  })
})
