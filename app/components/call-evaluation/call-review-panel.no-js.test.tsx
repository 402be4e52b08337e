// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { manualReviewOf } from '#tests/fixtures/evaluations'
import { renderRoutes } from '#tests/fixtures/render'
import { CallReviewPanel, type CallReviewPanelProps } from './call-review-panel'

// What the server renders (and a browser without JavaScript keeps): the not-yet-hydrated branch.
vi.mock('remix-utils/use-hydrated', () => ({ useHydrated: () => false }))

const review = manualReviewOf(101, null)

function renderPanel(props: Partial<CallReviewPanelProps> = {}) {
  renderRoutes(
    [
      {
        path: '/review',
        Component: () => (
          <CallReviewPanel
            review={review}
            mode="review"
            canReview
            loading={false}
            modeHref={(mode) => `/review?mode=${mode}`}
            toggleHref={(id) => `/review?open=${id}`}
            {...props}
          />
        ),
      },
    ],
    '/review',
  )
}

describe('call review panel without JavaScript', () => {
  it('edit mode is a form with a yes / no / n/a radio group per question and a Save button', async () => {
    renderPanel({ mode: 'edit', sessionId: 42 })
    const form = await screen.findByRole('form', { name: 'Manual review' })
    expect(form).toHaveAttribute('method', 'post')
    const questions = review.categories.flatMap((c) => c.questions)
    questions.forEach((q, i) => {
      const group = within(form).getByRole('radiogroup', { name: q.template_category_question.question_text })
      const radios = within(group).getAllByRole<HTMLInputElement>('radio')
      expect(radios.map((r) => r.value)).toEqual(['yes', 'no', 'n/a'])
      expect(radios.every((r) => r.name === `rows[${i}].value`)).toBe(true)
      expect(radios.find((r) => r.checked)?.value).toBe(q.value)
      expect(form.querySelector<HTMLInputElement>(`input[name="rows[${i}].internal_id"]`)?.value).toBe(
        String(q.internal_id),
      )
    })
    expect(within(form).queryByRole('button', { name: /Change answer/ })).not.toBeInTheDocument()
    expect(form.querySelector<HTMLInputElement>('input[name="session_id"]')?.value).toBe('42')
    expect(within(form).getByRole('button', { name: 'Save' })).toHaveAttribute('value', 'save-review')
    expect(within(form).getByRole('button', { name: 'Cancel' })).toHaveAttribute('value', 'cancel-review')
  })

  it('category rows expand through links, and the open ones are already expanded', async () => {
    renderPanel({ open: [12] })
    const table = await screen.findByRole('table', { name: 'Call review by category' })
    const links = within(table).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/review?open=11',
      '/review?open=12',
      '/review?open=13',
      '/review?open=14',
    ])
    expect(
      within(table).getByText("Did the agent verify the caller's identity before discussing the account?"),
    ).toBeInTheDocument()
    expect(within(table).queryByText('Did the agent give their name?')).not.toBeInTheDocument()
  })

  it('the modes are links', async () => {
    renderPanel({ mode: 'ai' })
    const modes = await screen.findByRole('navigation', { name: 'Review mode' })
    expect(within(modes).getByRole('link', { name: 'AI evaluation' })).toHaveAttribute('aria-current', 'page')
    expect(within(modes).getByRole('link', { name: 'Manual review' })).toHaveAttribute('href', '/review?mode=review')
  })
})
