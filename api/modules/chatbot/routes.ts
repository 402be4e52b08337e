import { PassThrough } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '#contract/endpoints'
import { chatChannelLabel, type ConverseEvent, type ConverseResult } from '#contract/chatbot'
import type { Db } from '../../db/client'
import { summarize } from '../../engines/summarize'
import type { Llm } from '../../engines/llm/client'
import type { Queue } from '../../jobs/queue'
import { csvHeaders, csvStream, EXPORT_MAX_ROWS } from '../../lib/csv'
import { route } from '../../lib/endpoint'
import { HttpError } from '../../lib/http-error'
import { ok } from '../../lib/reply'
import { audioLinkOf, talkAudioSigner } from './audio-link'
import { requestReindex } from './job'
import { replyTo, turnMessages } from './converse'
import { transcriptOf } from '../evaluations/store/analysis'
import type { Actor } from '../../auth/access'
import {
  chatKpi,
  conversationDetail,
  earlierQuestions,
  exportRows,
  listConversations,
  loadConversation,
  loadOwnConversation,
  messagesOf,
  rateMessage,
  storeTurn,
} from './store/conversations'
import { knowledgeGaps } from './store/gaps'
import { actOnHandoff, handoffOf, listHandoffs, requestHandoff } from './store/handoffs'
import { createArticle, deleteArticle, loadArticle, listArticles, updateArticle } from './store/knowledge'

type Options = { db: Db; queue?: Queue; llm?: Llm | null; chatPerMinute?: number; jwtSecret: string }

/** How many of the call's last customer turns trelliChat reads as the question. */
const CALL_TURNS = 2

/** trelliChat on a call: the customer's last words in it (the agent must be allowed to see the call), then the agent's own message. */
async function withCallContext(db: Db, actor: Actor, evaluationId: number, message: string) {
  const { segments } = await transcriptOf(db, actor, evaluationId)
  const customer = segments
    .filter((s) => s.speaker === 'customer')
    .slice(-CALL_TURNS)
    .map((s) => `Customer: ${s.text}`)
  if (!customer.length && !message)
    throw new HttpError(422, 'This call has no transcript yet: paste what the customer said', {
      call_evaluation_id: ['This call has no transcript yet'],
    })
  return [...customer, message].filter(Boolean).join('\n')
}

/** Messages a session may send a minute: a person types far fewer; a script is stopped. */
export const CHAT_PER_MINUTE = 30

const abortedError = () => new DOMException('The client went away', 'AbortError')

