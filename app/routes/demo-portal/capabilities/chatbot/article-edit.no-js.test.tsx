import { MantineProvider } from '@mantine/core'
import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { within } from '@testing-library/dom'
// @ts-expect-error -- jsdom ships no types; only `new JSDOM(html).window.document` is used here
import { JSDOM } from 'jsdom'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { getToast } from '~/sessions.server'
import { theme } from '~/theme'
import ArticleEditPage, { action, loader } from './article-edit'
import { action as listAction } from './knowledge-base'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'
const PATH = 'capabilities/chatbot/knowledge-base/:articleId'
const BODY = 'We no longer take cheques.\n\nPay by card, by bank transfer or by direct debit instead.'

const paramsOf = (articleId?: string): Record<string, string> => (articleId ? { articleId } : {})
const urlOf = (articleId?: string) => (articleId ? `${LIST}/${articleId}` : `${LIST}/add`)

async function loaded(url: string, articleId?: string) {
  const result = await run(async () =>
    loader(args(await requestWithTokens(url, tokensFor('supervisor')), paramsOf(articleId))),
  )
  expect(result.status).toBe(200)
  return result.body
}

/** The page as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '', articleId?: string) {
  const url = `${urlOf(articleId)}${search}`
  return serverHtml({
    url,
    path: PATH,
    Component: ArticleEditPage,
    data: await loaded(url, articleId),
    user: userFixture('supervisor'),
  })
}

/**
 * The page as the server sends it after a plain POST: the action's real answer (a 400 with the
 * errors) and the loader's data, both real. (The shared fixture takes loader data only.)
 */
async function afterPost(fields: Record<string, string>, articleId?: string) {
  const url = urlOf(articleId)
  const request = await requestWithTokens(url, tokensFor('supervisor'), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  const posted = await run(() => action(args(request, paramsOf(articleId))))
  const data = await loaded(url, articleId)
  const Stub = createRemixStub([
    {
      id: 'routes/demo-portal/layout',
      path: '/demo-portal',
      loader: () => null,
      Component: () => <Outlet />,
      children: [{ id: 'page', path: PATH, loader: () => null, action: () => null, Component: ArticleEditPage }],
    },
  ])
  const quiet = console.error
  console.error = (...rest: unknown[]) => {
    if (typeof rest[0] === 'string' && rest[0].includes('useLayoutEffect does nothing on the server')) return
    quiet(...rest)
  }
  let html: string
  try {
    html = renderToString(
      <MantineProvider theme={theme} env="test">
        <Stub
          initialEntries={[url]}
          hydrationData={{
            loaderData: { 'routes/demo-portal/layout': { user: userFixture('supervisor') }, page: data },
            actionData: { page: posted.body },
          }}
        />
      </MantineProvider>,
    )
  } finally {
    console.error = quiet
  }
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window as Window
  return { status: posted.status, headers: posted.headers, screen: within(document.body), document }
}

const fieldsOf = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll('input, select, textarea')].flatMap((e) => {
      const name = e.getAttribute('name')
      return name ? [[name, (e as HTMLInputElement).value]] : []
    }),
  ) as Record<string, string>

async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .find((c) => c.startsWith('toast='))!
    .split(';')[0]
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie } }))).toast
}

beforeEach(() => resetChatbotMocks())

