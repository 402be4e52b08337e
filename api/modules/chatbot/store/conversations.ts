import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type {
  ChatChannel,
  ChatbotKpi,
  ChatMessage,
  ConversationDetail,
  ConversationListQuery,
  ConversationSummary,
} from '#contract/chatbot'
import type { Db } from '../../../db/client'
import {
  campaigns,
  chatConversations,
  chatFeedback,
  chatHandoffs,
  chatMessages,
  users,
  type ChatCitationRow,
  type ChatSuggestionRow,
} from '../../../db/schema'
import { conversationRule, type Actor } from '../../../auth/access'
import { HttpError, notFound } from '../../../lib/http-error'
import { likePattern } from '../../../lib/like'
import { offsetOf, pageOf } from '../../../lib/paging'

export const CONVERSATION_NOT_FOUND = 'Conversation not found'
/** How long a conversation, and any recording in it, is kept (README "Retention"). */
export const RETENTION_DAYS = 30
const TITLE_CHARS = 120

const userName = sql<string>`trim(concat(${users.firstName}, ' ', ${users.lastName}))`

const summaryColumns = {
  conversation_id: chatConversations.id,
  channel: chatConversations.channel,
  campaign_id: chatConversations.campaignId,
  campaign_name: campaigns.name,
  title: chatConversations.title,
  user: userName,
  message_count: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id})`,
  dont_know_count: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.dont_know)`,
  thumbs_up: sql<number>`(select count(*)::int from ${chatFeedback} f join ${chatMessages} m on m.id = f.message_id where m.conversation_id = ${chatConversations.id} and f.rating = 'up')`,
  thumbs_down: sql<number>`(select count(*)::int from ${chatFeedback} f join ${chatMessages} m on m.id = f.message_id where m.conversation_id = ${chatConversations.id} and f.rating = 'down')`,
  handoff_status: chatHandoffs.status,
  created_at: chatConversations.createdAt,
  updated_at: chatConversations.updatedAt,
}

