import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scoringItemDetail, SCORING_TEXT_FILE_MAX_BYTES, type ScoringItemDetail } from '#contract/agent-scoring'
import { endpoints } from '#contract/endpoints'
import { conversation, writeWav } from '#api/engines/speech/test-audio'
import type { EvaluationBasics } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import { multipartBody, testQueue, type TestApp } from '#api/test-utils'

/*
 * create/ with a file: a chat or e-mail as .txt, .json or .eml, or a call's audio, which the speech
 * module transcribes (espeak-ng speaks it, pocketsphinx hears it) before the scoring job scores it,
 * all through the real queue.
 */

let t: TestApp
let as: Record<Who, Person>
let basics: EvaluationBasics

beforeAll(async () => {
  ;({ t, as, basics } = await setupEvaluationWorld({ queue: testQueue(1) }))
}, 120_000)
afterAll(() => t?.close())

const fields = (extra: Record<string, string> = {}) => ({
  agent_id: String(as.agent.id),
  campaign_id: String(basics.campaign.id),
  template_internal_id: basics.template.template_internal_id,
  ...extra,
})

function upload(
  file: { name: string; bytes: Buffer | string; type?: string },
  extra: Record<string, string> = {},
  who: Who = 'visitor',
) {
  const body = multipartBody(fields(extra), file)
  return t.app.inject({
    method: 'POST',
    url: endpoints.createScoringItem.path,
    headers: { ...as[who].auth, ...body.headers },
    payload: body.payload,
  })
}

async function detail(id: number): Promise<ScoringItemDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${endpoints.scoringItemDetails.path}?item_id=${id}`,
    headers: as.supervisor.auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return scoringItemDetail.parse(res.json().data)
}

/** The item once its job has moved it out of the queue (scored, or needing attention). */
async function settled(id: number, ms = 90_000) {
  const end = Date.now() + ms
  for (;;) {
    const item = await detail(id)
    if (item.bucket !== 'pending' || item.needs_attention) return item
    if (Date.now() > end) throw new Error(`item ${id} still ${item.job_status}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function created(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json().data.bucket).toBe('pending')
  return settled(res.json().data.item_id)
}

const chatText = [
  'Customer: hello, my card was declined at the supermarket',
  'Agent: Thank you for contacting Acme Bank, my name is Priya. Can I verify your date of birth first?',
  'Customer: 4 May 1988',
  'Agent: Thanks, the card is unblocked now. Is there anything else? Have a great day.',
].join('\n')