describe('the article form without JavaScript', { timeout: 15_000 }, () => {
  it('is one plain POST form, prefilled from a knowledge gap', async () => {
    const { document, screen } = await serverPage('?title=Can+I+pay+by+cheque%3F&campaign_id=2')
    const form = screen.getByRole('button', { name: 'Create article' }).closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${LIST}/add?title=Can+I+pay+by+cheque%3F&campaign_id=2`)
    expect(form.getAttribute('enctype')).not.toBe('multipart/form-data')
    expect(Object.keys(fieldsOf(form))).toEqual(['campaign_id', 'title', 'keywords', 'questions', 'body'])
    expect(screen.getByRole('combobox', { name: /Campaign/ })).toHaveValue('2')
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Can I pay by cheque?')
    // the customer's question is the first the article answers, as they worded it
    expect(screen.getByRole('textbox', { name: /Questions it answers/ })).toHaveValue('Can I pay by cheque?')
    expect(document.querySelector('textarea[name="body"]')).not.toBeNull()
    expect(screen.getByText(/Separate paragraphs with a blank line/)).toBeTruthy()
    // no browser-only checks that stop at the first field: the server reports every error in one round
    expect(form.hasAttribute('novalidate')).toBe(true)
  })

  it('re-renders a refused post with every field error and the values typed', async () => {
    const { status, screen, document } = await afterPost({
      campaign_id: '',
      title: 'Hi',
      keywords: 'cheque, post',
      body: 'Too short',
    })
    expect(status).toBe(400)
    for (const message of [
      'Choose a campaign',
      'Give the article a title of at least 3 characters',
      'Write at least 40 characters',
    ]) {
      expect(screen.getAllByText(message).some((e) => e.classList.contains('mantine-InputWrapper-error'))).toBe(true)
    }
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Hi')
    expect(screen.getByRole('textbox', { name: /Keywords/ })).toHaveValue('cheque, post')
    expect(document.querySelector('textarea[name="body"]')?.textContent).toBe('Too short')
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true')
  })

  it('re-renders the API’s refusal as the form’s alert, and a valid post redirects with a toast', async () => {
    const refused = await afterPost({ campaign_id: '99', title: 'Paying by cheque', keywords: '', body: BODY })
    expect(refused.status).toBe(404)
    expect(refused.screen.getByRole('alert')).toHaveTextContent('Campaign not found')

    const saved = await afterPost({ campaign_id: '1', title: 'Paying by cheque', keywords: 'cheque', body: BODY })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe(LIST)
    expect(await toastOf(saved.headers)).toMatchObject({ message: 'Article created successfully' })
  })

  it('edits in place: the form holds the article, and a post saves it with a toast', async () => {
    const { screen } = await serverPage('', '3')
    const form = screen.getByRole('button', { name: 'Save changes' }).closest('form')!
    expect(form.getAttribute('action')).toBe(`${LIST}/3`)
    const fields = fieldsOf(form)
    expect(fields).toMatchObject({ article_id: '3', campaign_id: '2', title: 'Submitting a meter reading' })
    const saved = await afterPost({ ...fields, title: 'Sending a meter reading' }, '3')
    expect(saved.status).toBe(302)
    expect(await toastOf(saved.headers)).toMatchObject({ message: 'Article updated successfully' })
    expect(chatbotState.articles.find((a) => a.article_id === 3)?.title).toBe('Sending a meter reading')
  })

  it('confirms a delete in the page, posting to the list, which deletes and says so', async () => {
    const first = await serverPage('', '3')
    expect(first.screen.getByRole('link', { name: 'Delete Submitting a meter reading' })).toHaveAttribute(
      'href',
      `${LIST}/3?confirm-delete=1`,
    )
    const { screen } = await serverPage('?confirm-delete=1', '3')
    const panel = screen.getByRole('region', { name: 'Delete article' })
    expect(within(panel).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `${LIST}/3`)
    const form = panel.querySelector('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(LIST)
    const fields = fieldsOf(form)
    expect(fields).toEqual({ intent: 'delete', article_id: '3', redirectTo: LIST })
    const request = await requestWithTokens(LIST, tokensFor('supervisor'), {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    const posted = await run(() => listAction(args(request)))
    expect(posted.headers.get('Location')).toBe(LIST)
    expect(await toastOf(posted.headers)).toMatchObject({ message: 'Article deleted successfully' })
    expect(chatbotState.articles.some((a) => a.article_id === 3)).toBe(false)
  })
})
