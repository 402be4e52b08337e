// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DISPUTE_NEEDS_REASON, type ActionStatus } from '#contract/evaluations'
import { actionStatusFor } from '#tests/fixtures/evaluations'
import { renderRoutes } from '#tests/fixtures/render'
import { StatusPanel } from './status-panel'

type Errors = Record<string, string[] | null | undefined>

function renderPanel(action: ActionStatus, errors?: Errors) {
  const posted: Record<string, FormDataEntryValue>[] = []
  renderRoutes(
    [
      {
        path: '/evaluation',
        Component: () => <StatusPanel action={action} canChange errors={errors} />,
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()))
          return null
        },
      },
    ],
    '/evaluation',
  )
  return posted
}

const agentView = () => actionStatusFor('agent', 'reviewed', 101)

describe('status panel', () => {
  it('offers an agent the two things they do: Acknowledge, and Dispute with a reason (no status preselected)', async () => {
    renderPanel(agentView())
    const acknowledge = await screen.findByRole('form', { name: 'Acknowledge the evaluation' })
    expect(within(acknowledge).getByRole('button', { name: 'Acknowledge' })).toHaveAttribute('value', 'change-status')
    expect(acknowledge.querySelector<HTMLInputElement>('input[name="status"]')?.value).toBe('acknowledged')
    const dispute = screen.getByRole('form', { name: 'Dispute the evaluation' })
    expect(dispute.querySelector<HTMLInputElement>('input[name="status"]')?.value).toBe('disputed')
    const reason = within(dispute).getByRole('textbox', { name: 'Reason for the dispute' })
    // marked required for the eye and for a screen reader, without the browser's own check
    expect(reason).toBeRequired()
    expect(reason).not.toHaveAttribute('required')
    expect(reason).toHaveAccessibleDescription(/What in the evaluation you disagree with/)
    expect(within(dispute).getByRole('button', { name: 'Dispute' })).toHaveAttribute('value', 'change-status')
    // no "Move to" picker with a status chosen for them
    expect(screen.queryByRole('combobox', { name: 'Move to' })).not.toBeInTheDocument()
  })

  it('says why a dispute without a reason is not sent, at the field, and sends it with one', async () => {
    const posted = renderPanel(agentView())
    const user = userEvent.setup()
    const dispute = await screen.findByRole('form', { name: 'Dispute the evaluation' })
    const reason = within(dispute).getByRole('textbox', { name: 'Reason for the dispute' })
    await user.type(reason, '   ')
    await user.click(within(dispute).getByRole('button', { name: 'Dispute' }))
    expect(await within(dispute).findByText(DISPUTE_NEEDS_REASON)).toBeInTheDocument()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(reason).toHaveFocus()
    expect(posted).toHaveLength(0)

    await user.type(reason, 'The customer had verified already')
    await waitFor(() => expect(within(dispute).queryByText(DISPUTE_NEEDS_REASON)).not.toBeInTheDocument())
    await user.click(within(dispute).getByRole('button', { name: 'Dispute' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({
      intent: 'change-status',
      status: 'disputed',
      comment: '   The customer had verified already',
    })
  })

  it('acknowledges with one button', async () => {
    const posted = renderPanel(agentView())
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }))
    await waitFor(() => expect(posted).toEqual([{ status: 'acknowledged', intent: 'change-status' }]))
  })

  it("shows the action's answer: the reason's error at the field, a refusal above the forms", async () => {
    renderPanel(agentView(), { comment: [DISPUTE_NEEDS_REASON] })
    const reason = await screen.findByRole('textbox', { name: 'Reason for the dispute' })
    expect(reason).toHaveAccessibleDescription(new RegExp(DISPUTE_NEEDS_REASON.replace(/[.:]/g, '.')))
    expect(reason).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows a refused change as an alert', async () => {
    renderPanel(agentView(), { '': ['You cannot move this evaluation from Reviewed to Acknowledged.'] })
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot move this evaluation')
  })

  it('keeps the reviewer a picker of the statuses open to them, with an optional comment', async () => {
    const posted = renderPanel(actionStatusFor('auditor', 'ai_evaluated', 101))
    const user = userEvent.setup()
    const form = await screen.findByRole('form', { name: 'Change status' })
    const picker = within(form).getByRole('combobox', { name: 'Move to' })
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Under review', 'Reviewed'])
    expect(within(form).getByRole('textbox', { name: 'Comment' })).not.toBeRequired()
    await user.selectOptions(picker, 'reviewed')
    await user.click(within(form).getByRole('button', { name: 'Change status' }))
    await waitFor(() => expect(posted).toEqual([{ status: 'reviewed', comment: '', intent: 'change-status' }]))
  })
})
