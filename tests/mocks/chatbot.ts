import { HttpResponse } from 'msw'
import type {
  Article,
  ChatChannel,
  ChatCitation,
  ChatMessage,
  ConversationDetail,
  ConversationSummary,
  ConverseResult,
  Handoff,
  TalkResult,
} from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import { silentWav } from '#tests/fixtures/evaluations'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'
import { error } from './auth'
import { answer, mock } from './endpoint'

/*
 * The chatbot area of the mock API. Its "engine" is a word match over a few articles: enough for
 * loaders and actions to be tested against answers, "I don't know", citations, feedback, handoffs
 * and the knowledge base as the contract shapes them. The real engine is tested in api/.
 */

export const CAMPAIGNS = [
  { id: 1, name: 'Retail banking inbound' },
  { id: 2, name: 'Energy collections' },
  { id: 3, name: 'Patient access line' },
]

type StoredConversation = ConversationSummary & { owner: DemoKey; messages: ChatMessage[]; handoff: Handoff | null }

const seedArticles = (): Article[] => [
  article(
    1,
    1,
    'Opening hours',
    'Our phone lines are open from 8am to 8pm Monday to Friday. We are closed on Sundays.',
  ),
  article(2, 1, 'Lost or stolen card', 'Freeze your card in the app straight away, then call us on 0800 123 4567.'),
  article(
    3,
    2,
    'Submitting a meter reading',
    'Send a meter reading in the app or on 0330 100 2000 before your bill date.',
  ),
  article(
    4,
    3,
    'Cancelling an appointment',
    'Give us 24 hours notice to cancel or a £25 late cancellation fee applies.',
  ),
]

function article(id: number, campaignId: number, title: string, body: string): Article {
  return {
    article_id: id,
    campaign_id: campaignId,
    campaign_name: CAMPAIGNS.find((c) => c.id === campaignId)!.name,
    title,
    keywords: [],
    questions: [],
    body,
    chunk_count: 1,
    indexed: true,
    updated_by: 'Sam Supervisor',
    updated_at: '2026-11-20T10:00:00.000Z',
  }
}

/** How the mock API behaves and what it holds; tests reset it in beforeEach. */
export const chatbotState = {
  articles: seedArticles(),
  conversations: [] as StoredConversation[],
  nextId: 100,
  /** 'down': converse/ and talk/ cannot be reached (a network error). */
  behaviour: 'up' as 'up' | 'down',
  /** Queue workers signed in: none means a handoff needs a callback. */
  agentsAvailable: 2,
  posted: [] as { channel: ChatChannel; message: string; conversation_id?: number }[],
}

export function resetChatbotMocks() {
  chatbotState.articles = seedArticles()
  chatbotState.conversations = []
  chatbotState.nextId = 100
  chatbotState.behaviour = 'up'
  chatbotState.agentsAvailable = 2
  chatbotState.posted = []
}

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])
export const MOCK_DONT_KNOW = "I don't know the answer to that from our help articles."

/** The article sharing most words with the question, in the campaign; none below two. */
function bestArticle(campaignId: number, question: string) {
  const asked = words(question)
  let best: { article: Article; score: number } | null = null
  for (const a of chatbotState.articles.filter((x) => x.campaign_id === campaignId)) {
    const score = [...words(`${a.title} ${a.body}`)].filter((w) => asked.has(w)).length
    if (score >= 1 && (!best || score > best.score)) best = { article: a, score }
  }
  return best?.article ?? null
}

const citationOf = (a: Article): ChatCitation => ({
  n: 1,
  article_id: a.article_id,
  title: a.title,
  chunk_id: a.article_id * 10,
  excerpt: a.body,
})

const now = () => new Date().toISOString()
const nameOf = (key: DemoKey) => `${demoUsers[key].first_name} ${demoUsers[key].last_name}`

function message(role: ChatMessage['role'], text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message_id: chatbotState.nextId++,
    role,
    text,
    citations: [],
    dont_know: false,
    suggestions: [],
    closest_articles: [],
    data_answer: null,
    feedback: null,
    audio_url: null,
    timings_ms: null,
    created_at: now(),
    ...extra,
  }
}

const visible = (key: DemoKey) =>
  chatbotState.conversations.filter((c) => c.owner === key || ['admin', 'supervisor'].includes(key))

function summaryOf({ owner: _o, messages, handoff, ...summary }: StoredConversation): ConversationSummary {
  return {
    ...summary,
    message_count: messages.length,
    dont_know_count: messages.filter((m) => m.dont_know).length,
    thumbs_up: messages.filter((m) => m.feedback?.rating === 'up').length,
    thumbs_down: messages.filter((m) => m.feedback?.rating === 'down').length,
    handoff_status: handoff?.status ?? null,
  }
}

