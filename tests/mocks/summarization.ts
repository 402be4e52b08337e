import { HttpResponse } from 'msw'
import type { ZodError } from 'zod'
import { endpoints } from '#contract/endpoints'
import { jobStatusLabel, type JobStatus } from '#contract/envelope'
import {
  summarizeBody,
  summaryText,
  summaryTypeCode,
  type SummarizeResult,
  type SummaryItem,
  type SummaryTypeCode,
} from '#contract/summarization'
import {
  CANCELLED_REASON,
  seedSummaries,
  summaryFor,
  summaryTypeFixtures,
  typeLabel,
  type StoredSummary,
} from '#tests/fixtures/summarization'
import type { DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { answer, mock } from './endpoint'

/** What a new summary does while POST summarize/ waits for it. */
export type SummarizeBehaviour =
  /** finished within the wait */
  | 'complete'
  /** still running when the wait ends */
  | 'running'
  /** the job failed */
  | 'fail'
  /** runs until the client goes away, which cancels it (as the API does) */
  | 'hang'

type Posted = { kind: 'json' | 'multipart'; wait: number; summary_type: string; text?: string; fileName?: string }

/** What the mock API holds and what it was sent; tests reset it in beforeEach. */
export const summarizationState = {
  summaries: seedSummaries(),
  nextId: 500,
  behaviour: 'complete' as SummarizeBehaviour,
  posted: [] as Posted[],
  /** Summaries cancelled because their POST was aborted. */
  cancelled: [] as number[],
}

export function resetSummarizationMocks() {
  summarizationState.summaries = seedSummaries()
  summarizationState.nextId = 500
  summarizationState.behaviour = 'complete'
  summarizationState.posted = []
  summarizationState.cancelled = []
}

const NOT_FOUND = 'Summary not found'

function fieldErrors(zodError: ZodError) {
  const errors: Record<string, string[]> = {}
  for (const issue of zodError.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message)
  return errors
}

const mine = (key: DemoKey) => summarizationState.summaries.filter((s) => s.owner === key)
const byId = (key: DemoKey, id: number) => mine(key).find((s) => s.summary_id === id)

function itemOf({
  owner: _owner,
  summary: _summary,
  engine: _engine,
  text: _text,
  ...item
}: StoredSummary): SummaryItem {
  return item
}
function detailOf({ owner: _owner, ...detail }: StoredSummary) {
  return detail
}

type Input = { text: string; summary_type: SummaryTypeCode; source: string }

/** JSON `{text, summary_type}` or multipart `file` (or `text`) and `summary_type`, checked like the API. */
async function readInput(request: Request, wait: number): Promise<Input | Response> {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    const body = summarizeBody.safeParse(await request.json().catch(() => null))
    if (!body.success) return error(400, 'Check the highlighted fields', fieldErrors(body.error))
    summarizationState.posted.push({ kind: 'json', wait, ...body.data })
    return { ...body.data, source: 'Pasted text' }
  }
  const form = await request.formData()
  const type = summaryTypeCode.safeParse(form.get('summary_type'))
  if (!type.success) return error(400, 'Choose a summary type', { summary_type: ['Choose a summary type'] })
  const file = form.get('file')
  if (file instanceof File && file.size > 0) {
    summarizationState.posted.push({ kind: 'multipart', wait, summary_type: type.data, fileName: file.name })
    if (!/\.(txt|docx|pdf)$/i.test(file.name)) {
      const message = 'Only .txt, .docx and .pdf documents can be summarised'
      return error(415, message, { file: [message] })
    }
    const text = summaryText.safeParse(await file.text())
    if (!text.success) {
      const message = `The document's text: ${text.error.issues[0].message.toLowerCase()}`
      return error(400, message, { file: [message] })
    }
    return { text: text.data, summary_type: type.data, source: file.name }
  }
  const text = summaryText.safeParse(form.get('text') ?? '')
  summarizationState.posted.push({ kind: 'multipart', wait, summary_type: type.data, text: String(form.get('text')) })
  if (!text.success) return error(400, text.error.issues[0].message, { text: [text.error.issues[0].message] })
  return { text: text.data, summary_type: type.data, source: 'Pasted text' }
}

function create(key: DemoKey, input: Input): StoredSummary {
  const now = new Date().toISOString()
  const stored: StoredSummary = {
    owner: key,
    summary_id: summarizationState.nextId++,
    status: 'pending',
    summary_type: input.summary_type,
    summary_type_label: typeLabel(input.summary_type),
    source: input.source,
    preview: input.text.slice(0, 160),
    word_count: input.text.split(/\s+/).filter(Boolean).length,
    failure_reason: null,
    created_at: now,
    completed_at: null,
    summary: '',
    engine: null,
    text: input.text,
  }
  summarizationState.summaries.unshift(stored)
  return stored
}