/** Chatbot (SPEC §7 /api/chatbot/): conversations, feedback, handoffs and the knowledge base. */
export const chatbotRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, queue, llm = null, chatPerMinute = CHAT_PER_MINUTE, jwtSecret },
) => {
  const audioLink = audioLinkOf(talkAudioSigner(jwtSecret))
  route(
    app,
    endpoints.converse,
    async (request, reply) => {
      const body = request.body
      const conversation = body.conversation_id
        ? await loadOwnConversation(db, request.user, body.conversation_id)
        : null
      if (conversation && (conversation.channel !== body.channel || conversation.campaignId !== body.campaign_id))
        throw new HttpError(400, 'This conversation belongs to another channel or campaign', {
          conversation_id: ['Start a new conversation for another channel or campaign'],
        })
      // the client going away (an aborted fetch, a closed connection) stops the work; nothing is stored
      const controller = new AbortController()
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(abortedError())
      }
      reply.raw.on('close', onClose)

      /** One turn: the reply (its text passed to `onDelta` as it is written), then the turn stored whole. */
      const turn = async (onDelta?: (text: string) => void): Promise<ConverseResult> => {
        const previous = conversation ? await earlierQuestions(db, conversation.id) : []
        const message = body.call_evaluation_id
          ? await withCallContext(db, request.user, body.call_evaluation_id, body.message)
          : body.message
        const bot = await replyTo(
          { db, llm },
          { channel: body.channel, campaignId: body.campaign_id, message, previous, actor: request.user },
          controller.signal,
          { onDelta },
        )
        controller.signal.throwIfAborted()
        const { question, answer, citations, closest } = turnMessages(bot)
        const stored = await storeTurn(
          db,
          conversation?.id ?? {
            userId: request.user.id,
            channel: body.channel,
            campaignId: body.campaign_id,
            callEvaluationId: body.call_evaluation_id ?? null,
            title: bot.question.text,
          },
          [question, answer],
        )
        return {
          conversation_id: stored.conversationId,
          message_id: stored.messageIds[1]!,
          answer: bot.answer.answer,
          citations,
          dont_know: bot.answer.dontKnow,
          ...(body.channel === 'trelli_chat' && { suggestions: bot.suggestions }),
          closest_articles: closest,
          data_answer: bot.dataAnswer ?? null,
          masked: bot.question.masked,
          timings_ms: bot.timings,
        }
      }

      if (!body.stream) {
        try {
          const result = await turn()
          return ok(result, result.dont_know ? "The bot doesn't know" : 'Answered')
        } catch (error) {
          if (controller.signal.aborted) return reply
          throw error
        } finally {
          reply.raw.off('close', onClose)
        }
      }

      // NDJSON: the text as it is written (an LLM's, piece by piece), then the whole, checked result;
      // a failure after the stream has begun is an `error` event
      const out = new PassThrough()
      const send = (event: ConverseEvent) => out.write(`${JSON.stringify(event)}\n`)
      reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store')
      void reply.send(out)
      turn((text) => send({ type: 'delta', text }))
        .then((result) => send({ type: 'done', result }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          request.log.error(error, 'chatbot stream failed')
          send({
            type: 'error',
            message: error instanceof HttpError ? error.message : 'The answer could not be finished.',
          })
        })
        .finally(() => {
          reply.raw.off('close', onClose)
          out.end()
        })
      return reply
    },
    {
      config: {
        rateLimit: chatPerMinute
          ? {
              max: chatPerMinute,
              timeWindow: '1 minute',
              hook: 'preHandler',
              keyGenerator: (request) => `chat:${request.user?.sid ?? request.ip}`,
              errorResponseBuilder: (_request, context) =>
                new HttpError(429, `You are sending messages too fast. Try again in ${context.after}.`),
            }
          : false,
      },
    },
  )

  route(app, endpoints.chatConversations, async (request) =>
    ok(await listConversations(db, request.user, request.query), 'Conversations retrieved successfully'),
  )

  route(app, endpoints.chatConversation, async (request) =>
    ok(
      await conversationDetail(db, request.user, request.params.id, {
        handoffOf: (id) => handoffOf(db, id),
        audioLink: audioLink(request.user.id),
      }),
      'Conversation retrieved successfully',
    ),
  )

  route(app, endpoints.chatConversationTranscript, async (request, reply) => {
    const conversation = await loadConversation(db, request.user, request.params.id)
    const messages = await messagesOf(db, conversation.id)
    const who = { customer: 'You', bot: 'Bot', agent: 'Agent', system: 'Note' } as const
    const lines = [
      `${chatChannelLabel[conversation.channel]} — conversation ${conversation.id}`,
      `Started ${conversation.createdAt.toISOString()}`,
      '',
      ...messages.flatMap((m) => [
        `[${m.created_at}] ${who[m.role]}: ${m.text}`,
        ...m.citations.map((c) => `    [${c.n}] ${c.title}`),
      ]),
    ]
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="conversation-${conversation.id}.txt"`)
      .header('cache-control', 'no-store')
    return reply.send(lines.join('\n') + '\n')
  })

  route(app, endpoints.chatConversationsExport, async (request, reply) => {
    const rows = await exportRows(db, request.user, request.query, EXPORT_MAX_ROWS + 1)
    const truncated = rows.length > EXPORT_MAX_ROWS
    if (truncated) rows.length = EXPORT_MAX_ROWS
    reply.headers({
      ...csvHeaders(`conversations-${new Date().toISOString().slice(0, 10)}.csv`),
      'x-total-count': String(rows.length),
      'x-export-truncated': String(truncated),
    })
    return reply.send(
      csvStream(
        [
          'Conversation',
          'Channel',
          'Campaign',
          'User',
          'At',
          'From',
          'Text',
          "Didn't know",
          'Sources',
          'Feedback',
          'Reason',
        ],
        rows.map((r) => [
          r.conversation_id,
          chatChannelLabel[r.channel],
          r.campaign,
          r.user,
          r.at,
          r.role,
          r.text,
          r.role === 'bot' ? r.dont_know : null,
          r.citations.map((c) => c.title).join('; '),
          r.rating,
          r.reason,
        ]),
      ),
    )
  })

  route(app, endpoints.chatbotKpi, async (request) =>
    ok(await chatKpi(db, request.user, request.query.channel), 'Chatbot figures retrieved successfully'),
  )

  route(app, endpoints.chatFeedback, async (request) =>
    ok(await rateMessage(db, request.user, request.body), 'Thank you for your feedback'),
  )

  route(app, endpoints.chatHandoff, async (request, reply) => {
    const conversation = await loadOwnConversation(db, request.user, request.body.conversation_id)
    const messages = await messagesOf(db, conversation.id)
    const turns = messages
      .filter((m) => m.role === 'customer' || m.role === 'bot')
      .map((m) => ({ speaker: m.role === 'customer' ? 'Customer' : 'Bot', text: m.text }))
    const summary = turns.length
      ? (await summarize(turns, 'brief', { llm })).summary
      : 'The customer asked for a person before asking anything.'
    const handoff = await requestHandoff(db, {
      conversationId: conversation.id,
      userId: request.user.id,
      body: request.body,
      summary,
      link: `/demo-portal/capabilities/chatbot/handoffs?conversation=${conversation.id}`,
    })
    await storeTurn(db, conversation.id, [{ role: 'system', text: handoff.next_steps }])
    return reply.code(201).send(ok(handoff, handoff.next_steps))
  })

  route(app, endpoints.chatHandoffs, async (request) =>
    ok(await listHandoffs(db, request.query), 'Handoffs retrieved successfully'),
  )

  route(app, endpoints.chatHandoffAction, async (request) => {
    const handoff = await actOnHandoff(db, request.user.id, request.body)
    const note =
      request.body.action === 'accept'
        ? 'An agent has taken this conversation.'
        : 'Our team has closed this conversation.'
    await storeTurn(db, handoff.conversation_id, [{ role: 'system', text: note }])
    return ok(handoff, request.body.action === 'accept' ? 'Conversation taken' : 'Handoff closed')
  })

  route(app, endpoints.chatArticles, async (request) =>
    ok(await listArticles(db, request.query), 'Articles retrieved successfully'),
  )

  route(app, endpoints.chatArticle, async (request) =>
    ok(await loadArticle(db, request.params.id), 'Article retrieved successfully'),
  )

  route(app, endpoints.createChatArticle, async (request, reply) => {
    const id = await createArticle(db, request.body, request.user.id)
    await requestReindex(queue, db, id)
    return reply.code(201).send(ok(await loadArticle(db, id), 'Article created successfully'))
  })

  route(app, endpoints.updateChatArticle, async (request) => {
    await updateArticle(db, request.body.article_id, request.body, request.user.id)
    await requestReindex(queue, db, request.body.article_id)
    return ok(await loadArticle(db, request.body.article_id), 'Article updated successfully')
  })

  route(app, endpoints.deleteChatArticle, async (request) => {
    await deleteArticle(db, request.query.article_id)
    return ok({ article_id: request.query.article_id }, 'Deleted record successfully!')
  })

  route(app, endpoints.chatGaps, async (request) =>
    ok(await knowledgeGaps(db, request.query), 'Knowledge gaps retrieved successfully'),
  )
}
