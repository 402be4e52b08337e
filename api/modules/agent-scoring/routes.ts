import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createScoringBody,
  createScoringFields,
  SCORING_TEXT_FILE_MAX_BYTES,
  scoringTextFileTypes,
} from '#contract/agent-scoring'
import { RECORDING_MAX_BYTES } from '#contract/speech'
import { endpoints } from '#contract/endpoints'
import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { redactSegments } from '../../engines/text/redact'
import type { Queue } from '../../jobs/queue'
import type { BlobStore } from '../../lib/blob-store'
import { route } from '../../lib/endpoint'
import { HttpError } from '../../lib/http-error'
import { readJsonOrUpload, storedFile } from '../../lib/upload'
import { acceptAudio, isAudio } from '../speech/accept'
import { sendListCsv } from '../../lib/csv'
import { ok } from '../../lib/reply'
import { chatFromJson, chatFromText, emailFromEml, emailFromText } from './conversation'
import { requestItemScoring } from './job'
import { calibration } from './store/calibration'
import { itemRowsOf, listItems, orderedItemIds, queueKpi, scoringExportColumns, scoringExportRow } from './store/queue'
import { decideItem } from './store/decide'
import { claimItem, createItem, itemDetail, itemState, rescoreItem, resolveNewItem } from './store/items'

type Options = { db: Db; queue?: Queue; llm?: Llm | null; blobs?: BlobStore | null }

/** A conversation file's kind, by its name's extension. */
const extensionOf = (name: string) => scoringTextFileTypes.find((ext) => name.toLowerCase().endsWith(ext)) ?? null

const TITLE = { chat: 'Pasted chat', email: 'Pasted e-mail' } as const
const TEXT_TOO_LARGE = `A conversation file is at most ${SCORING_TEXT_FILE_MAX_BYTES / 1024 / 1024} MB`
const NOT_A_CONVERSATION = "Upload a chat or e-mail as .txt, .json or .eml, or a call's audio"

