// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { SPEECH_IDS } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSpeechMocks } from '#tests/mocks/speech'
import SpeechHistoryPage, { loader } from './history'

const HISTORY = '/demo-portal/capabilities/speech-recognition/past_history'

function renderHistory(search = '', who: DemoKey = 'auditor') {
  const posted: Record<string, FormDataEntryValue>[] = []
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/speech-recognition/:type',
            loader: async ({ request, params }) => {
              const url = new URL(request.url)
              const real = await requestWithTokens(`${url.pathname}${url.search}`, tokensFor(who))
              return loader(args(real, params as Record<string, string>))
            },
            action: async ({ request }) => {
              posted.push(Object.fromEntries(await request.formData()))
              return null
            },
            Component: SpeechHistoryPage,
          },
        ],
      },
    ],
    `${HISTORY}${search}`,
  )
  return posted
}

beforeEach(() => resetSpeechMocks())

describe('speech past history page', () => {
  it('lists the recordings, each linking to its page, with paging links', async () => {
    renderHistory()
    const table = await screen.findByRole('table', { name: 'Recordings' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(11)
    const billing = within(table).getByRole('row', { name: /billing-dispute\.wav/ })
    expect(within(billing).getByRole('link', { name: 'billing-dispute.wav' })).toHaveAttribute(
      'href',
      `/demo-portal/capabilities/speech-recognition/demo?recording_id=${SPEECH_IDS.completed}`,
    )
    expect(billing).toHaveTextContent('English')
    expect(billing).toHaveTextContent('Banking')
    expect(billing).toHaveTextContent('Completed')
    expect(within(table).getByRole('row', { name: /silence\.wav/ })).toHaveTextContent('No speech engine is configured')
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${HISTORY}?page=2`)
    expect(screen.getByText(/15 recordings · page 1 of 2/)).toBeInTheDocument()
  })

  it('keeps the search and the status in a GET form', async () => {
    renderHistory('?q=billing&status=completed')
    const search = await screen.findByRole('search', { name: 'Filter recordings' })
    expect(search).toHaveAttribute('method', 'get')
    expect(within(search).getByLabelText('Search recordings')).toHaveValue('billing')
    expect(within(search).getByLabelText('Status')).toHaveValue('completed')
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2))
    expect(screen.getByText('1 recording')).toBeInTheDocument()
  })

  it("says 'Recording List Api Error' with the reason when the list fails, and keeps the filters", async () => {
    server.use(http.get(UPSTREAM + paths.uploadRecording, () => errorReply(500, 'Database unavailable')))
    renderHistory('?q=refund')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Recording List Api Error')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByLabelText('Search recordings')).toHaveValue('refund')
  })

  it('says so when nothing matches', async () => {
    renderHistory('?q=nobody-said-this')
    expect(await screen.findByText('No recordings match these filters.')).toBeInTheDocument()
  })

  it('asks in a modal before deleting (with JavaScript)', async () => {
    const posted = renderHistory('?q=silence')
    const user = userEvent.setup()
    const link = await screen.findByRole('link', { name: 'Delete silence.wav' })
    // without JavaScript the link is the confirmation step
    expect(link).toHaveAttribute('href', `${HISTORY}?q=silence&confirm-delete=${SPEECH_IDS.failed}`)
    await user.click(link)
    const dialog = await screen.findByRole('dialog', { name: 'Delete recording' })
    expect(dialog).toHaveTextContent(/Delete silence\.wav \(uploaded 22 Jun 2025, 09:30 UTC\)\?/)
    await user.click(within(dialog).getByRole('button', { name: 'Delete recording' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      intent: 'delete',
      recording_id: String(SPEECH_IDS.failed),
      redirectTo: `${HISTORY}?q=silence`,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the confirmation step in the page for ?confirm-delete (without JavaScript)', async () => {
    renderHistory(`?status=failed&confirm-delete=${SPEECH_IDS.failed}`)
    const panel = await screen.findByRole('region', { name: 'Delete recording' })
    expect(panel).toHaveTextContent('Delete silence.wav')
    const form = within(panel).getByRole('form', { name: 'Delete recording' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form.querySelector('input[name="redirectTo"]')).toHaveValue(`${HISTORY}?status=failed`)
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${HISTORY}?status=failed`)
  })
})
