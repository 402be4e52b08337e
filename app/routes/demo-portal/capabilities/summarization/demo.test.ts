import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { callTranscript, CANCELLED_REASON, summaryFor, summaryTypeFixtures } from '#tests/fixtures/summarization'
import { args, run } from '#tests/fixtures/remix'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { resetSummarizationMocks, summarizationState } from '#tests/mocks/summarization'
import { SUMMARIZE_WAIT_SECONDS } from '~/services/summarization.server'
import { action, loader, type SummarizeActionData } from './demo'

const DEMO = '/demo-portal/capabilities/summarization/demo'

function formOf(fields: Record<string, string | File>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

/** The page's own form: multipart, with an empty file input when no document was chosen. */
async function post(fields: Record<string, string | File>, init: RequestInit = {}) {
  const body = formOf({ file: new File([], ''), ...fields })
  const request = await requestWithTokens(DEMO, tokensFor('visitor'), { method: 'POST', body, ...init })
  return run<SummarizeActionData>(() => action(args(request)))
}

beforeEach(() => resetSummarizationMocks())

describe('summarization demo loader', () => {
  it('loads the summary types with their descriptions', async () => {
    const request = await requestWithTokens(DEMO, tokensFor('visitor'))
    const result = await run<{ types: unknown }>(() => loader(args(request)))
    expect(result.status).toBe(200)
    expect(result.body.types).toEqual(summaryTypeFixtures)
  })

  it('is an error page when the types cannot be loaded', async () => {
    server.use(http.get(UPSTREAM + paths.summaryTypes, () => errorReply(500, 'Types unavailable')))
    const request = await requestWithTokens(DEMO, tokensFor('visitor'))
    const result = await run(() => loader(args(request)))
    expect(result.thrown).toBe(true)
    expect(result.status).toBe(502)
  })
})

describe('summarization demo action', () => {
  it('summarises pasted text (sent as JSON) and answers with the summary', async () => {
    const result = await post({ text: `  ${callTranscript}  `, summary_type: 'bullet_points' })
    expect(result.status).toBe(200)
    expect(summarizationState.posted).toEqual([
      { kind: 'json', wait: SUMMARIZE_WAIT_SECONDS, text: callTranscript, summary_type: 'bullet_points' },
    ])
    expect(result.body.outcome).toEqual({
      summary_id: 500,
      status: 'completed',
      summary: summaryFor(callTranscript, 'bullet_points'),
      failure_reason: null,
      summary_type: 'bullet_points',
      source: 'Pasted text',
    })
    expect(result.body.result.status).toBe('success')
  })

  it('sends a document as multipart in `file`', async () => {
    const file = new File([callTranscript], 'billing-call.txt', { type: 'text/plain' })
    const result = await post({ file, summary_type: 'call_notes' })
    expect(summarizationState.posted).toEqual([
      { kind: 'multipart', wait: SUMMARIZE_WAIT_SECONDS, summary_type: 'call_notes', fileName: 'billing-call.txt' },
    ])
    expect(result.body.outcome?.source).toBe('billing-call.txt')
    expect(result.body.outcome?.summary).toMatch(/^Reason for contact: /)
  })

  it('checks the form with the contract before calling the API', async () => {
    const empty = await post({ text: '', summary_type: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.result.error).toEqual({
      text: ['Paste the text to summarise, or choose a file'],
      summary_type: ['Choose a summary type'],
    })
    const short = await post({ text: 'Too short.', summary_type: 'brief' })
    expect(short.body.result.error).toEqual({ text: ['Paste at least 20 characters'] })
    const wrongFile = await post({ file: new File(['MZ'], 'setup.exe'), summary_type: 'brief' })
    expect(wrongFile.body.result.error).toEqual({ file: ['Choose a .txt, .docx or .pdf file'] })
    const both = await post({ text: callTranscript, file: new File([callTranscript], 'a.txt'), summary_type: 'brief' })
    expect(both.body.result.error).toEqual({ text: ['Paste text or choose a file, not both'] })
    expect(summarizationState.posted).toEqual([])
    // the text comes back so the form (without JavaScript) keeps it
    expect(short.body.result.initialValue).toMatchObject({ text: 'Too short.', summary_type: 'brief' })
  })

  it("shows the API's field errors on the fields, and its message for the form", async () => {
    const file = new File(['x'.repeat(10)], 'notes.txt', { type: 'text/plain' })
    const result = await post({ file, summary_type: 'brief' })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toEqual({
      '': ['Check the highlighted fields.'],
      file: ["The document's text: paste at least 20 characters"],
    })
    expect(result.body.outcome).toBeNull()
  })

  it('says why when the API fails, with a 502 for its own failure', async () => {
    server.use(http.post(UPSTREAM + paths.summarize, () => errorReply(500, 'The job queue is down')))
    const result = await post({ text: callTranscript, summary_type: 'brief' })
    expect(result.status).toBe(502)
    expect(result.body.result.error).toEqual({ '': ['The job queue is down'] })
  })

  it('goes to the detail page, which follows the job, when it is still running after the wait', async () => {
    summarizationState.behaviour = 'running'
    const result = await post({ text: callTranscript, summary_type: 'detailed' })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/demo-portal/capabilities/summarization/detail?summary_id=500')
  })

  it('answers with the reason when the job failed', async () => {
    summarizationState.behaviour = 'fail'
    const result = await post({ text: callTranscript, summary_type: 'brief' })
    expect(result.status).toBe(200)
    expect(result.body.outcome).toMatchObject({
      status: 'failed',
      summary: null,
      failure_reason: 'The summariser could not read this text.',
    })
  })

  it('aborts the upstream call when the browser aborts its request, so the API cancels the summary', async () => {
    summarizationState.behaviour = 'hang'
    const browser = new AbortController()
    const pending = post({ text: callTranscript, summary_type: 'brief' }, { signal: browser.signal })
    await expect.poll(() => summarizationState.summaries.some((s) => s.summary_id === 500)).toBe(true)
    expect(summarizationState.cancelled).toEqual([])
    browser.abort()
    const result = await pending
    expect(summarizationState.cancelled).toEqual([500])
    const cancelled = summarizationState.summaries.find((s) => s.summary_id === 500)
    expect(cancelled).toMatchObject({ status: 'failed', failure_reason: CANCELLED_REASON })
    expect(result.status).toBe(499)
  })

  it('refuses a body larger than the API would take before reading it', async () => {
    const result = await post(
      { text: callTranscript, summary_type: 'brief' },
      { headers: { 'Content-Length': String(40 * 1024 * 1024) } },
    )
    expect(result.status).toBe(413)
    expect(result.body.result.error).toEqual({ file: ['The file is larger than 25 MB'] })
    expect(summarizationState.posted).toEqual([])
  })

  it('sends a visitor whose session is gone to the login page', async () => {
    const request = await requestWithTokens(
      DEMO,
      { access: 'access.nobody', refresh: 'refresh.nobody' },
      {
        method: 'POST',
        body: formOf({ text: callTranscript, summary_type: 'brief' }),
      },
    )
    const result = await run(() => action(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toMatch(/^\/login/)
  })
})
