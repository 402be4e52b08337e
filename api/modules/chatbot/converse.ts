import type { ChatChannel, ChatCitation } from '#contract/chatbot'
import type { Db } from '../../db/client'
import { answerFromKnowledge, suggestReplies, type Citation, type KnowledgeAnswer } from '../../engines/chat/answer'
import { answerWithLlm, streamWithLlm } from '../../engines/chat/llm'
import type { KnowledgeChunk } from '../../engines/chat/knowledge'
import type { Llm } from '../../engines/llm/client'
import { maskText } from '../../engines/text/mask'
import { knowledgeOf } from './knowledge-cache'
import { campaignOf, type NewMessage } from './store/conversations'
import { answerDataQuestion, DATA_QUESTION_EXAMPLES, looksLikeDataQuestion, type DataAnswer } from './data-questions'
import type { Actor } from '../../auth/access'

/** What trelliChat says to a question about figures it cannot answer, before examples of what it can. */
export const DATA_DONT_KNOW = "I don't know how to work that figure out. You can ask, for example:"

/** What the bot says first when the customer swore: it answers, politely, all the same. */
export const POLITE_OPENING = "I'm sorry this has been frustrating. I'm here to help."

export const toCitation = (c: Citation): ChatCitation => ({
  n: c.n,
  article_id: c.chunk.articleId,
  title: c.chunk.title,
  chunk_id: c.chunk.id,
  excerpt: c.chunk.text,
})

export type BotReply = {
  /** The customer's message as stored (masked). */
  question: { text: string; masked: boolean }
  answer: KnowledgeAnswer
  suggestions: { text: string; citations: ChatCitation[] }[]
  /** trelliChat: a question about the portal's figures, answered from the dashboards' queries. */
  dataAnswer?: DataAnswer | null
  engine: string
  timings: Record<string, number>
}

/**
 * A turn as it is stored: the customer's message (masked) and the bot's reply with its citations,
 * suggestions and closest articles, which come back too for the client's result.
 */
export function turnMessages(bot: BotReply) {
  const citations = bot.answer.citations.map(toCitation)
  const closest = bot.answer.closest.map((a) => ({ article_id: a.articleId, title: a.title }))
  const question: NewMessage = { role: 'customer', text: bot.question.text, masked: bot.question.masked }
  const answer: NewMessage = {
    role: 'bot',
    text: bot.answer.answer,
    dontKnow: bot.answer.dontKnow,
    citations,
    suggestions: bot.suggestions,
    closestArticles: closest,
    dataAnswer: bot.dataAnswer ?? null,
    timings: bot.timings,
    engine: bot.engine,
  }
  return { question, answer, citations, closest }
}

/** What masking put in ("[card number]", a starred-out word) says nothing about what was asked. */
const withoutPlaceholders = (text: string) =>
  text.replace(/\[(card number|phone number|national id|date of birth)\]/g, ' ').replace(/\S*[@*%$#&]{2,}\S*/g, ' ')

const SPEAKER_LINE = /^\s*(agent|customer|caller|client|me|them)\s*:\s*(.*)$/i

/**
 * trelliChat: what the agent pasted, read for the customer's question. A transcript ("Customer: …"
 * lines) stands for its last customer lines; "customer says …" for what follows.
 */
export function copilotQuestion(text: string) {
  const lines = text.split(/\r?\n/).map((l) => l.match(SPEAKER_LINE))
  if (lines.some(Boolean)) {
    const customer = lines.filter((m) => m && !/^(agent|me)$/i.test(m[1]!)).map((m) => m![2]!)
    if (customer.length) return customer.slice(-2).join(' ')
  }
  return text.replace(
    /^\s*(the )?(customer|caller)\s+(says|asks|asked|wants to know|said)\s*(that|if|whether)?\s*/i,
    '',
  )
}

const since = (start: number) => Math.round((performance.now() - start) * 10) / 10

/**
 * The bot's reply to one message: masked first (what is stored and searched never holds a card
 * number), answered from the campaign's knowledge base (by the LLM when there is one, from the same
 * chunks, the local answer standing in when it fails), with suggested replies on trelliChat. An
 * aborted `signal` stops it with an AbortError before anything is stored.
 */
export async function replyTo(
  deps: { db: Db; llm?: Llm | null },
  input: { channel: ChatChannel; campaignId: number; message: string; previous: string[]; actor?: Actor },
  signal?: AbortSignal,
  { onDelta }: { onDelta?: (text: string) => void } = {},
): Promise<BotReply> {
  const campaign = await campaignOf(deps.db, input.campaignId)
  const masked = maskText(input.message)
  if (input.channel === 'trelli_chat' && input.actor && looksLikeDataQuestion(masked.text)) {
    const start = performance.now()
    const figures = await answerDataQuestion(deps.db, input.actor, masked.text)
    const answer: KnowledgeAnswer = {
      answer: figures?.answer ?? `${DATA_DONT_KNOW} ${DATA_QUESTION_EXAMPLES.map((e) => `“${e}”`).join(', ')}.`,
      citations: [],
      dontKnow: !figures,
      closest: [],
      retrieved: [],
      signals: null,
      confidence: figures ? 1 : 0,
    }
    return {
      question: { text: masked.text, masked: masked.profane || masked.redacted.length > 0 },
      answer,
      suggestions: [],
      dataAnswer: figures,
      engine: 'figures',
      timings: { figures: since(start) },
    }
  }
  const timings: Record<string, number> = {}
  let start = performance.now()
  const index = await knowledgeOf(deps.db)
  const question = input.channel === 'trelli_chat' ? copilotQuestion(masked.text) : masked.text
  const ask = { campaignId: campaign.id, message: withoutPlaceholders(question), previous: input.previous }
  const local = answerFromKnowledge(index, ask)
  timings.retrieval = since(start)

  start = performance.now()
  let answer = local
  let engine = 'local'
  if (deps.llm && !local.smallTalk && local.retrieved.length) {
    try {
      const chunks: KnowledgeChunk[] = local.retrieved.slice(0, 5)
      const prompt = { client: campaign.client, question, previous: input.previous, chunks }
      const written =
        onDelta && deps.llm.stream
          ? await streamWithLlm(deps.llm.stream.bind(deps.llm), prompt, { ...local, retrieved: chunks }, onDelta, {
              signal,
            })
          : await answerWithLlm(deps.llm, prompt, { ...local, retrieved: chunks }, { signal })
      if (written) {
        answer = written
        engine = `llm:${deps.llm.model}`
      }
    } catch (error) {
      if (signal?.aborted) throw error
    }
  }
  signal?.throwIfAborted()
  if (masked.profane) answer = { ...answer, answer: `${POLITE_OPENING} ${answer.answer}` }
  const suggestions =
    input.channel === 'trelli_chat'
      ? suggestReplies(index, ask, answer).map((s) => ({
          text: s.text,
          citations: s.chunks.map((chunk, i) => toCitation({ n: i + 1, chunk })),
        }))
      : []
  timings.answer = since(start)
  // the local engine's answer comes whole; a streamed LLM answer has been sent piece by piece
  if (onDelta && engine === 'local') onDelta(answer.answer)
  return {
    question: { text: masked.text, masked: masked.profane || masked.redacted.length > 0 },
    answer,
    suggestions,
    engine,
    timings,
  }
}
