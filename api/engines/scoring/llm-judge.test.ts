import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLlm } from '../llm/client'
import { JUDGE_WINDOW_CHARS, scoreCall, windowsOf } from './llm-judge'
import type { Segment, TemplateCategory } from './score'

const template: TemplateCategory[] = [
  {
    id: 1,
    name: 'Opening',
    weight: 1,
    auto_failed: false,
    questions: [
      { id: 11, text: 'Greeting?', weight: 1, expected: 'yes', phrases: ['thank you for calling'], speaker: 'agent' },
      {
        id: 12,
        text: 'Refund policy when asked?',
        weight: 1,
        expected: 'yes',
        phrases: ['refund policy'],
        speaker: 'agent',
        applies_when: { phrases: ['refund'], speaker: 'customer' },
      },
    ],
  },
  {
    id: 2,
    name: 'Compliance',
    weight: 3,
    auto_failed: true,
    questions: [
      { id: 21, text: 'Verified DOB?', weight: 1, expected: 'yes', phrases: ['date of birth'], speaker: 'agent' },
    ],
  },
]
const call: Segment[] = [
  { speaker: 'agent', start: 0, end: 4, text: 'Thanks for calling Acme, Priya speaking.' },
  { speaker: 'customer', start: 4.5, end: 8, text: 'Hi, my card was charged twice.' },
]

// A stand-in for an OpenAI-compatible server: each test says what the "model" answers.
let reply: (body: { model: string; messages: { content: string }[] }) => { status: number; content?: string }
const seen: { auth?: string; body?: { model: string; messages: { content: string }[] } }[] = []
let server: Server
let baseUrl: string

