// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callTranscript, summaryFor, summaryTypeFixtures } from '#tests/fixtures/summarization'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import SummarizeDemoPage, { type SummarizeActionData } from './demo'

const DEMO = '/demo-portal/capabilities/summarization/demo'

type StubAction = (args: { request: Request }) => unknown

function renderDemo(action: StubAction = () => null) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('visitor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/summarization/demo',
            Component: SummarizeDemoPage,
            loader: () => ({ types: summaryTypeFixtures }),
            action: action as never,
          },
          { path: 'capabilities/summarization/detail', Component: () => <p>The detail page</p> },
          { path: 'capabilities/summarization/:type', Component: () => <p>The history</p> },
        ],
      },
    ],
    DEMO,
  )
}

const completed = (summary_type: 'bullet_points' | 'call_notes'): SummarizeActionData => ({
  result: { status: 'success', initialValue: { text: callTranscript, summary_type } },
  outcome: {
    summary_id: 500,
    status: 'completed',
    summary: summaryFor(callTranscript, summary_type),
    failure_reason: null,
    summary_type,
    source: 'Pasted text',
  },
})

describe('summarization demo page', { timeout: 15_000 }, () => {
  it('offers pasted text or a document, and the types with what each gives', async () => {
    renderDemo()
    const type = await screen.findByLabelText('Summary type')
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(summaryTypeFixtures.map((t) => t.name))
    await waitFor(() => expect(screen.getByText(summaryTypeFixtures[0].description, { selector: 'p' })).toBeVisible())
    expect(screen.getByLabelText('Text to summarise')).toBeEnabled()
    const user = userEvent.setup()
    await user.click(screen.getByRole('radio', { name: 'Upload a file' }))
    const file = screen.getByLabelText('Document')
    expect(file).toHaveAttribute('type', 'file')
    expect(file.getAttribute('accept')).toContain('.pdf')
    expect(file).toBeEnabled()
    // the one not chosen is not sent
    expect(screen.getByLabelText('Text to summarise')).toBeDisabled()
  })

  it('checks the form in the browser before posting', async () => {
    let posted = false
    renderDemo(() => {
      posted = true
      return null
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Text to summarise'), 'Too short.')
    await user.click(screen.getByRole('button', { name: 'Summarize' }))
    expect(await screen.findByText('Paste at least 20 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Text to summarise')).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toBe(false)
  })

  it('shows the summary on the page, bullets as a list, with a link to its page', async () => {
    let sent: FormData | undefined
    renderDemo(async ({ request }) => {
      sent = await request.formData()
      return completed('bullet_points')
    })
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Text to summarise'))
    await user.paste(callTranscript)
    await user.selectOptions(screen.getByLabelText('Summary type'), 'bullet_points')
    await user.click(screen.getByRole('button', { name: 'Summarize' }))
    const list = await screen.findByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      summaryFor(callTranscript, 'bullet_points')
        .split('\n')
        .map((line) => line.slice(2)),
    )
    expect(screen.getByRole('link', { name: 'Open summary #500' })).toHaveAttribute(
      'href',
      '/demo-portal/capabilities/summarization/detail?summary_id=500',
    )
    expect(sent?.get('summary_type')).toBe('bullet_points')
    // a multipart form sends line breaks as CRLF; the action turns them back
    expect(String(sent?.get('text')).replace(/\r\n/g, '\n')).toBe(callTranscript)
    // still on the demo, with the text kept for another try
    expect(screen.getByLabelText('Text to summarise')).toHaveValue(callTranscript)
  })

  it('shows call notes under their headings', async () => {
    renderDemo(() => completed('call_notes'))
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Text to summarise'))
    await user.paste(callTranscript)
    await user.selectOptions(screen.getByLabelText('Summary type'), 'call_notes')
    await user.click(screen.getByRole('button', { name: 'Summarize' }))
    expect(await screen.findByRole('heading', { level: 3, name: 'Reason for contact' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Resolution' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Follow-ups' })).toBeInTheDocument()
    expect(screen.getByRole('listitem')).toHaveTextContent(/^Agent: /)
  })

  it('cancels a summary in flight: the request is aborted and the page says so', async () => {
    let aborted = false
    renderDemo(
      ({ request }) =>
        new Promise((resolve) => {
          request.signal.addEventListener('abort', () => {
            aborted = true
            resolve(null)
          })
        }),
    )
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Text to summarise'))
    await user.paste(callTranscript)
    await user.click(screen.getByRole('button', { name: 'Summarize' }))
    expect(await screen.findByRole('heading', { name: 'Summarising…' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(aborted).toBe(true))
    expect(await screen.findByText('Summary cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Summarize' })).toBeEnabled()
    expect(screen.getByLabelText('Text to summarise')).toHaveValue(callTranscript)
  })

  it("says 'Error in add summary' with the API's reason, and its field errors on the fields", async () => {
    renderDemo(() => ({
      result: {
        status: 'error',
        error: { '': ['Summaries cannot be made on this server'], text: ['The text has no sentences to summarise'] },
      },
      outcome: null,
    }))
    const user = userEvent.setup()
    await user.click(await screen.findByLabelText('Text to summarise'))
    await user.paste(callTranscript)
    await user.click(screen.getByRole('button', { name: 'Summarize' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error in add summary')
    expect(alert).toHaveTextContent('Summaries cannot be made on this server')
    expect(screen.getByText('The text has no sentences to summarise')).toBeInTheDocument()
    expect(screen.getByLabelText('Text to summarise')).toHaveAttribute('aria-invalid', 'true')
  })
})