describe('create/ with a conversation file', () => {
  it('scores a .txt chat, named by its file', async () => {
    const item = await created(await upload({ name: 'declined card.txt', bytes: chatText, type: 'text/plain' }))
    expect(item).toMatchObject({ channel: 'chat', bucket: 'ai_reviewed', title: 'declined card.txt' })
    expect(item.conversation.map((m) => m.speaker)).toEqual(['customer', 'agent', 'customer', 'agent'])
    expect(item.criteria.length).toBeGreaterThan(0)
  })

  it('reads a .txt as an e-mail when the form says so', async () => {
    const mail = [
      'Hi Tom, the refund is on its way. Priya, Acme Bank',
      '',
      'On Mon, 3 Jun 2024, Tom Jones <tom@example.com> wrote:',
      '> I was charged twice for the same order, please refund one of them.',
    ].join('\n')
    const item = await created(await upload({ name: 'refund.txt', bytes: mail }, { channel: 'email' }))
    expect(item.channel).toBe('email')
    expect(item.conversation.map((m) => m.speaker)).toEqual(['customer', 'agent'])
  })

  it('scores a .json chat and an .eml e-mail', async () => {
    const turns = [
      { speaker: 'customer', text: 'My card was declined at the supermarket.' },
      { speaker: 'agent', text: 'Sorry about that. Thank you for contacting Acme Bank, I will check it now.' },
    ]
    const json = await created(await upload({ name: 'chat.json', bytes: JSON.stringify(turns) }))
    expect(json).toMatchObject({ channel: 'chat', bucket: 'ai_reviewed' })
    expect(json.conversation.map((m) => m.text)).toEqual(turns.map((m) => m.text))
    const eml = [
      'From: Tom Jones <tom@example.com>',
      'Subject: Card blocked',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'My card is blocked since this morning, please help me unblock it today.',
    ].join('\r\n')
    const mail = await created(await upload({ name: 'blocked.eml', bytes: eml, type: 'message/rfc822' }))
    expect(mail).toMatchObject({ channel: 'email', title: 'blocked.eml' })
    expect(mail.conversation).toEqual([
      expect.objectContaining({ speaker: 'customer', text: expect.stringContaining('My card is blocked') }),
    ])
  })

  it('says what is wrong with a file it cannot take, and keeps nothing', async () => {
    const count = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${endpoints.listScoringItems.path}?page_size=100`,
          headers: as.supervisor.auth,
        })
      ).json().data.count as number
    const before = await count()
    const pdf = await upload({ name: 'chat.pdf', bytes: '%PDF-1.4 not a conversation' })
    expect(pdf.statusCode).toBe(415)
    expect(pdf.json().errors.file[0]).toMatch(/\.txt, \.json or \.eml/)
    const json = await upload({ name: 'chat.json', bytes: '[]' }, { channel: 'email' })
    expect(json.statusCode).toBe(400)
    expect(json.json().errors.channel).toEqual(['A .json file is a chat'])
    const noAgent = await upload({ name: 'chat.txt', bytes: chatText }, { agent_id: '' })
    expect(noAgent.statusCode).toBe(400)
    expect(noAgent.json().errors.agent_id).toBeDefined()
    const empty = await upload({ name: 'chat.txt', bytes: '' })
    expect(empty.statusCode).toBe(400)
    const large = await upload({ name: 'chat.txt', bytes: 'Agent: hi\n'.repeat(SCORING_TEXT_FILE_MAX_BYTES / 10 + 1) })
    expect(large.statusCode).toBe(413)
    const broken = await upload({ name: 'chat.json', bytes: '{"speaker": "agent"' })
    expect(broken.statusCode).toBe(422)
    expect(await count()).toBe(before)
  })
})

describe('create/ with a call recording', () => {
  it('transcribes the call, then scores it; anyone who may read the item may hear it', async () => {
    const call = conversation()
    const wav = Buffer.from(writeWav({ sampleRate: call.sampleRate, channels: [call.mono] }))
    const res = await upload({ name: 'balance enquiry.wav', bytes: wav, type: 'audio/wav' }, {}, 'visitor')
    const item = await created(res)
    expect(item).toMatchObject({ channel: 'call', bucket: 'ai_reviewed', title: 'balance enquiry.wav' })
    // the speech module's transcript, with each line's time, is the conversation scored
    expect(item.conversation.length).toBeGreaterThan(1)
    expect(item.conversation.every((m) => typeof m.start_s === 'number')).toBe(true)
    expect(item.conversation.some((m) => m.speaker === 'agent')).toBe(true)
    expect(item.criteria.length).toBeGreaterThan(0)
    expect(item.recording).toMatchObject({ status: 'completed', has_audio: true })
    // the auditor did not upload it and it has no evaluation, but the item is theirs to read
    const key = await t.app.inject({
      method: 'GET',
      url: `${endpoints.loadFileAndKid.path}?recording_id=${item.recording!.recording_id}`,
      headers: as.auditor.auth,
    })
    expect(key.statusCode, key.body).toBe(200)
  }, 120_000)

  it('refuses audio named as a chat', async () => {
    const call = conversation([{ speaker: 'agent', text: 'hello' }])
    const wav = Buffer.from(writeWav({ sampleRate: call.sampleRate, channels: [call.mono] }))
    const res = await upload({ name: 'hello.wav', bytes: wav }, { channel: 'chat' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.channel).toEqual(['An audio file is a call'])
  })
})
