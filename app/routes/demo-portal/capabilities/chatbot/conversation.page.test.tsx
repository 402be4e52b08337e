// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { SIGNATURE, seedCopilot, seedVoice, seedWebChat } from '~/components/chatbot/history/test-data'
import ConversationPage, { ErrorBoundary, loader } from './conversation'

const BASE = '/demo-portal/capabilities/chatbot'

function renderConversation(url: string, who: DemoKey = 'visitor') {
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
            path: 'capabilities/chatbot/:type/:conversationId',
            loader: async ({ request, params }) => {
              const u = new URL(request.url)
              const real = await requestWithTokens(`${u.pathname}${u.search}`, tokensFor(who))
              return loader(args(real, params as Record<string, string>))
            },
            Component: ConversationPage,
            ErrorBoundary,
          },
        ],
      },
    ],
    url,
  )
}

const facts = () => screen.getByLabelText('About this conversation')

beforeEach(() => resetChatbotMocks())

describe('conversation page', () => {
  it('shows the conversation with who and when, how long it is kept, and a copy to download', async () => {
    const web = seedWebChat()
    renderConversation(`${BASE}/chat_with_us/${web.conversation_id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'What are your opening hours?' })).toBeInTheDocument()
    expect(facts()).toHaveTextContent(
      /Channel\s*Chat with us\s*Campaign\s*Retail banking inbound\s*User\s*Val Visitor \(you\)\s*Started\s*20 Nov 2026, 09:30 UTC\s*Last message\s*20 Nov 2026, 09:31 UTC\s*Kept until/,
    )
    expect(screen.getByRole('link', { name: 'Download a copy' })).toHaveAttribute(
      'href',
      `/resources/chat-transcript/${web.conversation_id}`,
    )
    expect(screen.getByRole('link', { name: 'Chat with us conversations' })).toHaveAttribute(
      'href',
      `${BASE}/chat_with_us`,
    )
  })

  it('lists the messages in order, each styled by who wrote it, answers with their numbered sources', async () => {
    const web = seedWebChat()
    renderConversation(`${BASE}/past_history/${web.conversation_id}`)
    const list = await screen.findByRole('list', { name: 'Messages' })
    const items = [...list.children]
    expect(items).toHaveLength(6)
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['You at 09:30', 'Bot at 09:30', 'You at 09:30', 'Bot at 09:30', 'Agent at 09:30'])
    expect(items[4]).toHaveTextContent('Note: No agent is free right now. We have your callback request.')

    const answer = within(list).getAllByRole('article')[1]
    expect(within(answer).getByRole('link', { name: 'Source 2' })).toHaveAttribute(
      'href',
      `#source-${web.messages[1].message_id}-2`,
    )
    const sources = within(answer).getByRole('list', { name: 'Sources' })
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('summary')?.textContent),
    ).toEqual(['Opening hours', 'Weekend opening'])
    // the excerpt is in the page, behind its title
    const first = within(sources).getAllByRole('listitem')[0]
    expect(first.querySelector('details')).not.toHaveAttribute('open')
    expect(first).toHaveTextContent('Our phone lines are open from 8am to 8pm Monday to Friday.')
    expect(answer).toHaveTextContent('Feedback: 👍 helpful')
  })

  it('marks an "I don\'t know" with the closest articles, and the feedback given with its reason', async () => {
    const web = seedWebChat()
    renderConversation(`${BASE}/past_history/${web.conversation_id}`)
    const answer = (await screen.findAllByRole('article'))[3]
    expect(within(answer).getByText('I don’t know')).toBeInTheDocument()
    const closest = within(answer).getByRole('list', { name: 'The closest articles' })
    expect(
      within(closest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lost or stolen card', 'Opening hours'])
    expect(answer).toHaveTextContent('Feedback: 👎 not helpful — “Nothing about mortgages”')
  })

  it('shows the handoff: its status, the summary, the callback asked for and who took it', async () => {
    const web = seedWebChat()
    renderConversation(`${BASE}/past_history/${web.conversation_id}`)
    const box = await screen.findByRole('region', { name: 'Handed to a person' })
    expect(box).toHaveTextContent('With an agent')
    expect(box).toHaveTextContent('The customer asked: What are your opening hours?')
    expect(box).toHaveTextContent('ReasonThe bot could not help')
    expect(box).toHaveTextContent('CallbackVal Visitor +44 7700 900123 (after 5pm)')
    expect(box).toHaveTextContent('Taken bySam Supervisor')
  })

  it("shows a QA supervisor someone's copilot conversation: suggested replies and the data answer's link", async () => {
    const copilot = seedCopilot('agent')
    renderConversation(`${BASE}/trelli_chat/${copilot.conversation_id}`, 'supervisor')
    await screen.findByRole('heading', { level: 1, name: 'Customer lost their card' })
    expect(facts()).toHaveTextContent(/User\s*Grace Agent\s*Started/)
    const articles = screen.getAllByRole('article')
    expect(articles[0]).toHaveAccessibleName('Grace Agent at 09:30')
    const replies = within(articles[1]).getByRole('list', { name: 'Suggested replies' })
    expect(within(replies).getAllByRole('listitem')[0]).toHaveTextContent(
      'Please freeze your card in the app straight away.From: Lost card',
    )
    expect(within(replies).getAllByRole('listitem')).toHaveLength(2)
    expect(articles[3]).toHaveTextContent('4 failed evaluations')
    expect(within(articles[3]).getByRole('link', { name: 'See it in the portal' })).toHaveAttribute(
      'href',
      '/demo-portal/solutions/call-evaluation/evaluation-list?status=failed',
    )
    expect(screen.queryByRole('region', { name: 'Handed to a person' })).not.toBeInTheDocument()
  })

  it("plays a voice answer through the portal's audio route, with the time each stage took", async () => {
    const voice = seedVoice()
    const spoken = voice.messages[1]
    renderConversation(`${BASE}/trelli_talk/${voice.conversation_id}`)
    const player = await screen.findByLabelText('Spoken answer')
    expect(player.tagName).toBe('AUDIO')
    expect(player).toHaveAttribute('controls')
    expect(player).toHaveAttribute('src', `/resources/chat-audio/${spoken.message_id}?${SIGNATURE}`)
    expect(screen.getByLabelText('Time taken')).toHaveTextContent(
      'Speech to text900 msSearch2 msAnswer14 msText to speech40 msTotal956 ms',
    )
  })

  it('shows a conversation that is not there, or not yours, as not found inside the portal', async () => {
    const copilot = seedCopilot('agent')
    renderConversation(`${BASE}/trelli_chat/${copilot.conversation_id}`, 'visitor')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText('Conversation not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the conversations' })).toHaveAttribute(
      'href',
      `${BASE}/trelli_chat`,
    )
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument()
    expect(screen.queryByText('Oops! something went wrong')).not.toBeInTheDocument()
  })

  it("says 'Something went wrong in details Api Error' when the API fails", async () => {
    const web = seedWebChat()
    server.use(http.get(UPSTREAM + endpoints.chatConversation.path, () => errorReply(500, 'Database unavailable')))
    renderConversation(`${BASE}/past_history/${web.conversation_id}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong in details Api Error')
    expect(alert).toHaveTextContent('Database unavailable')
    expect(screen.getByRole('link', { name: 'Past conversations' })).toHaveAttribute('href', `${BASE}/past_history`)
  })
})
