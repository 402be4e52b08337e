import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { seedGap } from '~/components/chatbot/knowledge/test-data'
import { getToast } from '~/sessions.server'
import KnowledgeBasePage, { action, loader } from './knowledge-base'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'

/** The list as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '') {
  const url = `${LIST}${search}`
  const result = await run(async () => loader(args(await requestWithTokens(url, tokensFor('supervisor')))))
  expect(result.status).toBe(200)
  return serverHtml({
    url,
    path: 'capabilities/chatbot/knowledge-base',
    Component: KnowledgeBasePage,
    data: result.body,
    user: userFixture('supervisor'),
  })
}

/** What a browser posts for a form: its fields' names and values. */
const fieldsOf = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll('input, select, textarea')].flatMap((e) => {
      const name = e.getAttribute('name')
      return name ? [[name, (e as HTMLInputElement).value]] : []
    }),
  ) as Record<string, string>

beforeEach(() => resetChatbotMocks())

describe('knowledge base without JavaScript', { timeout: 15_000 }, () => {
  it('filters with a plain GET form to its own URL, filled from the URL, and pages with links that keep it', async () => {
    for (let n = 0; n < 12; n++) {
      chatbotState.articles.push({ ...chatbotState.articles[0], article_id: 50 + n, title: `Branch hours ${n}` })
    }
    const { document, screen } = await serverPage('?q=hours&campaign_id=1')
    const form = document.querySelector('form[aria-label="Filter articles"]')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(LIST)
    expect(Object.keys(fieldsOf(form))).toEqual(['q', 'campaign_id'])
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('hours')
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveValue('1')
    expect(within(form as HTMLElement).getByRole('button', { name: 'Apply filters' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('table', { name: 'Articles' })).toHaveTextContent('Branch hours 0')
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', `${LIST}?q=hours&campaign_id=1&page=2`)
  })

  it('confirms a delete in the page (the row’s link), then deletes with a plain POST', async () => {
    const first = await serverPage('?q=card')
    const link = first.screen.getByRole('link', { name: 'Delete Lost or stolen card' })
    expect(link.getAttribute('href')).toBe(`${LIST}?q=card&confirm-delete=2`)

    const { screen } = await serverPage('?q=card&confirm-delete=2')
    const panel = screen.getByRole('region', { name: 'Delete article' })
    expect(panel).toHaveTextContent('Delete Lost or stolen card from the Retail banking inbound knowledge base?')
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${LIST}?q=card`)
    const form = panel.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(LIST)
    const fields = fieldsOf(form)
    expect(fields).toEqual({ intent: 'delete', article_id: '2', redirectTo: `${LIST}?q=card` })

    const request = await requestWithTokens(LIST, tokensFor('supervisor'), {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    const posted = await run(() => action(args(request)))
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe(`${LIST}?q=card`)
    const cookie = posted.headers
      .getSetCookie()
      .find((c) => c.startsWith('toast='))!
      .split(';')[0]
    const { toast } = await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
    expect(toast).toMatchObject({ message: 'Article deleted successfully' })
    expect(chatbotState.articles.some((a) => a.article_id === 2)).toBe(false)
  })

  it('has the gap figures in the HTML as a table, and “Write an article” as plain links', async () => {
    seedGap({ question: 'Can I pay by cheque?' })
    seedGap({ question: 'Can I pay by cheque?', thumbsDown: 'Wrong answer' })
    const { screen } = await serverPage()
    const weeks = screen.getByRole('table', { name: 'Knowledge gaps per week' })
    expect(within(weeks).getAllByRole('row')[1]).toHaveTextContent(/1\s*1$/)
    const links = screen.getAllByRole('link', { name: 'Write an article: Can I pay by cheque?' })
    expect(links).toHaveLength(2)
    for (const link of links)
      expect(link.getAttribute('href')).toBe(`${LIST}/add?title=Can+I+pay+by+cheque%3F&campaign_id=1`)
  })
})
