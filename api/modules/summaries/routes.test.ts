import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelope } from '#contract/envelope'
import { paths } from '#contract/paths'
import {
  summarizeResult,
  summaryChart,
  summaryDetail,
  summaryKpi,
  summaryList,
  summaryTypeList,
} from '#contract/summarization'
import { summaries } from '#api/db/schema'
import { startQueue } from '#api/jobs/queue'
import { registerJobs } from '#api/register-jobs'
import { CANCELLED } from '#api/modules/summaries/store'
import { createUser, multipartBody, setupTestApp, testQueue, tokensFor, type TestApp, until } from '#api/test-utils'
import { parseEnv } from '#api/env'
import type { z } from 'zod'

const CALL = `Agent: Thank you for calling Northwind Energy, my name is Sam, how can I help you today?
Customer: Hi Sam, I'm calling about my last bill. I was charged 182 pounds 40 for March, which is twice the usual amount.
Agent: I'm sorry to hear that. Can I take your account number please?
Customer: Yes, it's NW 448 210.
Agent: Thank you. I can see a meter reading was estimated on the 3rd of March instead of read.
Customer: I sent a photo of the meter on the 1st, so the estimate is wrong.
Agent: You're right, I can see your photo. I will correct the reading and re-issue the bill today.
Agent: The corrected bill comes to 94 pounds 10, and I'll refund the difference of 88 pounds 30 to your card within five working days.
Customer: Great, thank you. Will I get an email?
Agent: Yes, we'll send a confirmation email tonight with the new bill attached.
Customer: Perfect, that's all. Bye.
Agent: Thanks for calling, goodbye.`

let t: TestApp
let auth: Record<string, string>
let otherAuth: Record<string, string>

beforeAll(async () => {
  t = await setupTestApp({}, { queue: testQueue(1) })
  auth = { authorization: `Bearer ${(await tokensFor(t, await createUser(t, { role: 'visitor' }))).access}` }
  otherAuth = { authorization: `Bearer ${(await tokensFor(t, await createUser(t, { role: 'visitor' }))).access}` }
})
afterAll(() => t.close())

async function get<T extends z.ZodTypeAny>(schema: T, url: string, headers = auth) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return envelope(schema).parse(res.json()).data as z.infer<T>
}

describe('summary types and the empty chart', () => {
  it('lists the kinds of summary', async () => {
    const types = await get(summaryTypeList, paths.summaryTypes)
    expect(types.map((x) => x.code)).toEqual(['brief', 'detailed', 'bullet_points', 'action_items', 'call_notes'])
    expect(types.every((x) => x.name && x.description)).toBe(true)
  })

  it("shows the spec's default distribution, flagged, before the first summary", async () => {
    const chart = await get(summaryChart, paths.summarizeChart, otherAuth)
    expect(chart.is_default).toBe(true)
    expect(Object.fromEntries(chart.results.map((r) => [r.label, r.percentage]))).toEqual({
      Pending: 10,
      'In Queue': 10,
      Started: 15,
      Completed: 60,
      Failed: 5,
    })
  })
})

describe('summarize/', () => {
  it('summarises pasted text through the job and keeps the facts that matter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: paths.summarize,
      headers: auth,
      payload: { text: CALL, summary_type: 'call_notes' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const made = envelope(summarizeResult).parse(res.json()).data
    expect(made.status).toBe('completed')
    expect(made.summary).toMatch(/bill/i)
    expect(made.summary).toMatch(/88 pounds 30|refund/i)
    expect(made.summary).not.toMatch(/Thank you for calling Northwind/)

    const detail = await get(summaryDetail, `${paths.summaryStatus}?summary_id=${made.summary_id}`)
    expect(detail).toMatchObject({
      status: 'completed',
      summary_type: 'call_notes',
      source: 'Pasted text',
      engine: 'extractive',
    })
    expect(detail.text).toBe(CALL)
    expect(detail.word_count).toBeGreaterThan(150)
  })

  it('answers at once with wait=0, and the status moves on to completed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${paths.summarize}?wait=0`,
      headers: auth,
      payload: { text: CALL, summary_type: 'action_items' },
    })
    const made = envelope(summarizeResult).parse(res.json()).data
    expect(['in_queue', 'started', 'completed']).toContain(made.status)
    const done = await until(async () => {
      const d = await get(summaryDetail, `${paths.summaryStatus}?summary_id=${made.summary_id}`)
      return d.status === 'completed' && d
    })
    expect(done.summary).toMatch(/refund|email|re-issue/i)
  })

  it('summarises an uploaded text file, named after the file', async () => {
    const body = multipartBody(
      { summary_type: 'brief' },
      { name: 'call.txt', bytes: Buffer.from(CALL), type: 'text/plain' },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: paths.summarize,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const made = envelope(summarizeResult).parse(res.json()).data
    const detail = await get(summaryDetail, `${paths.summaryStatus}?summary_id=${made.summary_id}`)
    expect(detail.source).toBe('call.txt')
    expect(detail.summary_type).toBe('brief')
  })

  it('refuses what it cannot summarise, saying which field is wrong', async () => {
    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: paths.summarize,
        headers: { ...auth, ...headers },
        payload: payload as string,
      })
    const short = await post({ text: 'Too short', summary_type: 'brief' })
    expect(short.statusCode).toBe(400)
    expect(short.json().errors.text[0]).toMatch(/at least 20/)
    const badType = await post({ text: CALL, summary_type: 'haiku' })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().errors).toHaveProperty('summary_type')
    const malformed = await post('{"text": ', { 'content-type': 'application/json' })
    expect(malformed.statusCode).toBe(400)
    const exe = multipartBody(
      { summary_type: 'brief' },
      { name: 'notes.txt', bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]) },
    )
    const renamed = await post(exe.payload, exe.headers)
    expect(renamed.statusCode).toBe(415)
    expect(renamed.json().errors).toHaveProperty('file')
    const nothing = multipartBody({ summary_type: 'brief' })
    const empty = await post(nothing.payload, nothing.headers)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toHaveProperty('text')
    // nothing was created by the refusals
    const list = await get(summaryList, `${paths.summarize}?page_size=100`, otherAuth)
    expect(list.count).toBe(0)
  })

  it('bounds the upload at 25 MB', async () => {
    const big = multipartBody(
      { summary_type: 'brief' },
      { name: 'big.txt', bytes: Buffer.alloc(25 * 1024 * 1024 + 10, 'a') },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: paths.summarize,
      headers: { ...auth, ...big.headers },
      payload: big.payload,
    })
    expect(res.statusCode).toBe(413)
  })
})

