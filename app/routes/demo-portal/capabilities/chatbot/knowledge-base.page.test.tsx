// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderPortalPage } from '#tests/fixtures/portal-page'
import { args } from '#tests/fixtures/remix'
import { renderRoutes } from '#tests/fixtures/render'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { seedGap } from '~/components/chatbot/knowledge/test-data'
import KnowledgeBasePage, { ErrorBoundary, loader } from './knowledge-base'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'
const PATH = 'capabilities/chatbot/knowledge-base'

const renderList = (url = LIST) => renderPortalPage({ url, path: PATH, Component: KnowledgeBasePage, loader })

beforeEach(() => {
  resetChatbotMocks()
  Object.assign(chatbotState.articles[1], {
    indexed: false,
    keywords: ['card', 'stolen', 'nicked', 'lost', 'missing', 'pickpocket', 'wallet', 'purse'],
    questions: ['Someone took my purse', 'I left my card in a cash machine'],
    chunk_count: 3,
  })
})

describe('knowledge base page', () => {
  it('lists the articles with their campaign, keywords, questions, chunks, index state, and who saved them when', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Articles' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Campaign', 'Questions', 'Chunks', 'Search index', 'Updated', 'Actions'])
    const card = within(table).getByRole('row', { name: /Lost or stolen card/ })
    expect(within(card).getByRole('link', { name: 'Lost or stolen card' })).toHaveAttribute('href', `${LIST}/2`)
    // the first six keywords, and how many more the article's page shows
    expect(within(card).getByLabelText('Keywords of Lost or stolen card')).toHaveTextContent(
      /^cardstolennickedlostmissingpickpocket\+2 more$/,
    )
    expect(card).toHaveTextContent(
      /Retail banking inbound\s*2\s*3\s*Waiting to be indexed\s*20 Nov 2026, 10:00 UTC\s*by Sam Supervisor/,
    )
    expect(within(card).getByRole('link', { name: 'Edit Lost or stolen card' })).toHaveAttribute('href', `${LIST}/2`)
    expect(within(table).getByRole('row', { name: /Opening hours/ })).toHaveTextContent('Indexed')
    expect(screen.getByRole('link', { name: 'Add article' })).toHaveAttribute('href', `${LIST}/add`)
    expect(screen.getByText('4 articles')).toBeInTheDocument()
  })

  it('filters by search and campaign with a GET form, and says when nothing matches', async () => {
    renderList()
    const user = userEvent.setup()
    const search = await screen.findByRole('search', { name: 'Filter articles' })
    expect(search).toHaveAttribute('method', 'get')
    await user.type(within(search).getByLabelText('Search articles'), 'nothing like this')
    await user.selectOptions(within(search).getByLabelText('Campaign'), 'NovaTel Customer Care')
    await user.click(within(search).getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByText('No articles match these filters.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Clear' })).toHaveAttribute('href', LIST)
  })

  it('asks in a modal before deleting (with JavaScript), posting to the list’s action', async () => {
    renderList(`${LIST}?q=card`)
    const user = userEvent.setup()
    const link = await screen.findByRole('link', { name: 'Delete Lost or stolen card' })
    // without JavaScript the link is the confirmation step
    expect(link).toHaveAttribute('href', `${LIST}?q=card&confirm-delete=2`)
    await user.click(link)
    const dialog = await screen.findByRole('dialog', { name: 'Delete article' })
    expect(dialog).toHaveTextContent('Delete Lost or stolen card from the Retail banking inbound knowledge base?')
    expect(dialog.querySelector('form')).toHaveAttribute('action', LIST)
    expect(dialog.querySelector('input[name="article_id"]')).toHaveValue('2')
    expect(dialog.querySelector('input[name="intent"]')).toHaveValue('delete')
    expect(dialog.querySelector('input[name="redirectTo"]')).toHaveValue(`${LIST}?q=card`)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the knowledge gaps: counts per week and each question with its conversation and a way to fill it', async () => {
    const unanswered = seedGap({ question: 'Can I pay by cheque?' })
    const disliked = seedGap({ question: 'How do I read my meter?', campaignId: 2, thumbsDown: 'Too vague' })
    renderList()
    const section = await screen.findByRole('region', { name: 'Knowledge gaps' })
    const weeks = within(section).getByRole('table', { name: 'Knowledge gaps per week' })
    expect(
      within(weeks)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week of', 'Unanswered', 'Thumbs down'])
    expect(within(weeks).getAllByRole('row')[1]).toHaveTextContent(/\d{4}\s*1\s*1$/)
    const questions = within(section).getByRole('table', { name: 'Gap questions' })
    const cheque = within(questions).getByRole('row', { name: /Can I pay by cheque/ })
    expect(cheque).toHaveTextContent(/Retail banking inbound\s*Unanswered\s*—\s*1/)
    expect(within(cheque).getByRole('link', { name: /^Conversation #/ })).toHaveAttribute(
      'href',
      `/demo-portal/capabilities/chatbot/past_history/${unanswered}`,
    )
    expect(within(cheque).getByRole('link', { name: 'Write an article: Can I pay by cheque?' })).toHaveAttribute(
      'href',
      `${LIST}/add?title=Can+I+pay+by+cheque%3F&campaign_id=1`,
    )
    const meter = within(questions).getByRole('row', { name: /How do I read my meter/ })
    expect(meter).toHaveTextContent(/Energy collections\s*Thumbs down\s*Too vague/)
    expect(within(meter).getByRole('link', { name: /^Conversation #/ })).toHaveAttribute(
      'href',
      `/demo-portal/capabilities/chatbot/past_history/${disliked}`,
    )
  })

  it('says when there are no gaps', async () => {
    renderList()
    const section = await screen.findByRole('region', { name: 'Knowledge gaps' })
    expect(section).toHaveTextContent('No unanswered or thumbs-down questions in these weeks.')
    expect(section).toHaveTextContent('No gaps: every question was answered without a thumbs down.')
  })
})

describe('knowledge base page for a role that may not use it', () => {
  it('shows the 403 page inside the portal, with the way back', async () => {
    renderRoutes(
      [
        {
          id: 'routes/demo-portal/layout',
          path: '/demo-portal',
          loader: () => ({ user: userFixture('agent') }),
          Component: () => (
            <>
              <nav aria-label="Portal">Portal navigation</nav>
              <Outlet />
            </>
          ),
          children: [
            {
              path: PATH,
              loader: async ({ request }) =>
                loader(args(await requestWithTokens(new URL(request.url).pathname, tokensFor('agent')))),
              Component: KnowledgeBasePage,
              ErrorBoundary,
            },
          ],
        },
      ],
      LIST,
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Only admins and QA supervisors can manage the knowledge base.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the chatbot' })).toHaveAttribute(
      'href',
      '/demo-portal/capabilities/chatbot',
    )
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument()
    expect(screen.queryByText('Oops! something went wrong')).not.toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Articles' })).not.toBeInTheDocument()
  })
})
