import { route } from '../../lib/endpoint'
import { endpoints } from '#contract/endpoints'
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  SUMMARY_FILE_MAX_BYTES,
  summarizeBody,
  summaryText,
  summaryTypeCode,
  type SummarizeResult,
} from '#contract/summarization'
import type { Db } from '../../db/client'
import { DocumentError, extractText, sniffTextDocument } from '../../engines/documents/extract-text'
import { summaryTypeInfo, summaryTypes } from '../../engines/summarize'
import { cancelSummary, requestSummary } from './job'
import type { Queue } from '../../jobs/queue'
import { HttpError } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { readJsonOrUpload } from '../../lib/upload'
import {
  createSummary,
  deleteSummary,
  listSummaries,
  loadSummary,
  PASTED_TEXT,
  summaryChart,
  summaryDetail,
  summaryKpi,
  summaryProgress,
} from './store'

const POLL_MS = 200
const TOO_LARGE = `The file is larger than ${SUMMARY_FILE_MAX_BYTES / 1024 / 1024} MB`

type Options = { db: Db; queue?: Queue }

const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] })

/** Summarization (SPEC §7, /api/summarization/): any signed-in user, on their own summaries. */
export const summarizationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, queue }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  /** The text and type of a JSON or multipart request (a file's text is extracted here, so its errors come back at once). */
  async function readInput(request: FastifyRequest) {
    const read = await readJsonOrUpload(request, summarizeBody, {
      maxBytes: SUMMARY_FILE_MAX_BYTES,
      tooLarge: TOO_LARGE,
    })
    if ('json' in read) return { text: read.json.text, summaryType: read.json.summary_type, sourceName: PASTED_TEXT }
    const { fields, file } = read.upload
    const type = summaryTypeCode.safeParse(fields.summary_type)
    if (!type.success) throw fieldError('summary_type', 'Choose a summary type')
    if (file && file.size > 0) {
      let extracted
      try {
        extracted = await extractText(file.bytes!)
      } catch (error) {
        // not a document we read: 415; a document we could not read (damaged, no text layer): 422
        if (error instanceof DocumentError) {
          const status = sniffTextDocument(file.bytes!) ? 422 : 415
          throw new HttpError(status, error.message, { file: [error.message] })
        }
        throw error
      }
      const text = summaryText.safeParse(extracted.text)
      if (!text.success) throw fieldError('file', `The document's text: ${text.error.issues[0].message.toLowerCase()}`)
      return { text: text.data, summaryType: type.data, sourceName: file.filename }
    }
    const text = summaryText.safeParse(fields.text ?? '')
    if (!text.success) throw fieldError('text', text.error.issues[0].message)
    return { text: text.data, summaryType: type.data, sourceName: PASTED_TEXT }
  }

  route(app, endpoints.summarize, async (request, reply) => {
    if (!queue) throw new HttpError(503, 'Summaries cannot be made on this server')
    const input = await readInput(request)
    const row = await createSummary(db, request.user, input)
    await requestSummary(queue, db, row.id)

    // the client going away (an aborted fetch) cancels the summary it asked for
    let gone = false
    const onClose = () => {
      if (!reply.raw.writableFinished) gone = true
    }
    reply.raw.on('close', onClose)
    try {
      const until = Date.now() + request.query.wait * 1000
      for (;;) {
        const now = await summaryProgress(db, row.id)
        const done = !now || now.status === 'completed' || now.status === 'failed'
        if (gone) {
          await cancelSummary(queue, db, row.id)
          return reply
        }
        if (done || Date.now() >= until) {
          const result: SummarizeResult = {
            summary_id: row.id,
            status: now?.status ?? 'failed',
            summary: now?.status === 'completed' ? now.summary : null,
            failure_reason: now?.failureReason ?? null,
          }
          return ok(result, now?.status === 'completed' ? 'Summary created successfully' : 'Summary queued')
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    } finally {
      reply.raw.off('close', onClose)
    }
  })

  route(app, endpoints.listSummaries, async (request) =>
    ok(await listSummaries(db, request.user, request.query), 'Summary list retrieved successfully'),
  )

  route(app, endpoints.deleteSummary, async (request) => {
    const row = await loadSummary(db, request.user, request.query.summary_id)
    await cancelSummary(queue, db, row.id)
    await deleteSummary(db, row.id)
    return ok({ summary_id: row.id }, 'Deleted record successfully!')
  })

  route(app, endpoints.summaryStatus, async (request) =>
    ok(await summaryDetail(db, request.user, request.query.summary_id), 'Summary status retrieved successfully'),
  )

  route(app, endpoints.summaryTypes, async () =>
    ok(
      summaryTypes.map((code) => ({
        code,
        name: summaryTypeInfo[code].label,
        description: summaryTypeInfo[code].description,
      })),
      'Summary types retrieved successfully',
    ),
  )

  route(app, endpoints.summarizeChart, async (request) =>
    ok(await summaryChart(db, request.user), 'Summary chart retrieved successfully'),
  )

  route(app, endpoints.summarizeKpi, async (request) =>
    ok(await summaryKpi(db, request.user), 'Summary KPIs retrieved successfully'),
  )
}