function finish(stored: StoredSummary, status: JobStatus, reason: string | null = null) {
  stored.status = status
  stored.failure_reason = reason
  if (status === 'completed') {
    stored.summary = summaryFor(stored.text, stored.summary_type)
    stored.engine = 'extractive'
  }
  if (status === 'completed' || status === 'failed') stored.completed_at = new Date().toISOString()
}

/** Resolves when the request's client goes away (or after `ms`, so a forgotten abort cannot hang a test). */
function untilAborted(request: Request, ms = 10_000) {
  return new Promise<boolean>((resolve) => {
    if (request.signal.aborted) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    request.signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

function countsOf(key: DemoKey) {
  const list = mine(key)
  const order: JobStatus[] = ['completed', 'started', 'in_queue', 'pending', 'failed']
  return order.map((status) => {
    const count = list.filter((s) => s.status === status).length
    return {
      status,
      label: jobStatusLabel[status],
      count,
      percentage: list.length ? Math.round((count / list.length) * 1000) / 10 : 0,
    }
  })
}

const DEFAULT_CHART: Record<JobStatus, number> = { completed: 60, started: 15, in_queue: 10, pending: 10, failed: 5 }

export const summarizationHandlers = [
  mock(endpoints.summarize, async ({ key, query, request }) => {
    const input = await readInput(request, query.wait)
    if (input instanceof Response) return input
    const stored = create(key, input)
    const behaviour = summarizationState.behaviour
    if (behaviour === 'hang') {
      if (await untilAborted(request)) {
        finish(stored, 'failed', CANCELLED_REASON)
        summarizationState.cancelled.push(stored.summary_id)
        return HttpResponse.error()
      }
    }
    if (behaviour === 'complete') finish(stored, 'completed')
    if (behaviour === 'fail') finish(stored, 'failed', 'The summariser could not read this text.')
    if (behaviour === 'running' || behaviour === 'hang') stored.status = 'started'
    const result: SummarizeResult = {
      summary_id: stored.summary_id,
      status: stored.status,
      summary: stored.status === 'completed' ? stored.summary : null,
      failure_reason: stored.failure_reason,
    }
    return answer(result, stored.status === 'completed' ? 'Summary created successfully' : 'Summary queued')
  }),

  mock(
    endpoints.listSummaries,
    ({ key, query: { page, page_size: size, q, status, summary_type: type } }) => {
      const needle = q?.toLowerCase()
      const matching = mine(key)
        .filter((s) => !status || s.status === status)
        .filter((s) => !type || s.summary_type === type)
        .filter((s) => !needle || `${s.source} ${s.text} ${s.summary}`.toLowerCase().includes(needle))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.summary_id - a.summary_id)
      const totalPages = Math.ceil(matching.length / size)
      return {
        count: matching.length,
        total_pages: totalPages,
        current_page: page,
        next: page < totalPages ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: matching.slice((page - 1) * size, page * size).map(itemOf),
      }
    },
    'Summary list retrieved successfully',
  ),

  mock(
    endpoints.deleteSummary,
    ({ key, query }) => {
      const found = byId(key, query.summary_id)
      if (!found) return error(404, NOT_FOUND)
      summarizationState.summaries = summarizationState.summaries.filter((s) => s !== found)
      return { summary_id: found.summary_id }
    },
    'Deleted record successfully!',
  ),

  mock(
    endpoints.summaryStatus,
    ({ key, query }) => {
      const found = byId(key, query.summary_id)
      return found ? detailOf(found) : error(404, NOT_FOUND)
    },
    'Summary status retrieved successfully',
  ),

  mock(endpoints.summaryTypes, () => summaryTypeFixtures, 'Summary types retrieved successfully'),

  mock(
    endpoints.summarizeChart,
    ({ key }) => {
      const counts = countsOf(key)
      const total = counts.reduce((n, c) => n + c.count, 0)
      const results = counts.map(({ status, label, percentage }) => ({
        status,
        label,
        percentage: total ? percentage : DEFAULT_CHART[status],
      }))
      return { is_default: total === 0, total, results }
    },
    'Summary chart retrieved successfully',
  ),

  mock(
    endpoints.summarizeKpi,
    ({ key }) => {
      const results = countsOf(key)
      return { total: results.reduce((n, c) => n + c.count, 0), results }
    },
    'Summary KPIs retrieved successfully',
  ),
]