/** One turn, as the API stores it: the question, the answer, in a new or the given conversation. */
function converse(
  key: DemoKey,
  input: { channel: ChatChannel; campaign_id: number; message: string; conversation_id?: number },
) {
  const campaign = CAMPAIGNS.find((c) => c.id === input.campaign_id)
  if (!campaign) return error(404, 'Campaign not found', { campaign_id: ['Choose a campaign'] })
  let conversation = input.conversation_id
    ? chatbotState.conversations.find((c) => c.conversation_id === input.conversation_id && c.owner === key)
    : undefined
  if (input.conversation_id && !conversation) return error(404, 'Conversation not found')
  if (!conversation) {
    conversation = {
      owner: key,
      conversation_id: chatbotState.nextId++,
      channel: input.channel,
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      title: input.message.slice(0, 120),
      user: nameOf(key),
      message_count: 0,
      dont_know_count: 0,
      thumbs_up: 0,
      thumbs_down: 0,
      handoff_status: null,
      created_at: now(),
      updated_at: now(),
      messages: [],
      handoff: null,
    }
    chatbotState.conversations.unshift(conversation)
  }
  const found = bestArticle(campaign.id, input.message)
  const citations = found ? [citationOf(found)] : []
  const text = found ? `${found.body} [1]` : MOCK_DONT_KNOW
  const closest = found ? [] : chatbotState.articles.filter((a) => a.campaign_id === campaign.id).slice(0, 3)
  const suggestions = input.channel === 'trelli_chat' && found ? [{ text: found.body, citations }] : []
  conversation.messages.push(message('customer', input.message))
  const bot = message('bot', text, {
    citations,
    dont_know: !found,
    suggestions,
    closest_articles: closest.map((a) => ({ article_id: a.article_id, title: a.title })),
    timings_ms: { retrieval: 2, answer: 1 },
  })
  conversation.messages.push(bot)
  conversation.updated_at = now()
  return { conversation, bot }
}

function handoffOf(conversation: StoredConversation, status: Handoff['status'], extra: Partial<Handoff> = {}): Handoff {
  return {
    handoff_id: conversation.conversation_id + 5000,
    conversation_id: conversation.conversation_id,
    channel: conversation.channel,
    campaign_id: conversation.campaign_id,
    campaign_name: conversation.campaign_name,
    customer: conversation.user,
    status,
    reason: null,
    summary: `The customer asked: ${conversation.title}`,
    callback_name: null,
    callback_phone: null,
    callback_time: null,
    accepted_by: null,
    requested_at: now(),
    next_steps:
      status === 'callback_requested'
        ? 'No agent is free right now. We have your callback request and will phone you at the time you gave.'
        : 'You are in the queue for a person. They can see this conversation.',
    ...extra,
  }
}

const paged = <T>(all: T[], page: number, size: number) => ({
  count: all.length,
  total_pages: Math.ceil(all.length / size),
  current_page: page,
  next: page * size < all.length ? page + 1 : null,
  previous: page > 1 ? page - 1 : null,
  results: all.slice((page - 1) * size, page * size),
})

