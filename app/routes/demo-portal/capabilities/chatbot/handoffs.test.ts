import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Handoff } from '#contract/chatbot'
import type { Paged } from '#contract/envelope'
import { endpoints } from '#contract/endpoints'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { chatbotState, resetChatbotMocks } from '#tests/mocks/chatbot'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { seedHandoff } from '~/components/chatbot/knowledge/test-data'
import { getToast } from '~/sessions.server'
import { action, loader } from './handoffs'

const QUEUE = '/demo-portal/capabilities/chatbot/handoffs'
const FORBIDDEN = 'Only admins and QA supervisors can work the handoff queue.'

type QueueData = {
  query: { status: string; campaign_id?: number; page: number }
  list: { value: Paged<Handoff> | null; error: string | null }
  campaigns: { value: string; label: string }[]
}

async function load(search = '', who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(`${QUEUE}${search}`, tokensFor(who))
  return run<QueueData>(() => loader(args(request)))
}

async function post(fields: Record<string, string>, who: DemoKey = 'supervisor') {
  const request = await requestWithTokens(QUEUE, tokensFor(who), { method: 'POST', body: new URLSearchParams(fields) })
  return run(() => action(args(request)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))!
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

const handoffOf = (id: number) => chatbotState.conversations.find((c) => c.handoff?.handoff_id === id)!.handoff!

let waiting: Handoff, callback: Handoff, taken: Handoff, closed: Handoff
beforeEach(() => {
  resetChatbotMocks()
  waiting = seedHandoff('queued', { reason: 'The bot could not help' })
  callback = seedHandoff('callback_requested', {
    callback_name: 'Val Visitor',
    callback_phone: '+44 7700 900123',
    callback_time: 'after 5pm',
  })
  taken = seedHandoff('accepted')
  closed = seedHandoff('closed')
})

describe('handoff queue loader', () => {
  it('shows who is waiting for a person by default, with the campaigns to filter by', async () => {
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.query).toEqual({ status: 'queued', page: 1 })
    expect(result.body.list.value?.results.map((h) => h.handoff_id)).toEqual([waiting.handoff_id])
    expect(result.body.campaigns.map((c) => c.label)).toContain('Acme Bank Retail')
  })

  it('filters by each status, and shows them all', async () => {
    const ids = async (search: string) => (await load(search)).body.list.value?.results.map((h) => h.handoff_id)
    expect(await ids('?status=callback_requested')).toEqual([callback.handoff_id])
    expect(await ids('?status=accepted')).toEqual([taken.handoff_id])
    expect(await ids('?status=closed')).toEqual([closed.handoff_id])
    expect(await ids('?status=all')).toEqual([waiting, callback, taken, closed].map((h) => h.handoff_id))
  })

  it('forwards the status, campaign and page to the API; "all" sends no status', async () => {
    let sent: Record<string, string> = {}
    server.use(
      http.get(UPSTREAM + endpoints.chatHandoffs.path, ({ request }) => {
        sent = Object.fromEntries(new URL(request.url).searchParams)
      }),
    )
    await load('?status=callback_requested&campaign_id=2&page=1')
    expect(sent).toEqual({ status: 'callback_requested', campaign_id: '2', page: '1', page_size: '10' })
    await load('?status=all')
    expect(sent).toEqual({ page: '1', page_size: '10' })
    // nonsense reads as the default view
    await load('?status=everything&campaign_id=x&page=0')
    expect(sent).toEqual({ status: 'queued', page: '1', page_size: '10' })
  })

  it('says why when the queue cannot be loaded', async () => {
    server.use(http.get(UPSTREAM + endpoints.chatHandoffs.path, () => errorReply(500, 'Queue unavailable')))
    const result = await load()
    expect(result.status).toBe(200)
    expect(result.body.list).toEqual({ value: null, error: 'Queue unavailable' })
  })

  it.each(['auditor', 'agent', 'visitor'] as const)('answers a %s with the 403 page', async (who) => {
    const result = await load('', who)
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(403)
    expect(result.body).toBe(FORBIDDEN)
  })
})

describe('handoff queue action', () => {
  it('takes a waiting conversation, then back to the queue as it was with a toast', async () => {
    const result = await post({
      intent: 'accept',
      handoff_id: String(waiting.handoff_id),
      redirectTo: `${QUEUE}?campaign_id=1`,
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${QUEUE}?campaign_id=1`)
    expect(await toastOf(result.headers)).toMatchObject({
      type: 'success',
      title: 'Taken',
      message: 'The conversation with Val Visitor is yours now.',
    })
    expect(handoffOf(waiting.handoff_id)).toMatchObject({ status: 'accepted', accepted_by: 'Sam Supervisor' })
  })

  it('takes a callback request too, and closes a handoff', async () => {
    await post({ intent: 'accept', handoff_id: String(callback.handoff_id) }, 'admin')
    expect(handoffOf(callback.handoff_id)).toMatchObject({ status: 'accepted', accepted_by: 'Ada Admin' })
    const result = await post({
      intent: 'close',
      handoff_id: String(taken.handoff_id),
      redirectTo: `${QUEUE}?status=accepted`,
    })
    expect(result.headers.get('Location')).toBe(`${QUEUE}?status=accepted`)
    expect(await toastOf(result.headers)).toMatchObject({ type: 'success', title: 'Closed' })
    expect(handoffOf(taken.handoff_id).status).toBe('closed')
  })

  it("shows the API's 409 as an error toast when the conversation is no longer waiting", async () => {
    const result = await post({ intent: 'accept', handoff_id: String(taken.handoff_id), redirectTo: QUEUE })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(QUEUE)
    expect(await toastOf(result.headers)).toMatchObject({
      type: 'error',
      title: 'Could not take it',
      message: 'Only a waiting conversation can be taken',
    })
    expect(handoffOf(taken.handoff_id).accepted_by).toBe('Sam Supervisor')
  })

  it('says so when the handoff is gone, and never redirects off the queue', async () => {
    const result = await post({ intent: 'close', handoff_id: '999999', redirectTo: 'https://evil.example/' })
    expect(result.headers.get('Location')).toBe(QUEUE)
    expect(await toastOf(result.headers)).toMatchObject({ type: 'error', message: 'Handoff not found' })
  })

  it('refuses a post without a valid intent or handoff, without calling the API', async () => {
    server.use(http.put(UPSTREAM + endpoints.chatHandoffAction.path, () => HttpResponse.error()))
    const invalid: Record<string, string>[] = [
      { intent: 'accept', handoff_id: 'x' },
      { handoff_id: '5001' },
      { intent: 'delete', handoff_id: '1' },
    ]
    for (const fields of invalid) {
      const result = await post(fields)
      expect(result.headers.get('Location')).toBe(QUEUE)
      expect(await toastOf(result.headers)).toMatchObject({
        type: 'error',
        message: 'Choose a conversation to take or close',
      })
    }
  })

  it('answers an agent with the 403 page and changes nothing', async () => {
    const result = await post({ intent: 'accept', handoff_id: String(waiting.handoff_id) }, 'agent')
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(403)
    expect(result.body).toBe(FORBIDDEN)
    expect(handoffOf(waiting.handoff_id).status).toBe('queued')
  })
})