async function readJson(req: IncomingMessage) {
  let raw = ''
  for await (const chunk of req) raw += chunk
  return JSON.parse(raw)
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async (req, res) => {
      const body = await readJson(req)
      seen.push({ auth: req.headers.authorization, body })
      const { status, content } = reply(body)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify(
          status === 200
            ? {
                id: 'cmpl-1',
                object: 'chat.completion',
                created: 0,
                model: body.model,
                choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
              }
            : { error: { message: 'overloaded' } },
        ),
      )
    })(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const llm = () => createLlm({ baseUrl, apiKey: 'sk-test', model: 'judge-1' }, { timeoutMs: 5_000 })
const answers = (list: object[]) => JSON.stringify({ answers: list })
const good = [
  {
    question_id: 11,
    value: 'yes',
    evaluation_key_word: 'Thanks for calling',
    start_seconds: 0.2,
    justification: 'Greeted at once.',
  },
  { question_id: 12, value: 'n/a', evaluation_key_word: null, start_seconds: null, justification: 'No refund asked.' },
  { question_id: 21, value: 'no', evaluation_key_word: null, start_seconds: null, justification: 'Never verified.' },
]

describe('the LLM judge', () => {
  it("scores with the model's answers, in the engine's shape, and sends it the transcript", async () => {
    reply = () => ({ status: 200, content: answers(good) })
    const { result, engine, fallback_reason } = await scoreCall(template, call, llm())
    expect(engine).toBe('llm')
    expect(fallback_reason).toBeNull()
    expect(result).toMatchObject({ score: 0, auto_fail: true })
    expect(result.categories[0]).toMatchObject({ score: 100, failed: false })
    expect(result.categories[0].questions[0]).toMatchObject({ value: 'yes', start_time: '00:00:00', passed: true })
    expect(result.categories[1].questions[0].justification).toBe('Never verified.')
    const last = seen.at(-1)!
    expect(last.auth).toBe('Bearer sk-test')
    expect(last.body!.model).toBe('judge-1')
    expect(last.body!.messages[1].content).toContain('[4.5s customer] Hi, my card was charged twice.')
    expect(last.body!.messages[1].content).toContain('#12 Refund policy when asked?')
  })

  it("keeps the local engine's answers beside the judge's, as a second opinion for confidence", async () => {
    reply = () => ({ status: 200, content: answers(good) })
    const judged = await scoreCall(template, call, llm())
    expect(judged.local?.categories[0].questions[0]).toMatchObject({ question_id: 11, value: 'yes' })
    expect((await scoreCall(template, call, null)).local).toBeUndefined()
  })

  it('judges a long conversation window by window, and a criterion met in any window is met', async () => {
    // 40 minutes of talk, the date of birth asked for only near the end
    const long: Segment[] = Array.from({ length: 400 }, (_, i) => ({
      speaker: i % 2 ? 'customer' : 'agent',
      start: i * 6,
      end: i * 6 + 5.5,
      text:
        i === 380
          ? 'Before I change anything, could you confirm your date of birth for me please?'
          : `Line ${i}: we are still going through the statement together, item by item, slowly.`,
    }))
    const before = seen.length
    reply = (body) => {
      const content = body.messages[1].content
      const asked = content.includes('confirm your date of birth')
      return {
        status: 200,
        content: answers(
          good.map((a) =>
            a.question_id === 21 && asked
              ? { ...a, value: 'yes', evaluation_key_word: 'confirm your date of birth', start_seconds: 2280 }
              : a,
          ),
        ),
      }
    }
    const { result, engine } = await scoreCall(template, long, llm())
    expect(engine).toBe('llm')
    const sent = seen.slice(before).map((r) => r.body!.messages[1].content)
    expect(sent.length).toBeGreaterThan(2)
    for (const content of sent) {
      expect(content).toMatch(/This is part \d+ of \d+ of a long transcript/)
      const transcript = content.split('Transcript:\n')[1]!.split('\n\nQuestions:')[0]!
      expect(transcript.length).toBeLessThanOrEqual(JUDGE_WINDOW_CHARS)
    }
    expect(result.categories[1].questions[0]).toMatchObject({ value: 'yes', start_time: '00:38:00' })
    expect(result.auto_fail).toBe(false)
  })

  it('cuts windows that cover every line, each overlapping the one before', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i} `.padEnd(100, '.'))
    const windows = windowsOf(lines, 1_000)
    expect(windows[0]!.from).toBe(0)
    expect(windows.at(-1)!.to).toBe(50)
    for (const [k, w] of windows.entries()) {
      expect(lines.slice(w.from, w.to).join('\n').length).toBeLessThanOrEqual(1_000)
      if (k > 0) expect(w.from).toBeLessThan(windows[k - 1]!.to)
    }
    expect(windowsOf(['one line far longer than the limit'.repeat(10)], 20)).toEqual([{ from: 0, to: 1 }])
  })

  it('falls back to the local engine when an answer is missing or impossible', async () => {
    reply = () => ({ status: 200, content: answers(good.slice(0, 2)) })
    const missing = await scoreCall(template, call, llm())
    expect(missing).toMatchObject({ engine: 'local', fallback_reason: 'The judge did not answer question 21' })
    expect(missing.result.categories[0].questions[0]).toMatchObject({
      value: 'yes',
      evaluation_key_word: 'Thanks for calling',
    })

    reply = () => ({
      status: 200,
      content: answers(good.map((a) => (a.question_id === 21 ? { ...a, value: 'n/a' } : a))),
    })
    expect((await scoreCall(template, call, llm())).fallback_reason).toBe('Question 21 always applies')
  })

  it('falls back when the model answers garbage or the server fails', async () => {
    reply = () => ({ status: 200, content: 'Sure! The agent did great.' })
    expect((await scoreCall(template, call, llm())).engine).toBe('local')
    reply = () => ({ status: 200, content: JSON.stringify({ answers: [{ question_id: 11, value: 'maybe' }] }) })
    expect((await scoreCall(template, call, llm())).fallback_reason).toBe('the judge answered in an unexpected shape')
    reply = () => ({ status: 500 })
    const down = await scoreCall(template, call, llm())
    expect(down.engine).toBe('local')
    expect(down.result.auto_fail).toBe(true)
  })

  it('uses the local engine when no LLM is configured', async () => {
    const before = seen.length
    expect(await scoreCall(template, call, null)).toMatchObject({ engine: 'local', fallback_reason: null })
    expect(seen.length).toBe(before)
  })
})