describe('history, KPIs and delete', () => {
  it("lists only the user's own summaries, searches them, and counts them by status", async () => {
    const mine = await get(summaryList, `${paths.summarize}?page_size=100`)
    expect(mine.count).toBeGreaterThanOrEqual(3)
    expect(mine.results.map((r) => r.created_at)).toEqual([...mine.results.map((r) => r.created_at)].sort().reverse())
    const searched = await get(summaryList, `${paths.summarize}?q=call.txt`)
    expect(searched.results.map((r) => r.source)).toEqual(['call.txt'])
    const kpi = await get(summaryKpi, paths.summarizeKpi)
    expect(kpi.total).toBe(mine.count)
    expect(kpi.results.find((r) => r.status === 'completed')?.count).toBe(mine.count)
    expect(kpi.results.find((r) => r.status === 'completed')?.percentage).toBe(100)
    const chart = await get(summaryChart, paths.summarizeChart)
    expect(chart).toMatchObject({ is_default: false, total: mine.count })
  })

  it("answers 404 for someone else's summary and deletes one's own", async () => {
    const [first] = (await get(summaryList, paths.summarize)).results
    const theirs = await t.app.inject({
      url: `${paths.summaryStatus}?summary_id=${first.summary_id}`,
      headers: otherAuth,
    })
    expect(theirs.statusCode).toBe(404)
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `${paths.summarize}?summary_id=${first.summary_id}`,
      headers: otherAuth,
    })
    expect(notTheirs.statusCode).toBe(404)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${paths.summarize}?summary_id=${first.summary_id}`,
      headers: auth,
    })
    expect(del.statusCode).toBe(200)
    expect(del.json().message).toBe('Deleted record successfully!')
    const gone = await t.app.inject({ url: `${paths.summaryStatus}?summary_id=${first.summary_id}`, headers: auth })
    expect(gone.statusCode).toBe(404)
  })
})

describe('durable and abortable jobs', () => {
  it('cancels the summary when the client aborts while it waits', async () => {
    // no consumers: the job stays queued until the client gives up
    const idle = await setupTestApp({}, { queue: testQueue(0) })
    try {
      const user = await createUser(idle)
      const headers = {
        authorization: `Bearer ${(await tokensFor(idle, user)).access}`,
        'content-type': 'application/json',
      }
      const address = await idle.app.listen({ port: 0, host: '127.0.0.1' })
      const controller = new AbortController()
      const request = fetch(`${address}${paths.summarize}?wait=30`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: CALL, summary_type: 'brief' }),
        signal: controller.signal,
      })
      const row = await until(async () => (await idle.db.select().from(summaries))[0])
      controller.abort()
      await expect(request).rejects.toThrow()
      const cancelled = await until(async () => {
        const [r] = await idle.db.select().from(summaries).where(eq(summaries.id, row.id))
        return r.status === 'failed' && r
      })
      expect(cancelled.failureReason).toBe(CANCELLED)
      const job = await idle.queue!.boss.getJobById('summarize-text', cancelled.jobId!)
      expect(job?.state).toBe('cancelled')
    } finally {
      await idle.close()
    }
  })

  it('finishes a queued summary after the API restarts', async () => {
    const first = await setupTestApp({}, { queue: testQueue(0) })
    const user = await createUser(first)
    const headers = { authorization: `Bearer ${(await tokensFor(first, user)).access}` }
    const res = await first.app.inject({
      method: 'POST',
      url: `${paths.summarize}?wait=0`,
      headers,
      payload: { text: CALL, summary_type: 'bullet_points' },
    })
    const { summary_id: id, status } = envelope(summarizeResult).parse(res.json()).data
    expect(status).toBe('in_queue')
    // "restart": the API's queue stops with the job still queued; a new one with workers takes it
    await first.app.close()
    await first.queue!.stop()
    const env = parseEnv({ JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' })
    const again = await startQueue(first.database, { workers: 1, log: { info() {}, error() {} } })
    try {
      await registerJobs(again, first.database, env, first.blobs)
      const done = await until(async () => {
        const [r] = await first.db.select().from(summaries).where(eq(summaries.id, id))
        return r.status === 'completed' && r
      })
      expect(done.summary.split('\n').every((line) => line.startsWith('- '))).toBe(true)
    } finally {
      await again.stop()
      await first.database.close()
    }
  })
})