/** AI agent scoring (SPEC §2, /api/agent_scoring/, docs/decisions/015). */
export const agentScoringRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, queue, llm = null, blobs = null },
) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  /** A pasted (JSON) or uploaded (multipart) conversation, read into turns; a call's audio becomes a recording. */
  async function readNewItem(request: FastifyRequest) {
    // audio goes to the blob store as it arrives; without one only text files are taken (kept in memory)
    const read = await readJsonOrUpload(request, createScoringBody, {
      maxBytes: blobs ? RECORDING_MAX_BYTES : SCORING_TEXT_FILE_MAX_BYTES,
      tooLarge: blobs ? `The file is larger than ${RECORDING_MAX_BYTES / 1024 / 1024} MB` : TEXT_TOO_LARGE,
      ...(blobs && { store: { blobs, prefix: 'uploads' } }),
    })
    if ('json' in read) {
      const body = read.json
      const sides = await resolveNewItem(db, body)
      const turns = body.channel === 'chat' ? chatFromText(body.text, sides) : emailFromText(body.text, sides)
      return { ...body, sides, title: TITLE[body.channel], turns, recordingId: null }
    }
    const { fields, file } = read.upload
    const removeFile = () => (file?.blobKey && blobs ? blobs.remove(file.blobKey).catch(() => {}) : undefined)
    try {
      const parsed = createScoringFields.safeParse(fields)
      const errors: Record<string, string[]> = parsed.success ? {} : parsed.error.flatten().fieldErrors
      if (!file) errors.file = ['Choose a conversation file or a recording']
      if (!parsed.success || !file) throw new HttpError(400, 'Check the highlighted fields', errors)
      if (file.size === 0) throw new HttpError(400, 'The file is empty', { file: ['The file is empty'] })
      const input = parsed.data
      const sides = await resolveNewItem(db, input)
      const title = file.filename
      if (isAudio(file.head)) {
        if (input.channel && input.channel !== 'call') {
          throw new HttpError(400, 'This file is audio: score it as a call', { channel: ['An audio file is a call'] })
        }
        if (!blobs || !queue) throw new HttpError(503, 'Calls cannot be stored or transcribed on this server')
        const recordingId = await acceptAudio(
          { db, blobs, queue },
          request.user,
          { ...file, blobKey: file.blobKey! },
          {
            language: 'en',
            domain: null,
          },
        )
        return { ...input, channel: 'call' as const, sides, title, turns: [], recordingId }
      }
      if (file.size > SCORING_TEXT_FILE_MAX_BYTES) throw new HttpError(413, TEXT_TOO_LARGE)
      const bytes = file.bytes ?? (await storedFile(blobs!, file.blobKey!, file.size).read(0, file.size))
      const kind = extensionOf(file.filename)
      if (!kind) throw new HttpError(415, NOT_A_CONVERSATION, { file: [NOT_A_CONVERSATION] })
      const channel = kind === '.eml' ? 'email' : kind === '.json' ? 'chat' : (input.channel ?? 'chat')
      if (channel === 'call' || (input.channel && input.channel !== channel)) {
        const message = `A ${kind} file is ${channel === 'email' ? 'an e-mail' : 'a chat'}`
        throw new HttpError(400, message, { channel: [message] })
      }
      const turns =
        kind === '.eml'
          ? await emailFromEml(bytes, sides)
          : kind === '.json'
            ? chatFromJson(bytes)
            : channel === 'email'
              ? emailFromText(bytes.toString('utf8'), sides)
              : chatFromText(bytes.toString('utf8'), sides)
      await removeFile()
      return { ...input, channel, sides, title, turns, recordingId: null }
    } catch (error) {
      await removeFile()
      throw error
    }
  }

  route(app, endpoints.createScoringItem, async (request, reply) => {
    const input = await readNewItem(request)
    // card numbers, national ids and phone numbers never reach the database
    const { segments: turns } = redactSegments(input.turns)
    const item = await createItem(db, {
      channel: input.channel,
      title: input.title,
      agentId: input.agent_id,
      campaignId: input.campaign_id,
      templateId: input.sides.templateId,
      turns,
      recordingId: input.recordingId,
      createdBy: request.user.id,
    })
    await requestItemScoring(queue, db, llm, item.id)
    // its creator may have named another agent's conversation: the answer needs only where it stands
    const { bucket } = await itemState(db, item.id)
    const message = input.recordingId
      ? 'Transcribing the call, then scoring it'
      : queue
        ? 'Queued for scoring'
        : 'Scored'
    return reply.code(201).send(ok({ item_id: item.id, bucket }, message))
  })

  route(app, endpoints.scoringItemDetails, async (request) =>
    ok(await itemDetail(db, request.user, request.query.item_id)),
  )

  route(app, endpoints.claimScoringItem, async (request) => {
    const state = await claimItem(db, request.body.item_id, request.user.id)
    return ok({ item_id: request.body.item_id, ...state }, 'Claimed')
  })

  route(app, endpoints.rescoreScoringItem, async (request) => {
    const itemId = request.body.item_id
    await rescoreItem(db, itemId, request.user.id)
    await requestItemScoring(queue, db, llm, itemId)
    const state = await itemState(db, itemId)
    return ok({ item_id: itemId, ...state }, queue ? 'Queued for scoring' : 'Scored again')
  })

  route(app, endpoints.decideScoringItem, async (request) => {
    const { item_id, decision, corrections, version } = request.body
    const state = await decideItem(db, {
      itemId: item_id,
      actorId: request.user.id,
      decision,
      version,
      corrections: corrections.map((c) => ({
        questionId: c.question_id,
        value: c.value,
        reasonCode: c.reason_code,
        comment: c.comment,
      })),
    })
    return ok({ item_id, ...state }, decision === 'accept' ? 'Accepted' : 'Rejected')
  })

  route(app, endpoints.listScoringItems, async (request) =>
    ok(await listItems(db, request.user, request.query), 'Scored interactions retrieved'),
  )

  route(app, endpoints.scoringKpi, async (request) =>
    ok(await queueKpi(db, request.user, request.query), 'Agent scoring figures retrieved'),
  )

  route(app, endpoints.scoringCalibration, async (request) =>
    ok(await calibration(db, request.user, request.query), 'Calibration retrieved'),
  )

  route(app, endpoints.exportScoringItems, async (request, reply) =>
    sendListCsv(reply, {
      name: `agent-scoring-${request.query.bucket ?? 'all'}`,
      header: scoringExportColumns,
      ids: (limit) => orderedItemIds(db, request.user, request.query, limit),
      rows: async (ids) => (await itemRowsOf(db, ids)).map(scoringExportRow),
    }),
  )
}