export const chatbotHandlers = [
  mock(endpoints.converse, ({ key, body }) => {
    chatbotState.posted.push({ channel: body.channel, message: body.message, conversation_id: body.conversation_id })
    if (chatbotState.behaviour === 'down') return HttpResponse.error()
    const turn = converse(key, body)
    if (turn instanceof Response) return turn
    const result: ConverseResult = {
      conversation_id: turn.conversation.conversation_id,
      message_id: turn.bot.message_id,
      answer: turn.bot.text,
      citations: turn.bot.citations,
      dont_know: turn.bot.dont_know,
      ...(body.channel === 'trelli_chat' && { suggestions: turn.bot.suggestions }),
      closest_articles: turn.bot.closest_articles,
      data_answer: null,
      masked: false,
      timings_ms: turn.bot.timings_ms ?? {},
    }
    if (body.stream)
      return new HttpResponse(
        [JSON.stringify({ type: 'delta', text: result.answer }), JSON.stringify({ type: 'done', result })].join('\n') +
          '\n',
        { headers: { 'Content-Type': 'application/x-ndjson' } },
      )
    return answer(result, result.dont_know ? "The bot doesn't know" : 'Answered')
  }),

  mock(endpoints.talk, async ({ key, request }) => {
    if (chatbotState.behaviour === 'down') return HttpResponse.error()
    const form = await request.formData()
    const file = form.get('file')
    const campaignId = Number(form.get('campaign_id'))
    if (!(file instanceof File) || !file.size)
      return error(400, 'Check the highlighted fields', { file: ['Record or choose your question'] })
    const heard = 'What are your opening hours'
    const conversationId = Number(form.get('conversation_id')) || undefined
    const turn = converse(key, {
      channel: 'trelli_talk',
      campaign_id: campaignId,
      message: heard,
      conversation_id: conversationId,
    })
    if (turn instanceof Response) return turn
    turn.bot.audio_url = `/api/chatbot/talk_audio/${turn.bot.message_id}/?expires=9999999999&uid=1&sig=${'a'.repeat(64)}`
    turn.bot.timings_ms = { recognition: 900, retrieval: 2, answer: 1, speech: 40, total: 950 }
    const result: TalkResult = {
      conversation_id: turn.conversation.conversation_id,
      message_id: turn.bot.message_id,
      transcript: heard,
      answer: turn.bot.text,
      citations: turn.bot.citations,
      dont_know: turn.bot.dont_know,
      closest_articles: turn.bot.closest_articles,
      audio_url: turn.bot.audio_url,
      timings_ms: turn.bot.timings_ms,
    }
    return result
  }),

  mock(endpoints.talkAudio, ({ query }) => {
    if (query.sig !== 'a'.repeat(64)) return error(403, 'This audio link is invalid or has expired.')
    const bytes = silentWav()
    return new HttpResponse(bytes, { headers: { 'Content-Type': 'audio/wav', 'Content-Length': String(bytes.length) } })
  }),

  mock(endpoints.chatConversations, ({ key, query }) => {
    const all = visible(key)
      .filter((c) => !query.channel || c.channel === query.channel)
      .filter((c) => !query.q || c.messages.some((m) => m.text.toLowerCase().includes(query.q!.toLowerCase())))
      .map(summaryOf)
    return paged(all, query.page, query.page_size)
  }),

  mock(endpoints.chatConversation, ({ key, params }) => {
    const c = visible(key).find((x) => x.conversation_id === params.id)
    if (!c) return error(404, 'Conversation not found')
    const detail: ConversationDetail = {
      ...summaryOf(c),
      messages: c.messages,
      handoff: c.handoff,
      retained_until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      is_own: c.owner === key,
    }
    return detail
  }),

  mock(endpoints.chatConversationTranscript, ({ key, params }) => {
    const c = visible(key).find((x) => x.conversation_id === params.id)
    if (!c) return error(404, 'Conversation not found')
    return new HttpResponse(c.messages.map((m) => `${m.role}: ${m.text}`).join('\n') + '\n', {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="conversation-${c.conversation_id}.txt"`,
      },
    })
  }),

  mock(endpoints.chatConversationsExport, ({ key }) => {
    const rows = visible(key).flatMap((c) => c.messages.map((m) => `${c.conversation_id},${m.role},"${m.text}"`))
    return new HttpResponse(['Conversation,From,Text', ...rows].join('\r\n') + '\r\n', {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="conversations.csv"',
      },
    })
  }),

  mock(endpoints.chatbotKpi, ({ key, query }) => {
    const list = visible(key).filter((c) => !query.channel || c.channel === query.channel)
    const messages = list.flatMap((c) => c.messages)
    return {
      conversations: list.length,
      questions: messages.filter((m) => m.role === 'customer').length,
      answered: messages.filter((m) => m.role === 'bot' && !m.dont_know).length,
      dont_know: messages.filter((m) => m.role === 'bot' && m.dont_know).length,
      thumbs_up: messages.filter((m) => m.feedback?.rating === 'up').length,
      thumbs_down: messages.filter((m) => m.feedback?.rating === 'down').length,
      handoffs: list.filter((c) => c.handoff).length,
    }
  }),

  mock(endpoints.chatFeedback, ({ key, body }) => {
    const m = chatbotState.conversations
      .filter((c) => c.owner === key)
      .flatMap((c) => c.messages)
      .find((x) => x.message_id === body.message_id && x.role === 'bot')
    if (!m) return error(404, 'Answer not found')
    m.feedback = { rating: body.rating, reason: body.reason ?? null }
    return answer(
      { message_id: m.message_id, rating: body.rating, reason: body.reason ?? null },
      'Thank you for your feedback',
    )
  }),

  mock(endpoints.chatHandoff, ({ key, body }) => {
    const c = chatbotState.conversations.find((x) => x.conversation_id === body.conversation_id && x.owner === key)
    if (!c) return error(404, 'Conversation not found')
    if (c.handoff && c.handoff.status !== 'closed') return error(409, 'This conversation is already with our team')
    if (!chatbotState.agentsAvailable && !body.callback)
      return error(422, 'No agent is available right now: leave a name and a phone number for a callback', {
        callback: ['Leave a name and a phone number for a callback'],
      })
    c.handoff = chatbotState.agentsAvailable
      ? handoffOf(c, 'queued', { reason: body.reason ?? null })
      : handoffOf(c, 'callback_requested', {
          reason: body.reason ?? null,
          callback_name: body.callback!.name,
          callback_phone: body.callback!.phone,
          callback_time: body.callback!.preferred_time ?? null,
        })
    c.messages.push(message('system', c.handoff.next_steps))
    return HttpResponse.json(
      { data: { ...c.handoff, agents_available: chatbotState.agentsAvailable }, message: c.handoff.next_steps },
      { status: 201 },
    )
  }),

  mock(endpoints.chatHandoffs, ({ query }) => {
    const all = chatbotState.conversations
      .flatMap((c) => (c.handoff ? [c.handoff] : []))
      .filter((h) => !query.status || h.status === query.status)
    return paged(all, query.page, query.page_size)
  }),

  mock(endpoints.chatHandoffAction, ({ key, body }) => {
    const c = chatbotState.conversations.find((x) => x.handoff?.handoff_id === body.handoff_id)
    if (!c?.handoff) return error(404, 'Handoff not found')
    if (body.action === 'accept' && !['queued', 'callback_requested'].includes(c.handoff.status))
      return error(409, 'Only a waiting conversation can be taken')
    c.handoff =
      body.action === 'accept'
        ? { ...c.handoff, status: 'accepted', accepted_by: nameOf(key) }
        : { ...c.handoff, status: 'closed' }
    return c.handoff
  }),

  mock(endpoints.chatArticles, ({ query }) => {
    const all = chatbotState.articles
      .filter((a) => !query.campaign_id || a.campaign_id === query.campaign_id)
      .filter((a) => !query.q || `${a.title} ${a.body}`.toLowerCase().includes(query.q.toLowerCase()))
    return paged(all, query.page, query.page_size)
  }),

  mock(endpoints.chatArticle, ({ params }) => {
    const a = chatbotState.articles.find((x) => x.article_id === params.id)
    return a ?? error(404, 'Article not found')
  }),

  mock(endpoints.createChatArticle, ({ body }) => {
    const campaign = CAMPAIGNS.find((c) => c.id === body.campaign_id)
    if (!campaign) return error(404, 'Campaign not found', { campaign_id: ['Choose a campaign'] })
    const made = { ...article(chatbotState.nextId++, campaign.id, body.title, body.body), keywords: body.keywords }
    chatbotState.articles.push(made)
    return HttpResponse.json({ data: made, message: 'Article created successfully' }, { status: 201 })
  }),

  mock(endpoints.updateChatArticle, ({ body }) => {
    const a = chatbotState.articles.find((x) => x.article_id === body.article_id)
    if (!a) return error(404, 'Article not found')
    Object.assign(a, { title: body.title, body: body.body, keywords: body.keywords, campaign_id: body.campaign_id })
    return answer(a, 'Article updated successfully')
  }),

  mock(endpoints.deleteChatArticle, ({ query }) => {
    const before = chatbotState.articles.length
    chatbotState.articles = chatbotState.articles.filter((a) => a.article_id !== query.article_id)
    if (chatbotState.articles.length === before) return error(404, 'Article not found')
    return answer({ article_id: query.article_id }, 'Deleted record successfully!')
  }),

  mock(endpoints.chatGaps, () => {
    const gaps = chatbotState.conversations.flatMap((c) =>
      c.messages.flatMap((m, i) =>
        m.role === 'bot' && (m.dont_know || m.feedback?.rating === 'down')
          ? [
              {
                question: c.messages[i - 1]?.text ?? '',
                campaign_id: c.campaign_id,
                campaign_name: c.campaign_name,
                reason: m.dont_know ? ('unanswered' as const) : ('thumbs_down' as const),
                feedback_reason: m.feedback?.reason ?? null,
                times: 1,
                last_asked: m.created_at,
                conversation_id: c.conversation_id,
              },
            ]
          : [],
      ),
    )
    const week = new Date().toISOString().slice(0, 10)
    return {
      weeks: gaps.length
        ? [
            {
              week_start: week,
              unanswered: gaps.filter((g) => g.reason === 'unanswered').length,
              thumbs_down: gaps.filter((g) => g.reason === 'thumbs_down').length,
            },
          ]
        : [],
      questions: gaps,
    }
  }),
]
