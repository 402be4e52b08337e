import { z } from 'zod'
import { jobStatus, pageQuery, paged } from './envelope'
import { statusKpi } from './speech'
import { SUMMARY_TEXT_MIN, SUMMARY_TEXT_MAX } from './limits'
export { SUMMARY_TEXT_MIN, SUMMARY_TEXT_MAX, SUMMARY_FILE_MAX_BYTES, summaryFileAccept } from './limits'

/*
 * Summarization (SPEC §7, under /api/summarization/). Text pasted or a .txt, .docx or .pdf file
 * becomes a summary of the chosen type, made by a job. POST summarize/ waits a while for the job
 * and is abortable: a client that goes away while it waits cancels its summary.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647)
const emptyIsAny = (v: unknown) => (v === '' ? undefined : v)

export const summaryTypeCodes = ['brief', 'detailed', 'bullet_points', 'action_items', 'call_notes'] as const
export const summaryTypeCode = z.enum(summaryTypeCodes, {
  errorMap: () => ({ message: 'Choose a summary type' }),
})
export type SummaryTypeCode = z.infer<typeof summaryTypeCode>

export const summaryText = z
  .string({ required_error: 'Paste the text to summarise' })
  .trim()
  .min(SUMMARY_TEXT_MIN, `Paste at least ${SUMMARY_TEXT_MIN} characters`)
  .max(SUMMARY_TEXT_MAX, `The text can be at most ${SUMMARY_TEXT_MAX.toLocaleString('en-GB')} characters`)

/** POST summarize/ as JSON. Multipart instead sends `file` (or `text`) and `summary_type`. */
export const summarizeBody = z.object({ text: summaryText, summary_type: summaryTypeCode })
export type SummarizeBody = z.infer<typeof summarizeBody>
/** `wait`: seconds to wait for the summary before answering with its status (0 answers at once). */
export const summarizeQuery = z.object({
  wait: z.preprocess(emptyIsAny, z.coerce.number().int().min(0).max(60).default(20)),
})

export const summarizeResult = z.object({
  summary_id: z.number().int(),
  status: jobStatus,
  /** Set when the job finished within the wait. */
  summary: z.string().nullable(),
  failure_reason: z.string().nullable(),
})
export type SummarizeResult = z.infer<typeof summarizeResult>

export const summaryListQuery = pageQuery.extend({
  q: z.preprocess(emptyIsAny, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyIsAny, jobStatus.optional()),
  summary_type: z.preprocess(emptyIsAny, summaryTypeCode.optional()),
})
export type SummaryListQuery = z.infer<typeof summaryListQuery>

export const summaryItem = z.object({
  summary_id: z.number().int(),
  status: jobStatus,
  summary_type: summaryTypeCode,
  summary_type_label: z.string(),
  /** "Pasted text" or the uploaded file's name. */
  source: z.string(),
  /** The first words of the text. */
  preview: z.string(),
  word_count: z.number().int().nonnegative(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
})
export type SummaryItem = z.infer<typeof summaryItem>
export const summaryList = paged(summaryItem)

export const summaryIdQuery = z.object({ summary_id: id })

/** GET summary_status/?summary_id= (SPEC §3 Summary: summary_id, status, summary). */
export const summaryDetail = summaryItem.extend({
  summary: z.string(),
  /** extractive or llm, once made. */
  engine: z.string().nullable(),
  /** The text that was summarised (as extracted from the file). */
  text: z.string(),
})
export type SummaryDetail = z.infer<typeof summaryDetail>

export const summaryTypeList = z.array(z.object({ code: summaryTypeCode, name: z.string(), description: z.string() }))
export type SummaryTypeList = z.infer<typeof summaryTypeList>

/** GET summarize-chart/: the status distribution; SPEC §9's defaults (and `is_default`) when there is no summary yet. */
export const summaryChart = z.object({
  is_default: z.boolean(),
  total: z.number().int().nonnegative(),
  results: z.array(z.object({ status: jobStatus, label: z.string(), percentage: z.number() })),
})
export type SummaryChart = z.infer<typeof summaryChart>

/** GET summarize-kpi/: status and percentage (SPEC §3 Summary KPI). */
export const summaryKpi = statusKpi
export type SummaryKpi = z.infer<typeof summaryKpi>
