import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { TALK_FILE_MAX_BYTES, talkFields, type TalkResult } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import type { Db } from '../../db/client'
import type { Llm } from '../../engines/llm/client'
import { sniffAudio, SpeechError, type SpeechEngineConfig } from '../../engines/speech'
import { recogniseQuestion } from '../../engines/speech/question'
import { speak } from '../../engines/speech/speak'
import { activeActor } from '../../auth/access'
import { newBlobKey, type BlobStore } from '../../lib/blob-store'
import { route } from '../../lib/endpoint'
import { HttpError, notFound } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { audioLinkOf, talkAudioSigner } from './audio-link'
import { readUpload } from '../../lib/upload'
import { replyTo, turnMessages } from './converse'
import { knowledgeOf } from './knowledge-cache'
import { questionLmOf } from './question-lm'
import { campaignOf, earlierQuestions, loadOwnConversation, storeTurn, voiceOf } from './store/conversations'

type Options = { db: Db; blobs: BlobStore | null; llm?: Llm | null; speech: SpeechEngineConfig; jwtSecret: string }

const BAD_LINK = 'This audio link is invalid or has expired.'

/** What a failure of the speech engines means to the client. */
function speechStatus(error: SpeechError) {
  if (error.code === 'unsupported') return 415
  if (error.code === 'no_engine' || error.code === 'engine_failed') return 503
  return 422
}

const since = (start: number) => Math.round(performance.now() - start)

/**
 * trelliTalk: a spoken question (recorded in the browser or uploaded) is recognised, answered from
 * the knowledge base like a typed one and spoken back with espeak-ng. The stages that need not wait
 * on each other do not: the campaign loads while the question is recognised (by pocketsphinx with a
 * language model of the campaign's articles, question-lm.ts), and the two recordings are stored
 * together.
 */
export const chatbotTalkRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, blobs, llm = null, speech, jwtSecret },
) => {
  const signer = talkAudioSigner(jwtSecret)
  const audioLink = audioLinkOf(signer)
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart)

  route(app, endpoints.talk, async (request, reply) => {
    const started = performance.now()
    if (!blobs) throw new HttpError(503, 'Voice conversations cannot be stored on this server')
    const { fields, file } = await readUpload(request, {
      maxBytes: TALK_FILE_MAX_BYTES,
      tooLarge: `The recording is larger than ${TALK_FILE_MAX_BYTES / 1024 / 1024} MB: ask in under two minutes`,
    })
    const parsed = talkFields.safeParse(fields)
    const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.error.flatten().fieldErrors }
    if (!file?.bytes?.length) errors.file = ['Record or choose your question']
    if (!parsed.success || !file?.bytes?.length) throw new HttpError(400, 'Check the highlighted fields', errors)
    const audioFormat = sniffAudio(file.bytes)
    if (!audioFormat)
      throw new HttpError(
        415,
        'This file is not a recording in a format we accept (WAV, MP3, M4A, OGG, FLAC or WebM).',
        {
          file: ['Choose a WAV, MP3, M4A, OGG, FLAC or WebM recording'],
        },
      )
    const { campaign_id: campaignId, conversation_id: conversationId } = parsed.data
    const conversation = conversationId ? await loadOwnConversation(db, request.user, conversationId) : null
    if (conversation && (conversation.channel !== 'trelli_talk' || conversation.campaignId !== campaignId))
      throw new HttpError(400, 'This conversation belongs to another channel or campaign', {
        conversation_id: ['Start a new conversation for another channel or campaign'],
      })

    const controller = new AbortController()
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'))
    }
    reply.raw.on('close', onClose)
    try {
      const timings: Record<string, number> = {}
      let stage = performance.now()
      const bytes = file.bytes
      const hear = async () => {
        const lm = await questionLmOf(await knowledgeOf(db), campaignId)
        return recogniseQuestion(bytes, { config: speech, signal: controller.signal, lm: lm ?? undefined })
      }
      const [heard] = await Promise.all([hear(), campaignOf(db, campaignId)]).catch((error: unknown) => {
        if (error instanceof SpeechError)
          throw new HttpError(speechStatus(error), error.message, { file: [error.message] })
        throw error
      })
      timings.recognition = since(stage)

      const previous = conversation ? await earlierQuestions(db, conversation.id) : []
      const bot = await replyTo(
        { db, llm },
        { channel: 'trelli_talk', campaignId, message: heard.text, previous },
        controller.signal,
      )
      timings.retrieval = bot.timings.retrieval ?? 0
      timings.answer = bot.timings.answer ?? 0

      stage = performance.now()
      const wav = await speak(bot.answer.answer, { signal: controller.signal })
      timings.speech = since(stage)
      controller.signal.throwIfAborted()

      const questionKey = newBlobKey('chat-voice', `.${audioFormat.ext}`)
      const replyKey = wav ? newBlobKey('chat-voice', '.wav') : null
      await Promise.all([blobs.put(questionKey, file.bytes), replyKey && wav ? blobs.put(replyKey, wav) : undefined])
      const { question, answer, citations, closest } = turnMessages(bot)
      timings.total = since(started)
      const stored = await storeTurn(
        db,
        conversation?.id ?? {
          userId: request.user.id,
          channel: 'trelli_talk',
          campaignId,
          title: bot.question.text,
        },
        [
          { ...question, audioBlobKey: questionKey },
          { ...answer, audioBlobKey: replyKey, timings, engine: `${heard.engine} → ${bot.engine}` },
        ],
      )
      const botMessage = stored.messageIds[1]!
      const result: TalkResult = {
        conversation_id: stored.conversationId,
        message_id: botMessage,
        transcript: bot.question.text,
        answer: bot.answer.answer,
        citations,
        dont_know: bot.answer.dontKnow,
        closest_articles: closest,
        audio_url: replyKey ? audioLink(request.user.id)(botMessage) : null,
        timings_ms: timings,
      }
      return ok(result, bot.answer.dontKnow ? "The bot doesn't know" : 'Answered')
    } catch (error) {
      if (controller.signal.aborted) return reply
      throw error
    } finally {
      reply.raw.off('close', onClose)
    }
  })

  route(app, endpoints.talkAudio, async (request, reply) => {
    const messageId = request.params.id
    const uid = signer.verify(String(messageId), request.query)
    const actor = uid === null ? null : await activeActor(db, uid)
    if (!actor) throw new HttpError(403, BAD_LINK)
    const row = await voiceOf(db, actor, messageId)
    // a link made out to someone the rule does not admit is an invalid link (decision 012)
    if (!row) throw new HttpError(403, BAD_LINK)
    if (!row.key || !blobs) throw notFound('This message has no audio')
    const size = await blobs.size(row.key)
    if (size === null) throw notFound('The audio file is missing')
    const type = row.key.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream'
    reply.header('content-type', type).header('content-length', size).header('cache-control', 'private, max-age=900')
    return reply.send(blobs.read(row.key))
  })
}
