import { within } from '@testing-library/dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { seedHandoff } from '~/components/chatbot/knowledge/test-data'
import { getToast } from '~/sessions.server'
import HandoffsPage, { action, loader } from './handoffs'

const QUEUE = '/demo-portal/capabilities/chatbot/handoffs'

/** The queue as the server sends it, from the loader's real answer (no JavaScript runs). */
async function serverPage(search = '') {
  const url = `${QUEUE}${search}`
  const result = await run(async () => loader(args(await requestWithTokens(url, tokensFor('supervisor')))))
  expect(result.status).toBe(200)
  return serverHtml({
    url,
    path: 'capabilities/chatbot/handoffs',
    Component: HandoffsPage,
    data: result.body,
    user: userFixture('supervisor'),
  })
}

const fieldsOf = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll('input, select')].flatMap((e) => {
      const name = e.getAttribute('name')
      return name ? [[name, (e as HTMLInputElement).value]] : []
    }),
  ) as Record<string, string>

/** Posts a form's fields the way a browser without JavaScript does, to the page's action. */
async function submit(form: Element) {
  const request = await requestWithTokens(QUEUE, tokensFor('supervisor'), {
    method: 'POST',
    body: new URLSearchParams(fieldsOf(form)),
  })
  const posted = await run(() => action(args(request)))
  const cookie = posted.headers
    .getSetCookie()
    .find((c) => c.startsWith('toast='))!
    .split(';')[0]
  const { toast } = await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie } }))
  return { status: posted.status, location: posted.headers.get('Location'), toast }
}

const handoffOf = (id: number) => chatbotState.conversations.find((c) => c.handoff?.handoff_id === id)!.handoff!

beforeEach(() => resetChatbotMocks())

describe('the handoff queue without JavaScript', { timeout: 15_000 }, () => {
  it('takes a conversation with a plain POST form, and comes back to the queue as it was', async () => {
    const waiting = seedHandoff('queued', { customer: 'Priya Shah' })
    const { screen } = await serverPage('?campaign_id=1')
    const item = screen.getByRole('article', { name: 'Priya Shah' })
    expect(item).toHaveTextContent(/asked 5 minutes ago \(.+ UTC\)/)
    const form = within(item).getByRole('button', { name: 'Take' }).closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe(`${QUEUE}?campaign_id=1`)
    expect(fieldsOf(form)).toEqual({
      intent: 'accept',
      handoff_id: String(waiting.handoff_id),
      redirectTo: `${QUEUE}?campaign_id=1`,
    })
    const taken = await submit(form)
    expect(taken).toMatchObject({
      status: 302,
      location: `${QUEUE}?campaign_id=1`,
      toast: { type: 'success', title: 'Taken' },
    })
    expect(handoffOf(waiting.handoff_id).status).toBe('accepted')
  })

  it('closes with its own form; a Take that comes too late is an error toast with the reason', async () => {
    const waiting = seedHandoff('queued', { customer: 'Tom Reed' })
    const { screen } = await serverPage()
    const item = screen.getByRole('article', { name: 'Tom Reed' })
    const take = within(item).getByRole('button', { name: 'Take' }).closest('form')!
    const close = within(item).getByRole('button', { name: 'Close' }).closest('form')!
    expect(fieldsOf(close)).toMatchObject({ intent: 'close', handoff_id: String(waiting.handoff_id) })
    expect(await submit(close)).toMatchObject({ status: 302, location: QUEUE, toast: { title: 'Closed' } })
    // the page still showed Take: someone else was quicker (here: it was closed)
    expect(await submit(take)).toMatchObject({
      status: 302,
      location: QUEUE,
      toast: { type: 'error', message: 'Only a waiting conversation can be taken' },
    })
  })

  it('filters with plain links and a GET form that keeps the status', async () => {
    seedHandoff('callback_requested', { customer: 'Ana Lima', callback_name: 'Ana', callback_phone: '020 7946 0000' })
    const { screen, document } = await serverPage('?status=callback_requested&campaign_id=2')
    const nav = screen.getByRole('navigation', { name: 'Handoffs by status' })
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('href', `${QUEUE}?status=all&campaign_id=2`)
    expect(within(nav).getByRole('link', { name: 'Callbacks' })).toHaveAttribute('aria-current', 'page')
    const form = document.querySelector('form[aria-label="Filter handoffs"]')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(QUEUE)
    expect(fieldsOf(form)).toEqual({ status: 'callback_requested', campaign_id: '2' })
    expect(screen.getByRole('article', { name: 'Ana Lima' })).toHaveTextContent('Call back Ana on 020 7946 0000')
  })
})
