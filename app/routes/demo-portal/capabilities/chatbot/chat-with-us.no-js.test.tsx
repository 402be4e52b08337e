import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { resetChatbotMocks } from '#tests/mocks/chatbot'
import ChatWithUsPage, { action, loader } from './chat-with-us'

const PAGE = '/demo-portal/capabilities/chatbot/chatWithUs'

/** The chat as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search: string) {
  const request = await requestWithTokens(`${PAGE}${search}`, tokensFor('visitor'))
  const result = await run(() => loader(args(request)))
  return serverHtml({
    url: `${PAGE}${search}`,
    path: 'capabilities/chatbot/chatWithUs',
    Component: ChatWithUsPage,
    data: result.body,
    user: userFixture('visitor'),
  })
}

beforeEach(() => resetChatbotMocks())

describe('chatWithUs in the server HTML', { timeout: 15_000 }, () => {
  it('lets a visitor pick a company with plain links', async () => {
    const { screen } = await serverPage('')
    const link = screen.getByRole('link', { name: 'Chat with Acme Bank' })
    expect(link).toHaveAttribute('href', `${PAGE}?campaign=1`)
  })

  it('renders the whole conversation with plain forms: the message box, feedback and "Talk to a person"', async () => {
    const request = await requestWithTokens(`${PAGE}?campaign=1`, tokensFor('visitor'), {
      method: 'POST',
      body: new URLSearchParams({ intent: 'ask', campaign_id: '1', message: 'What are your opening hours?' }),
    })
    const asked = await run(() => action(args(request)))
    const search = asked.headers.get('Location')!.slice(PAGE.length).split('#')[0]!
    const { screen, document } = await serverPage(search)

    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(log).toHaveAttribute('aria-live', 'polite')
    const [question, answer] = within(log).getAllByRole('article')
    expect(question).toHaveTextContent('What are your opening hours?')
    expect(answer).toHaveTextContent(/8am to 8pm/)
    const sources = within(answer!).getByRole('list', { name: 'Sources' })
    expect(sources.querySelector('details summary')).toHaveTextContent('Opening hours')

    const ask = screen.getByRole('form', { name: 'Your message' })
    expect(ask).toHaveAttribute('method', 'post')
    expect(ask.querySelector('input[name="intent"]')).toHaveValue('ask')
    expect(ask.querySelector('input[name="conversation_id"]')).toHaveValue(search.match(/conversation=(\d+)/)![1])
    expect(within(ask).getByRole('textbox', { name: 'Your message' })).toHaveAttribute('name', 'message')

    const feedback = within(answer!).getByRole('form', { name: 'Was this answer helpful?' })
    expect(feedback).toHaveAttribute('method', 'post')
    expect(within(feedback).getByRole('button', { name: 'No' })).toHaveAttribute('name', 'rating')

    const person = screen.getByRole('form', { name: 'Talk to a person' })
    expect(person).toHaveAttribute('method', 'post')
    expect(within(person).getByRole('button', { name: 'Talk to a person' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('link', { name: 'Download a copy' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/resources\/chat-transcript\/\d+$/),
    )
    expect(document.querySelector('#latest')).not.toBeNull()
  })
})