const summaryQuery = (db: Db) =>
  db
    .select(summaryColumns)
    .from(chatConversations)
    .innerJoin(campaigns, eq(campaigns.id, chatConversations.campaignId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(chatHandoffs, eq(chatHandoffs.conversationId, chatConversations.id))

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]
const toSummary = (row: SummaryRow): ConversationSummary => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

/** The list's filters, on top of what the actor may read. */
function filtersOf(actor: Actor, query: Omit<ConversationListQuery, 'page' | 'page_size'>): SQL | undefined {
  const where: (SQL | undefined)[] = [conversationRule.readable(actor)]
  if (query.channel) where.push(eq(chatConversations.channel, query.channel))
  if (query.campaign_id) where.push(eq(chatConversations.campaignId, query.campaign_id))
  if (query.q) {
    const like = likePattern(query.q)
    where.push(
      or(
        ilike(chatConversations.title, like),
        sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.text ilike ${like})`,
      ),
    )
  }
  if (query.feedback)
    where.push(
      sql`exists (select 1 from ${chatFeedback} f join ${chatMessages} m on m.id = f.message_id where m.conversation_id = ${chatConversations.id} and f.rating = ${query.feedback})`,
    )
  if (query.dont_know) {
    const any = sql`exists (select 1 from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.dont_know)`
    where.push(query.dont_know === 'true' ? any : sql`not ${any}`)
  }
  if (query.from) where.push(gte(chatConversations.updatedAt, new Date(`${query.from}T00:00:00Z`)))
  if (query.to)
    where.push(lt(chatConversations.updatedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)))
  return and(...where)
}

export async function listConversations(db: Db, actor: Actor, query: ConversationListQuery) {
  const where = filtersOf(actor, query)
  const [{ n }] = await db.select({ n: count() }).from(chatConversations).where(where)
  const rows = await summaryQuery(db)
    .where(where)
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(query.page_size)
    .offset(offsetOf(query.page, query.page_size))
  return pageOf(rows.map(toSummary), n, query.page, query.page_size)
}

/** A conversation the actor may read, or 404. */
export async function loadConversation(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), conversationRule.readable(actor)))
  if (!row) throw notFound(CONVERSATION_NOT_FOUND)
  return row
}

/** A conversation the actor may go on with (their own), or 404. */
export async function loadOwnConversation(db: Db, actor: Actor, id: number) {
  const row = await loadConversation(db, actor, id)
  if (!conversationRule.canContinue(actor, row)) throw notFound(CONVERSATION_NOT_FOUND)
  return row
}

/** How many of the customer's earlier messages a new one is read with. */
export const EARLIER_QUESTIONS = 3

/** The customer's last few messages, oldest first (a follow-up is read with them). */
export async function earlierQuestions(db: Db, conversationId: number, limit = EARLIER_QUESTIONS) {
  const rows = await db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.role, 'customer')))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
  return rows.map((r) => r.text).reverse()
}

export type NewMessage = {
  role: 'customer' | 'bot' | 'agent' | 'system'
  text: string
  masked?: boolean
  dontKnow?: boolean
  citations?: ChatCitationRow[]
  suggestions?: ChatSuggestionRow[]
  closestArticles?: { article_id: number; title: string }[]
  dataAnswer?: { intent: string; figure: string; link: string } | null
  audioBlobKey?: string | null
  timings?: Record<string, number> | null
  engine?: string | null
}

export type ConversationStart = {
  userId: number
  channel: ChatChannel
  campaignId: number
  callEvaluationId?: number | null
  title: string
}

/**
 * Stores a turn in one transaction: the conversation (new, or the one named) and its messages. The
 * ids of the messages come back in order.
 */
export async function storeTurn(db: Db, conversation: number | ConversationStart, messages: NewMessage[]) {
  return db.transaction(async (tx) => {
    let conversationId: number
    if (typeof conversation === 'number') {
      conversationId = conversation
      await tx.update(chatConversations).set({ updatedAt: new Date() }).where(eq(chatConversations.id, conversationId))
    } else {
      const [row] = await tx
        .insert(chatConversations)
        .values({ ...conversation, title: conversation.title.slice(0, TITLE_CHARS) || 'Conversation' })
        .returning({ id: chatConversations.id })
      conversationId = row!.id
    }
    const ids = await tx
      .insert(chatMessages)
      .values(messages.map((m) => ({ ...m, conversationId })))
      .returning({ id: chatMessages.id })
    return { conversationId, messageIds: ids.map((r) => r.id) }
  })
}

export type AudioLink = (messageId: number) => string

export async function messagesOf(db: Db, conversationId: number, audioLink?: AudioLink): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: chatMessages, rating: chatFeedback.rating, reason: chatFeedback.reason })
    .from(chatMessages)
    .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(chatMessages.id)
  return rows.map(({ message: m, rating, reason }) => ({
    message_id: m.id,
    role: m.role,
    text: m.text,
    citations: m.citations,
    dont_know: m.dontKnow,
    suggestions: m.suggestions,
    closest_articles: m.closestArticles,
    data_answer: m.dataAnswer ?? null,
    feedback: rating ? { rating, reason } : null,
    audio_url: m.audioBlobKey && audioLink ? audioLink(m.id) : null,
    timings_ms: m.timings ?? null,
    created_at: m.createdAt.toISOString(),
  }))
}

export const retainedUntil = (updatedAt: Date) => new Date(updatedAt.getTime() + RETENTION_DAYS * 86_400_000)

export async function conversationSummary(db: Db, id: number) {
  const [row] = await summaryQuery(db).where(eq(chatConversations.id, id))
  if (!row) throw notFound(CONVERSATION_NOT_FOUND)
  return { summary: toSummary(row), updatedAt: row.updated_at }
}

export async function conversationDetail(
  db: Db,
  actor: Actor,
  id: number,
  {
    audioLink,
    handoffOf,
  }: { audioLink?: AudioLink; handoffOf: (conversationId: number) => Promise<ConversationDetail['handoff']> },
): Promise<ConversationDetail> {
  const row = await loadConversation(db, actor, id)
  const [{ summary, updatedAt }, messages, handoff] = await Promise.all([
    conversationSummary(db, id),
    messagesOf(db, id, audioLink),
    handoffOf(id),
  ])
  return {
    ...summary,
    messages,
    handoff,
    retained_until: retainedUntil(updatedAt).toISOString(),
    is_own: conversationRule.canContinue(actor, row),
  }
}

export async function chatKpi(db: Db, actor: Actor, channel?: ChatChannel): Promise<ChatbotKpi> {
  const where = and(conversationRule.readable(actor), channel ? eq(chatConversations.channel, channel) : undefined)
  const [row] = await db
    .select({
      conversations: sql<number>`count(distinct ${chatConversations.id})::int`,
      questions: sql<number>`count(*) filter (where ${chatMessages.role} = 'customer')::int`,
      answered: sql<number>`count(*) filter (where ${chatMessages.role} = 'bot' and not ${chatMessages.dontKnow})::int`,
      dont_know: sql<number>`count(*) filter (where ${chatMessages.role} = 'bot' and ${chatMessages.dontKnow})::int`,
      thumbs_up: sql<number>`count(${chatFeedback.messageId}) filter (where ${chatFeedback.rating} = 'up')::int`,
      thumbs_down: sql<number>`count(${chatFeedback.messageId}) filter (where ${chatFeedback.rating} = 'down')::int`,
      handoffs: sql<number>`count(distinct ${chatHandoffs.id})::int`,
    })
    .from(chatConversations)
    .leftJoin(chatMessages, eq(chatMessages.conversationId, chatConversations.id))
    .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
    .leftJoin(chatHandoffs, eq(chatHandoffs.conversationId, chatConversations.id))
    .where(where)
  return row!
}

/** The export: a row per message of the filtered conversations, oldest conversation first. */
export async function exportRows(
  db: Db,
  actor: Actor,
  query: Omit<ConversationListQuery, 'page' | 'page_size'>,
  limit: number,
) {
  const ids = db.select({ id: chatConversations.id }).from(chatConversations).where(filtersOf(actor, query))
  return db
    .select({
      conversation_id: chatConversations.id,
      channel: chatConversations.channel,
      campaign: campaigns.name,
      user: userName,
      at: chatMessages.createdAt,
      role: chatMessages.role,
      text: chatMessages.text,
      dont_know: chatMessages.dontKnow,
      citations: chatMessages.citations,
      rating: chatFeedback.rating,
      reason: chatFeedback.reason,
    })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, chatConversations.campaignId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(chatFeedback, eq(chatFeedback.messageId, chatMessages.id))
    .where(inArray(chatConversations.id, ids))
    .orderBy(chatConversations.id, chatMessages.id)
    .limit(limit)
}

/** Rates a bot message of the actor's own conversation (a second rating replaces the first). */
export async function rateMessage(
  db: Db,
  actor: Actor,
  body: { message_id: number; rating: 'up' | 'down'; reason?: string },
) {
  const [row] = await db
    .select({ id: chatMessages.id, userId: chatConversations.userId })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, body.message_id), eq(chatMessages.role, 'bot')))
  if (!row || !conversationRule.canContinue(actor, row)) throw notFound('Answer not found')
  const reason = body.reason ?? null
  await db
    .insert(chatFeedback)
    .values({ messageId: row.id, rating: body.rating, reason })
    .onConflictDoUpdate({ target: chatFeedback.messageId, set: { rating: body.rating, reason, createdAt: new Date() } })
  return { message_id: row.id, rating: body.rating, reason }
}

/** Deletes conversations untouched for longer than the retention; their audio keys come back for the blob store. */
export async function purgeExpiredConversations(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - RETENTION_DAYS * 86_400_000)
  const audio = await db
    .select({ key: chatMessages.audioBlobKey })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(lt(chatConversations.updatedAt, before), sql`${chatMessages.audioBlobKey} is not null`))
  const deleted = await db
    .delete(chatConversations)
    .where(lt(chatConversations.updatedAt, before))
    .returning({ id: chatConversations.id })
  return { conversations: deleted.length, audioKeys: audio.map((a) => a.key!) }
}

/** A voice message's audio key, when the actor may read its conversation (null: the link does not open it). */
export async function voiceOf(db: Db, actor: Actor, messageId: number) {
  const [row] = await db
    .select({ key: chatMessages.audioBlobKey })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, messageId), conversationRule.readable(actor)))
  return row ?? null
}

/** The campaign a conversation is about (its client's name goes into the LLM's prompt), or 404. */
export async function campaignOf(db: Db, campaignId: number) {
  const [row] = await db
    .select({ id: campaigns.id, client: campaigns.client })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
  if (!row) throw new HttpError(404, 'Campaign not found', { campaign_id: ['Choose a campaign'] })
  return row
}
