import { beforeEach, describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { multipartRequest } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { demoUsers } from '#tests/fixtures/users'
import { resetScoringMocks, scoringState } from '#tests/mocks/agent-scoring'
import { getToast } from '~/sessions.server'
import { action, loader } from './demo'

const DEMO = '/demo-portal/solutions/ai-agent-scoring/demo'

type Options = {
  agents: { id: number; name: string }[]
  campaigns: { id: number; name: string }[]
  templates: { id: string; name: string }[]
}
type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }

async function paste(fields: Record<string, string>) {
  const request = await requestWithTokens(DEMO, tokensFor('visitor'), {
    method: 'POST',
    body: new URLSearchParams({ intent: 'paste', ...fields }),
  })
  return run<Reply>(() => action(args(request)))
}

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='))
  if (!cookie) return null
  return (await getToast(new Request('http://portal.test/', { headers: { Cookie: cookie.split(';')[0] } }))).toast
}

let options: Options
const chat = 'Customer: my card was declined\nAgent: Thank you for contacting Acme Bank, let me check that for you.'

beforeEach(async () => {
  resetScoringMocks()
  const loaded = await run<Options>(async () => loader(args(await requestWithTokens(DEMO, tokensFor('visitor')))))
  expect(loaded.status).toBe(200)
  options = loaded.body
})

const who = () => ({
  agent_id: String(options.agents.find((a) => a.id === demoUsers.agent.id)!.id),
  campaign_id: String(options.campaigns[0]!.id),
})

describe('the scoring demo page', () => {
  it('offers a visitor the agents, campaigns and active templates to score against', () => {
    expect(options.agents.map((a) => a.id)).toContain(demoUsers.agent.id)
    expect(options.campaigns.length).toBeGreaterThan(0)
    expect(options.templates.length).toBeGreaterThan(0)
  })

  it('scores a pasted chat against the campaign’s default and opens its page', async () => {
    const result = await paste({ channel: 'chat', text: chat, ...who(), template_internal_id: '' })
    expect(result.status).toBe(302)
    const created = scoringState.created[0]!
    expect(created).toMatchObject({
      kind: 'json',
      channel: 'chat',
      by: 'visitor',
      agent_id: demoUsers.agent.id,
      template_internal_id: undefined,
    })
    expect(result.headers.get('Location')).toBe(`/demo-portal/solutions/ai-agent-scoring/pending/${created.item_id}`)
    expect(await toastOf(result.headers)).toMatchObject({ title: 'Sent for scoring' })
  })

  it('says what is missing before asking the API, and keeps what was typed', async () => {
    const result = await paste({ channel: 'chat', text: chat, agent_id: '', campaign_id: '' })
    expect(result.status).toBe(400)
    expect(result.body.result.error?.agent_id).toEqual(['Choose the agent'])
    expect(result.body.result.error?.campaign_id).toEqual(['Choose the campaign'])
    expect(scoringState.created).toEqual([])
    const empty = await paste({ channel: 'chat', text: '  ', ...who() })
    expect(empty.body.result.error?.text).toEqual(['Paste the conversation'])
  })

  it('uploads an e-mail as a .txt file and a call as audio', async () => {
    const mail = new File(
      ['Hi Tom, the refund is on its way.\n\nOn Mon, Tom wrote:\n> Please refund me'],
      'refund.txt',
      {
        type: 'text/plain',
      },
    )
    const sent = await run<Reply>(async () =>
      action(
        args(await multipartRequest(DEMO, { intent: 'upload', file: mail, channel: 'email', ...who() }, 'visitor')),
      ),
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(302)
    expect(scoringState.created[0]).toMatchObject({ kind: 'multipart', channel: 'email', file_name: 'refund.txt' })
    const wav = new File([Buffer.from('RIFF\0\0\0\0WAVEfmt ')], 'call.wav', { type: 'audio/wav' })
    const call = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { intent: 'upload', file: wav, ...who() }, 'visitor'))),
    )
    expect(call.status).toBe(302)
    expect(scoringState.created[1]).toMatchObject({ channel: 'call', file_name: 'call.wav' })
  })

  it('shows the API’s refusal of a file next to the file', async () => {
    const pdf = new File(['%PDF-1.4'], 'chat.pdf', { type: 'application/pdf' })
    const result = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { intent: 'upload', file: pdf, ...who() }, 'visitor'))),
    )
    expect(result.status).toBe(415)
    expect(result.body.intent).toBe('upload')
    expect(result.body.result.error?.file?.[0]).toMatch(/\.txt, \.json or \.eml/)
    const none = await run<Reply>(async () =>
      action(args(await multipartRequest(DEMO, { intent: 'upload', ...who() }, 'visitor'))),
    )
    expect(none.status).toBe(400)
    expect(none.body.result.error?.file).toEqual(['Choose a conversation file or a call recording'])
  })
})
