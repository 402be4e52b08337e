import { endpoints } from '#contract/endpoints'
import type { SummaryListQuery, SummaryTypeCode } from '#contract/summarization'
import { upstreamFailure, type Upstream } from '~/services/upstream.server'

/** Summarization (`/api/summarization/…`): any signed-in user, on their own summaries. */

/** What to summarise: pasted text (sent as JSON) or a document (sent as multipart in `file`). */
export type SummarizeInput =
  { summary_type: SummaryTypeCode; text: string } | { summary_type: SummaryTypeCode; file: File }

/** How long the API waits for the job before answering with its status (the contract allows 0–60). */
export const SUMMARIZE_WAIT_SECONDS = 15
/*
 * The API extracts a document's text before it starts waiting; our own time limit must not run out
 * first, because dropping the connection is what tells the API to cancel the summary.
 */
const SUMMARIZE_TIMEOUT_MS = (SUMMARIZE_WAIT_SECONDS + 45) * 1000

/**
 * POST `summarize/`: makes a summary and waits up to `wait` seconds for it. The upstream client ties
 * the call to the incoming request's signal, so a browser that gives up cancels the summary.
 */
export function summarize(api: Upstream, input: SummarizeInput, { wait = SUMMARIZE_WAIT_SECONDS } = {}) {
  let body: FormData | { text: string; summary_type: SummaryTypeCode }
  if ('file' in input) {
    const form = new FormData()
    form.append('summary_type', input.summary_type)
    form.append('file', input.file, input.file.name || 'document')
    body = form
  } else {
    body = { text: input.text, summary_type: input.summary_type }
  }
  return api.request(endpoints.summarize, {
    query: { wait },
    body,
    timeoutMs: Math.max(SUMMARIZE_TIMEOUT_MS, (wait + 45) * 1000),
  })
}

export function listSummaries(api: Upstream, query: SummaryListQuery) {
  return api.request(endpoints.listSummaries, {
    query: {
      page: query.page,
      page_size: query.page_size,
      q: query.q || undefined,
      status: query.status,
      summary_type: query.summary_type,
    },
  })
}

export const summaryFailure = (thrown: unknown) => upstreamFailure(thrown)
