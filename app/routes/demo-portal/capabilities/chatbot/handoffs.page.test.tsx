// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderPortalPage } from '#tests/fixtures/portal-page'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { seedHandoff } from '~/components/chatbot/knowledge/test-data'
import HandoffsPage, { ErrorBoundary, loader } from './handoffs'

const QUEUE = '/demo-portal/capabilities/chatbot/handoffs'
const PATH = 'capabilities/chatbot/handoffs'

const renderQueue = (url = QUEUE) => renderPortalPage({ url, path: PATH, Component: HandoffsPage, loader })
const card = (name: string) => screen.getByRole('article', { name })

beforeEach(() => resetChatbotMocks())

describe('handoff queue page', () => {
  it('shows who is waiting: campaign, channel, since when, why, the summary, the conversation and Take / Close', async () => {
    const waiting = seedHandoff(
      'queued',
      {
        customer: 'Priya Shah',
        channel: 'trelli_talk',
        reason: 'The bot could not help',
        summary: 'The customer wants to change their direct debit date.',
      },
      { minutesAgo: 5 },
    )
    renderQueue()
    const item = await screen.findByRole('article', { name: 'Priya Shah' })
    expect(item).toHaveTextContent('Waiting for an agent')
    expect(item).toHaveTextContent(/Retail banking inbound · trelliTalk voice · asked 5 minutes ago \(.+ UTC\)/)
    expect(within(item).getByText('5 minutes ago')).toHaveAttribute('dateTime', waiting.requested_at)
    expect(item).toHaveTextContent('Reason: The bot could not help')
    expect(item).toHaveTextContent('Summary: The customer wants to change their direct debit date.')
    expect(
      within(item).getByRole('link', { name: `Open the conversation #${waiting.conversation_id}` }),
    ).toHaveAttribute('href', `/demo-portal/capabilities/chatbot/past_history/${waiting.conversation_id}`)
    const take = within(item).getByRole('button', { name: 'Take' })
    expect(take).toHaveAccessibleDescription('Priya Shah')
    expect(take.closest('form')).toHaveAttribute('method', 'post')
    expect(within(item).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    expect(screen.queryByText(/Call back/)).not.toBeInTheDocument()
  })

  it('filters by status with links, the current one marked, and keeps the campaign', async () => {
    seedHandoff('queued')
    renderQueue(`${QUEUE}?campaign_id=2`)
    const nav = await screen.findByRole('navigation', { name: 'Handoffs by status' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Waiting', `${QUEUE}?campaign_id=2`],
      ['Callbacks', `${QUEUE}?status=callback_requested&campaign_id=2`],
      ['With an agent', `${QUEUE}?status=accepted&campaign_id=2`],
      ['Closed', `${QUEUE}?status=closed&campaign_id=2`],
      ['All', `${QUEUE}?status=all&campaign_id=2`],
    ])
    expect(within(nav).getByRole('link', { name: 'Waiting' })).toHaveAttribute('aria-current', 'page')
    const filter = screen.getByRole('search', { name: 'Filter handoffs' })
    expect(filter).toHaveAttribute('method', 'get')
    expect(within(filter).getByLabelText('Campaign')).toHaveValue('2')
  })

  it('shows callbacks with whom to call, on which number and when', async () => {
    seedHandoff('callback_requested', {
      customer: 'Tom Reed',
      callback_name: 'Tom',
      callback_phone: '+44 7700 900123',
      callback_time: 'after 5pm',
    })
    renderQueue()
    const user = userEvent.setup()
    const nav = await screen.findByRole('navigation', { name: 'Handoffs by status' })
    expect(await screen.findByText('Nobody is waiting for a person.')).toBeInTheDocument()
    await user.click(within(nav).getByRole('link', { name: 'Callbacks' }))
    const item = await screen.findByRole('article', { name: 'Tom Reed' })
    expect(item).toHaveTextContent('Callback requested')
    expect(item).toHaveTextContent('Call back Tom on +44 7700 900123, preferably after 5pm')
    expect(within(item).getByRole('link', { name: '+44 7700 900123' })).toHaveAttribute('href', 'tel:+447700900123')
    expect(within(item).getByRole('button', { name: 'Take' })).toBeInTheDocument()
  })

  it('shows who took a conversation; a closed one has nothing left to do', async () => {
    seedHandoff('accepted', { customer: 'Ana Lima', accepted_by: 'Ada Admin' })
    seedHandoff('closed', { customer: 'Bo Chen' })
    renderQueue(`${QUEUE}?status=all`)
    const taken = await screen.findByRole('article', { name: 'Ana Lima' })
    expect(taken).toHaveTextContent('With an agent')
    expect(taken).toHaveTextContent('Taken by: Ada Admin')
    expect(within(taken).queryByRole('button', { name: 'Take' })).not.toBeInTheDocument()
    expect(within(taken).getByRole('button', { name: 'Close' })).toBeInTheDocument()
    const closed = card('Bo Chen')
    expect(closed).toHaveTextContent('Closed')
    expect(within(closed).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByText('2 handoffs')).toBeInTheDocument()
  })

  it.each([
    ['', 'Nobody is waiting for a person.'],
    ['?status=callback_requested', 'Nobody is waiting for a callback.'],
    ['?status=accepted', 'Nobody is with an agent right now.'],
    ['?status=closed', 'No handoffs have been closed yet.'],
    ['?status=all', 'Nobody has asked for a person yet.'],
  ])('says so when the queue is empty (%s)', async (search, sentence) => {
    renderQueue(`${QUEUE}${search}`)
    expect(await screen.findByText(sentence)).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('shows the 403 page inside the portal to a role that may not work the queue', async () => {
    renderRoutes(
      [
        {
          id: 'routes/demo-portal/layout',
          path: '/demo-portal',
          loader: () => ({ user: userFixture('auditor') }),
          Component: () => <Outlet />,
          children: [
            {
              path: PATH,
              loader: () => {
                throw new Response('Only admins and QA supervisors can work the handoff queue.', { status: 403 })
              },
              Component: HandoffsPage,
              ErrorBoundary,
            },
          ],
        },
      ],
      QUEUE,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Only admins and QA supervisors can work the handoff queue.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the chatbot' })).toBeInTheDocument()
  })
})
