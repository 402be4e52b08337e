import { paths } from '#contract/paths'
import {
  summarizeResult,
  summaryChart,
  summaryDetail,
  summaryIdQuery,
  summaryKpi,
  summaryList,
  summaryTypeList,
  type SummaryListQuery,
  type SummaryTypeCode,
} from '#contract/summarization'
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
  let body: unknown
  if ('file' in input) {
    const form = new FormData()
    form.append('summary_type', input.summary_type)
    form.append('file', input.file, input.file.name || 'document')
    body = form
  } else {
    body = { text: input.text, summary_type: input.summary_type }
  }
  return api.call({
    method: 'POST',
    path: paths.summarize,
    query: { wait },
    body,
    schema: summarizeResult,
    timeoutMs: Math.max(SUMMARIZE_TIMEOUT_MS, (wait + 45) * 1000),
  })
}

export function listSummaries(api: Upstream, query: SummaryListQuery) {
  return api.call({
    path: paths.summarize,
    query: {
      page: query.page,
      page_size: query.page_size,
      q: query.q || undefined,
      status: query.status,
      summary_type: query.summary_type,
    },
    schema: summaryList,
  })
}

/** GET `summary_status/`: one summary, with its status, the summary and the text it was made from. */
export function getSummary(api: Upstream, summaryId: number) {
  return api.call({ path: paths.summaryStatus, query: { summary_id: summaryId }, schema: summaryDetail })
}

export function deleteSummary(api: Upstream, summaryId: number) {
  return api.call({ method: 'DELETE', path: paths.summarize, query: { summary_id: summaryId }, schema: summaryIdQuery })
}

export function listSummaryTypes(api: Upstream) {
  return api.call({ path: paths.summaryTypes, schema: summaryTypeList })
}

export function getSummaryChart(api: Upstream) {
  return api.call({ path: paths.summarizeChart, schema: summaryChart })
}

export function getSummaryKpi(api: Upstream) {
  return api.call({ path: paths.summarizeKpi, schema: summaryKpi })
}

export const summaryFailure = (thrown: unknown) => upstreamFailure(thrown)
