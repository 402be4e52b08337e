// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ManualReview } from '#contract/evaluations'
import { manualReviewOf } from '#tests/fixtures/evaluations'
import { renderRoutes } from '#tests/fixtures/render'
import { AudioSeekProvider, CallAudio } from './call-audio'
import { CallReviewPanel, type CallReviewPanelProps } from './call-review-panel'

const review = manualReviewOf(101, null)

function renderPanel(props: Partial<CallReviewPanelProps> = {}) {
  const posted: Record<string, FormDataEntryValue>[] = []
  renderRoutes(
    [
      {
        path: '/review',
        Component: () => (
          <AudioSeekProvider>
            <CallAudio src="/resources/call-audio/9101?sig=x" />
            <CallReviewPanel
              review={review}
              mode="review"
              canReview
              loading={false}
              modeHref={(mode) => `/review?mode=${mode}`}
              toggleHref={(id) => `/review?open=${id}`}
              {...props}
            />
          </AudioSeekProvider>
        ),
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()))
          return null
        },
      },
    ],
    '/review',
  )
  return posted
}

const answerButtons = () => screen.getAllByRole('button', { name: /^Answer: .*Change answer$/ })

describe('call review panel', () => {
  it('has the Category, Auditor Score, AI Score and Auto Fail columns and marks the auto-fail category', async () => {
    renderPanel()
    const table = await screen.findByRole('table', { name: 'Call review by category' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers).toEqual(['Category', 'Auditor Score', 'AI Score', 'Auto Fail'])
    expect(within(table).getAllByRole('img', { name: 'Auto-fail category' })).toHaveLength(1)
    const identity = within(table)
      .getByRole('button', { name: /Identity verification/ })
      .closest('tr')!
    expect(within(identity).getByRole('img', { name: 'Auto-fail category' })).toBeInTheDocument()
  })

  it('expands a category to its questions with the answer keyword and a play button that seeks the audio', async () => {
    renderPanel()
    const user = userEvent.setup()
    const toggle = await screen.findByRole('button', { name: /Opening/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('Did the agent give their name?')).not.toBeInTheDocument()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const questions = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(within(questions).getByText('Did the agent give their name?')).toBeInTheDocument()
    expect(within(questions).getByText('“my name is”')).toBeInTheDocument()

    const audio = document.querySelector('audio')!
    audio.play = () => Promise.resolve()
    await user.click(within(questions).getByRole('button', { name: 'Play from 00:00:05' }))
    expect(audio.currentTime).toBe(5)

    await user.click(screen.getByRole('button', { name: /Identity verification/ }))
    expect(screen.getByRole('button', { name: 'No audio position for this question' })).toBeDisabled()
  })

  it('cycles a value yes → no → n/a → yes in edit mode and posts every row on Save', async () => {
    const posted = renderPanel({ mode: 'edit', sessionId: 42 })
    const user = userEvent.setup()
    const first = (await screen.findAllByRole('button', { name: /^Answer: .*Change answer$/ }))[0]
    const hidden = () => document.querySelector<HTMLInputElement>('input[name="rows[0].value"]')!
    expect(first).toHaveAccessibleName('Answer: Yes. Change answer')
    expect(hidden().value).toBe('yes')
    await user.click(first)
    expect(first).toHaveTextContent('No')
    expect(hidden().value).toBe('no')
    await user.click(first)
    expect(first).toHaveTextContent('N/A')
    expect(hidden().value).toBe('n/a')
    await user.click(first)
    expect(first).toHaveTextContent('Yes')
    await user.click(first)

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByRole('button', { name: 'Save' })
    await expect.poll(() => posted.length).toBe(1)
    expect(posted[0]).toMatchObject({ intent: 'save-review', session_id: '42', 'rows[0].value': 'no' })
    const rows = Object.keys(posted[0]).filter((k) => /^rows\[\d+\]\.value$/.test(k))
    expect(rows).toHaveLength(review.categories.flatMap((c) => c.questions).length)
  })

  it('Cancel drops pending edits', async () => {
    const posted = renderPanel({ mode: 'edit' })
    const user = userEvent.setup()
    const buttons = await screen.findAllByRole('button', { name: /^Answer: .*Change answer$/ })
    const before = buttons.map((b) => b.textContent)
    await user.click(buttons[0])
    await user.click(buttons[3])
    expect(answerButtons().map((b) => b.textContent)).not.toEqual(before)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(answerButtons().map((b) => b.textContent)).toEqual(before)
    await expect.poll(() => posted.length).toBe(1)
    expect(posted[0].intent).toBe('cancel-review')
  })

  it('shows Add Manual Review only in manual-review mode, to a reviewer, when not loading or locked', async () => {
    renderPanel()
    expect(await screen.findByRole('button', { name: 'Add Manual Review' })).toBeInTheDocument()
  })

  it.each([
    ['AI evaluation mode', { mode: 'ai' as const }],
    ['loading', { loading: true }],
    ['a user who may not review', { canReview: false, reason: 'Agents cannot edit manual reviews.' }],
    ['a call locked by another reviewer', { lockedBy: { name: 'Sam Supervisor', since: '2025-06-03T10:00:00.000Z' } }],
  ])('hides Add Manual Review for %s', async (_, props) => {
    renderPanel(props)
    await screen.findByRole('table', { name: 'Call review by category' })
    expect(screen.queryByRole('button', { name: 'Add Manual Review' })).not.toBeInTheDocument()
  })

  it('says who holds the lock and since when', async () => {
    renderPanel({ lockedBy: { name: 'Sam Supervisor', since: '2025-06-03T10:00:00.000Z' } })
    expect(
      await screen.findByText(/Sam Supervisor has had this call open for review since 3 Jun 2025, 10:00 UTC/),
    ).toBeInTheDocument()
  })

  const reviewed: ManualReview = manualReviewOf(101, [
    ['no', 'no', 'no'],
    ['yes', 'yes'],
    ['yes', 'yes', 'yes'],
    ['yes', 'yes'],
  ])

  it('shows the AI answers in AI mode', async () => {
    renderPanel({ review: reviewed, mode: 'ai', open: [11] })
    const list = await screen.findByRole('list')
    expect(
      within(list)
        .getAllByLabelText(/^Answer: /)
        .map((b) => b.textContent),
    ).toEqual(['Yes', 'Yes', 'Yes'])
  })

  it('shows the auditor answers and scores in manual-review mode', async () => {
    renderPanel({ review: reviewed, mode: 'review', open: [11] })
    const list = await screen.findByRole('list')
    expect(
      within(list)
        .getAllByLabelText(/^Answer: /)
        .map((b) => b.textContent),
    ).toEqual(['No', 'No', 'No'])
    const opening = screen.getByRole('button', { name: /Opening/ }).closest('tr')!
    expect(
      within(opening)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Opening(3)', '0%', '100%', '—'])
  })

  it('says the manual review is unavailable, and a category without questions has none', async () => {
    renderPanel({ review: null })
    expect(await screen.findByText('Manual review data is unavailable.')).toBeInTheDocument()
  })

  it('says when a category has no questions', async () => {
    const empty: ManualReview = { ...review, categories: [{ ...review.categories[0], questions: [] }] }
    renderPanel({ review: empty, open: [11] })
    expect(await screen.findByText('No questions available.')).toBeInTheDocument()
  })
})
