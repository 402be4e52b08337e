// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { seedConversation, seedCopilot, seedVoice, seedWebChat } from '~/components/chatbot/history/test-data'
import ChatHistoryPage, { ErrorBoundary, loader } from './history'

const BASE = '/demo-portal/capabilities/chatbot'

function renderHistory(url = `${BASE}/past_history`, who: DemoKey = 'visitor') {
  renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => (
          <>
            <nav aria-label="Portal">Portal navigation</nav>
            <Outlet />
          </>
        ),
        children: [
          {
            path: 'capabilities/chatbot/:type',
            loader: async ({ request, params }) => {
              const u = new URL(request.url)
              const real = await requestWithTokens(`${u.pathname}${u.search}`, tokensFor(who))
              return loader(args(real, params as Record<string, string>))
            },
            Component: ChatHistoryPage,
            ErrorBoundary,
          },
          { path: 'capabilities/chatbot/:type/:conversationId', Component: () => <p>The conversation page</p> },
        ],
      },
    ],
    url,
  )
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)

let web: ReturnType<typeof seedWebChat>
beforeEach(() => {
  resetChatbotMocks()
  web = seedWebChat()
  seedCopilot('agent')
  seedVoice('visitor')
})

describe('conversation history page', () => {
  it('lists your conversations, each opening its page, with the figures as text and the export', async () => {
    renderHistory()
    const table = await screen.findByRole('table', { name: 'Past conversations' })
    expect(screen.getByRole('heading', { level: 1, name: 'Past conversations' })).toBeInTheDocument()
    expect(headers(table)).toEqual([
      'Last message',
      'Channel',
      'Campaign',
      'Conversation',
      'Messages',
      'Didn’t know',
      'Feedback',
      'Handoff',
    ])
    const row = within(table).getByRole('row', { name: /What are your opening hours\?/ })
    expect(within(row).getByRole('link', { name: 'What are your opening hours?' })).toHaveAttribute(
      'href',
      `${BASE}/past_history/${web.conversation_id}`,
    )
    expect(row).toHaveTextContent(
      /20 Nov 2026, 09:31 UTC\s*Chat with us\s*Retail banking inbound\s*What are your opening hours\?\s*6\s*1\s*👍 1 · 👎 1\s*With an agent/,
    )
    expect(within(table).getByRole('row', { name: /Opening hours \(spoken\)/ })).toHaveTextContent('trelliTalk voice')
    expect(screen.getByText('2 conversations')).toBeInTheDocument()

    const figures = screen.getByLabelText('Figures')
    expect(figures).toHaveTextContent(/Conversations\s*2\s*3 questions/)
    expect(figures).toHaveTextContent(/Answered\s*67%\s*2 of 3 answers/)
    expect(figures).toHaveTextContent(/“I don’t know”\s*1/)
    expect(figures).toHaveTextContent(/Thumbs up\s*👍 1/)
    expect(figures).toHaveTextContent(/Thumbs down\s*👎 1/)
    expect(figures).toHaveTextContent(/Handoffs\s*1/)

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/resources/chat-export')
    expect(screen.getByRole('link', { name: 'Chatbot' })).toHaveAttribute('href', BASE)
  })

  it('links the four lists, marking this one, and shows the user column to a QA supervisor', async () => {
    renderHistory(`${BASE}/trelli_chat`, 'supervisor')
    const table = await screen.findByRole('table', { name: 'trelliChat conversations' })
    expect(headers(table)).toContain('User')
    expect(within(table).getByRole('row', { name: /Customer lost their card/ })).toHaveTextContent('Grace Agent')
    const tabs = screen.getByRole('navigation', { name: 'Conversations by channel' })
    const links = within(tabs).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All channels', `${BASE}/past_history`],
      ['Chat with us', `${BASE}/chat_with_us`],
      ['trelliChat copilot', `${BASE}/trelli_chat`],
      ['trelliTalk voice', `${BASE}/trelli_talk`],
    ])
    expect(within(tabs).getByRole('link', { name: 'trelliChat copilot' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/resources/chat-export?channel=trelli_chat',
    )
  })

  it('filters with a GET form whose values stay in the URL, the tabs and the export', async () => {
    renderHistory()
    const user = userEvent.setup()
    const form = await screen.findByRole('search', { name: 'Filter conversations' })
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', `${BASE}/past_history`)
    expect(
      within(within(form).getByLabelText('Campaign'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All campaigns', 'Acme Bank Retail', 'NovaTel Customer Care', 'Harbor Health Scheduling'])
    await user.type(within(form).getByLabelText('Search conversations'), 'mortgage')
    await user.selectOptions(within(form).getByLabelText('Feedback'), '👎 Thumbs down')
    await user.selectOptions(within(form).getByLabelText('Answers'), 'Unanswered only')
    await user.type(within(form).getByLabelText('From'), '2026-11-01')
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))

    const table = await screen.findByRole('table', { name: 'Past conversations' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    const kept = 'q=mortgage&feedback=down&dont_know=true&from=2026-11-01'
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/resources/chat-export?${kept}`)
    expect(screen.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', `${BASE}/chat_with_us?${kept}`)
    expect(screen.getByLabelText('Search conversations')).toHaveValue('mortgage')
    expect(screen.getByLabelText('Answers')).toHaveValue('true')
    expect(screen.getByRole('link', { name: 'Clear' })).toHaveAttribute('href', `${BASE}/past_history`)
  })

  it('says which filters were not applied, and when nothing matches', async () => {
    renderHistory(`${BASE}/past_history?q=nobody-said-this&from=yesterday`)
    expect(await screen.findByText('No conversations match these filters.')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Some filters were not applied')
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Use a date like 2026-01-31')
    expect(screen.queryByRole('link', { name: 'Start a conversation' })).not.toBeInTheDocument()
  })

  it('pages ten at a time with links that keep the filters', async () => {
    for (let i = 1; i <= 11; i++) seedConversation({ title: `Question ${i}` })
    renderHistory(`${BASE}/chat_with_us?q=question`)
    const table = await screen.findByRole('table', { name: 'Chat with us conversations' })
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(screen.getByText('11 conversations · page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${BASE}/chat_with_us?q=question&page=2`)
  })

  it('offers to start a conversation when there is none yet, on the channel of the list', async () => {
    resetChatbotMocks()
    renderHistory(`${BASE}/trelli_talk`)
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start a conversation' })).toHaveAttribute('href', `${BASE}/trelliTalk`)
  })

  it("says 'something went wrong in list api' when the list fails, keeping the figures and the filters", async () => {
    server.use(http.get(UPSTREAM + endpoints.chatConversations.path, () => errorReply(500, 'Database unavailable')))
    renderHistory(`${BASE}/past_history?q=hours`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('something went wrong in list api')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByLabelText('Search conversations')).toHaveValue('hours')
    expect(screen.getByLabelText('Figures')).toHaveTextContent(/Conversations\s*2/)
  })

  it('shows a list type that does not exist as not found, inside the portal', async () => {
    renderHistory(`${BASE}/everything`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText('There is no such conversation list.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the chatbot' })).toHaveAttribute('href', BASE)
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument()
    expect(screen.queryByText('Oops! something went wrong')).not.toBeInTheDocument()
  })
})
