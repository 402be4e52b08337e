import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Handoff, HandoffBody } from '#contract/chatbot'
import type { Db } from '../../../db/client'
import { campaigns, chatConversations, chatHandoffs, refreshTokens, users } from '../../../db/schema'
import { HttpError, notFound } from '../../../lib/http-error'
import { offsetOf, pageOf } from '../../../lib/paging'
import { notifyUsers } from '../../notifications/store'

/** Who works the handoff queue (docs/decisions/016). */
export const QUEUE_ROLES = ['admin', 'qa_supervisor'] as const
/** A queue worker counts as available while signed in: a refresh token issued this recently (access tokens live 15 minutes). */
export const AVAILABLE_WITHIN_MS = 20 * 60_000
export const HANDOFF_NOT_FOUND = 'Handoff not found'

export const nextStepsOf = (status: Handoff['status'], agents: number) =>
  status === 'callback_requested'
    ? 'No agent is free right now. We have your callback request and will phone you at the time you gave, usually within one working day.'
    : status === 'queued'
      ? `You are in the queue for a person${agents ? ` (${agents} agent${agents === 1 ? '' : 's'} available)` : ''}. They can see this conversation, so you will not need to repeat yourself.`
      : status === 'accepted'
        ? 'An agent has taken your conversation and will reply here or contact you shortly.'
        : 'This conversation has been closed by our team.'

const acceptedBy = sql<
  string | null
>`(select nullif(trim(concat(u.first_name, ' ', u.last_name)), '') from ${users} u where u.id = ${chatHandoffs.acceptedBy})`

const handoffQuery = (db: Db) =>
  db
    .select({
      handoff_id: chatHandoffs.id,
      conversation_id: chatHandoffs.conversationId,
      channel: chatConversations.channel,
      campaign_id: chatConversations.campaignId,
      campaign_name: campaigns.name,
      customer: sql<string>`trim(concat(${users.firstName}, ' ', ${users.lastName}))`,
      status: chatHandoffs.status,
      reason: chatHandoffs.reason,
      summary: chatHandoffs.summary,
      callback_name: chatHandoffs.callbackName,
      callback_phone: chatHandoffs.callbackPhone,
      callback_time: chatHandoffs.callbackTime,
      accepted_by: acceptedBy,
      requested_at: chatHandoffs.requestedAt,
    })
    .from(chatHandoffs)
    .innerJoin(chatConversations, eq(chatConversations.id, chatHandoffs.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, chatConversations.campaignId))
    .innerJoin(users, eq(users.id, chatConversations.userId))

type Row = Awaited<ReturnType<ReturnType<typeof handoffQuery>['execute']>>[number]
const toHandoff = (row: Row, agents = 0): Handoff => ({
  ...row,
  requested_at: row.requested_at.toISOString(),
  next_steps: nextStepsOf(row.status, agents),
})

/** The queue workers signed in now, other than the asker. */
export async function availableAgents(db: Db, exceptUserId: number, now = new Date()) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        inArray(users.role, [...QUEUE_ROLES]),
        eq(users.isActive, true),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.createdAt, new Date(now.getTime() - AVAILABLE_WITHIN_MS)),
        sql`${users.id} <> ${exceptUserId}`,
      ),
    )
  return rows.map((r) => r.id)
}

export async function handoffOf(db: Db, conversationId: number): Promise<Handoff | null> {
  const [row] = await handoffQuery(db).where(eq(chatHandoffs.conversationId, conversationId))
  return row ? toHandoff(row) : null
}

/**
 * Hands a conversation to a person: queued when a queue worker is available, otherwise a callback
 * request (which needs the callback details: 422 without them). An open handoff is not made twice
 * (409); a closed one is opened again. Every queue worker is notified.
 */
export async function requestHandoff(
  db: Db,
  input: { conversationId: number; userId: number; body: HandoffBody; summary: string; link: string },
) {
  const agents = await availableAgents(db, input.userId)
  const { callback, reason } = input.body
  if (!agents.length && !callback)
    throw new HttpError(422, 'No agent is available right now: leave a name and a phone number for a callback', {
      callback: ['Leave a name and a phone number for a callback'],
    })
  const status = agents.length ? 'queued' : 'callback_requested'
  const existing = await handoffOf(db, input.conversationId)
  if (existing && existing.status !== 'closed') throw new HttpError(409, 'This conversation is already with our team')
  const values = {
    status,
    reason: reason ?? null,
    summary: input.summary,
    callbackName: callback?.name ?? null,
    callbackPhone: callback?.phone ?? null,
    callbackTime: callback?.preferred_time ?? null,
    acceptedBy: null,
    requestedAt: new Date(),
    updatedAt: new Date(),
  } as const
  await db
    .insert(chatHandoffs)
    .values({ conversationId: input.conversationId, ...values })
    .onConflictDoUpdate({ target: chatHandoffs.conversationId, set: values })
  const workers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...QUEUE_ROLES]), eq(users.isActive, true)))
  await notifyUsers(
    db,
    workers.map((w) => w.id),
    {
      title: status === 'queued' ? 'A customer is waiting for a person' : 'A customer asked for a callback',
      body: input.summary.slice(0, 300),
      link: input.link,
    },
  )
  const made = (await handoffOf(db, input.conversationId))!
  return { ...made, next_steps: nextStepsOf(made.status, agents.length), agents_available: agents.length }
}

export async function listHandoffs(
  db: Db,
  query: { page: number; page_size: number; status?: Handoff['status']; campaign_id?: number },
) {
  const where = and(
    query.status ? eq(chatHandoffs.status, query.status) : undefined,
    query.campaign_id ? eq(chatConversations.campaignId, query.campaign_id) : undefined,
  )
  const [{ n }] = await db
    .select({ n: count() })
    .from(chatHandoffs)
    .innerJoin(chatConversations, eq(chatConversations.id, chatHandoffs.conversationId))
    .where(where)
  const waitingFirst = sql`case ${chatHandoffs.status} when 'queued' then 0 when 'callback_requested' then 1 when 'accepted' then 2 else 3 end`
  const rows = await handoffQuery(db)
    .where(where)
    .orderBy(waitingFirst, asc(chatHandoffs.requestedAt))
    .limit(query.page_size)
    .offset(offsetOf(query.page, query.page_size))
  return pageOf(
    rows.map((r) => toHandoff(r)),
    n,
    query.page,
    query.page_size,
  )
}

/** Accepts a waiting handoff (queued or a callback) or closes an open one; anything else is a conflict. */
export async function actOnHandoff(db: Db, userId: number, body: { handoff_id: number; action: 'accept' | 'close' }) {
  const [row] = await db.select().from(chatHandoffs).where(eq(chatHandoffs.id, body.handoff_id))
  if (!row) throw notFound(HANDOFF_NOT_FOUND)
  if (body.action === 'accept' && !['queued', 'callback_requested'].includes(row.status))
    throw new HttpError(409, 'Only a waiting conversation can be taken')
  if (body.action === 'close' && row.status === 'closed') throw new HttpError(409, 'This handoff is already closed')
  await db
    .update(chatHandoffs)
    .set(
      body.action === 'accept'
        ? { status: 'accepted', acceptedBy: userId, updatedAt: new Date() }
        : { status: 'closed', updatedAt: new Date() },
    )
    .where(eq(chatHandoffs.id, row.id))
  return (await handoffOf(db, row.conversationId))!
}
