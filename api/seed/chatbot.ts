import { count, eq, inArray } from 'drizzle-orm'
import type { ChatChannel } from '#contract/chatbot'
import type { Db } from '../db/client'
import { campaigns, chatConversations, chatFeedback, chatMessages, users } from '../db/schema'
import { replyTo, turnMessages } from '../modules/chatbot/converse'
import { EARLIER_QUESTIONS, storeTurn } from '../modules/chatbot/store/conversations'

type DemoTurn = { message: string; rating?: 'up' | 'down'; reason?: string }
type DemoChat = { user: string; channel: ChatChannel; campaign: string; daysAgo: number; turns: DemoTurn[] }

/**
 * Conversations a fresh demo opens with, so the history, the figures and the knowledge gaps have
 * something to show: each question is answered by the engine itself at seeding (nothing here is a
 * written answer), some rated as a customer or an agent would, two with no article behind them.
 */
const demoChats: DemoChat[] = [
  {
    user: 'visitor@demo.local',
    channel: 'chat_with_us',
    campaign: 'ACME-RETAIL',
    daysAgo: 1,
    turns: [
      { message: 'What time do your phone lines open on Saturday?', rating: 'up' },
      { message: 'and on Sundays?' },
    ],
  },
  {
    user: 'visitor@demo.local',
    channel: 'chat_with_us',
    campaign: 'NORTHWIND-COLL',
    daysAgo: 4,
    turns: [
      { message: "I can't afford my energy bill this month, can I spread the cost?", rating: 'up' },
      { message: 'Will you cut me off if I miss a payment?' },
    ],
  },
  {
    user: 'visitor@demo.local',
    channel: 'chat_with_us',
    campaign: 'CONTOSO-PATIENT',
    daysAgo: 8,
    turns: [
      { message: 'How do I order a repeat prescription?', rating: 'up' },
      { message: 'Can I get a flu jab at the clinic?', rating: 'down', reason: 'Nothing about flu jabs' },
    ],
  },
  {
    user: 'visitor@demo.local',
    channel: 'chat_with_us',
    campaign: 'ACME-RETAIL',
    daysAgo: 13,
    turns: [{ message: 'Can I get a mortgage with you?', rating: 'down', reason: 'I wanted mortgage rates' }],
  },
  {
    user: 'agent@demo.local',
    channel: 'trelli_chat',
    campaign: 'ACME-RETAIL',
    daysAgo: 2,
    turns: [
      {
        message:
          "Customer: there are two payments on my statement I don't recognise, I think someone has my card details",
      },
    ],
  },
  {
    user: 'agent@demo.local',
    channel: 'trelli_chat',
    campaign: 'NORTHWIND-COLL',
    daysAgo: 6,
    turns: [{ message: 'Customer says their prepayment meter has run out and they cannot top up until Friday' }],
  },
  {
    user: 'agent@demo.local',
    channel: 'trelli_chat',
    campaign: 'CONTOSO-PATIENT',
    daysAgo: 10,
    turns: [
      { message: 'Customer: I missed my appointment yesterday, will I be charged?', rating: 'up' },
      { message: 'What is my average score this month?' },
    ],
  },
]

const MINUTE = 60_000

/** The demo conversations, when there are none yet (a purge that emptied the history lets them come back). */
export async function seedConversations(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(chatConversations)
  if (n > 0) return 0
  const people = new Map(
    (
      await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(inArray(users.email, [...new Set(demoChats.map((c) => c.user))]))
    ).map((u) => [u.email, { id: u.id, role: u.role }]),
  )
  const campaignIds = new Map(
    (await db.select({ id: campaigns.id, code: campaigns.code }).from(campaigns)).map((c) => [c.code, c.id]),
  )
  let created = 0
  for (const chat of demoChats) {
    const actor = people.get(chat.user)
    const campaignId = campaignIds.get(chat.campaign)
    if (!actor || !campaignId) continue
    const started = new Date(now.getTime() - chat.daysAgo * 24 * 60 * MINUTE)
    let conversationId: number | null = null
    const previous: string[] = []
    for (const [i, turn] of chat.turns.entries()) {
      const bot = await replyTo(
        { db, llm: null },
        {
          channel: chat.channel,
          campaignId,
          message: turn.message,
          previous: previous.slice(-EARLIER_QUESTIONS),
          actor,
        },
      )
      const { question, answer } = turnMessages(bot)
      const stored = await storeTurn(
        db,
        conversationId ?? { userId: actor.id, channel: chat.channel, campaignId, title: bot.question.text },
        [question, answer],
      )
      conversationId = stored.conversationId
      previous.push(bot.question.text)
      // a turn every two minutes from the conversation's start
      const at = new Date(started.getTime() + i * 2 * MINUTE)
      await db.update(chatMessages).set({ createdAt: at }).where(inArray(chatMessages.id, stored.messageIds))
      if (turn.rating)
        await db
          .insert(chatFeedback)
          .values({ messageId: stored.messageIds[1]!, rating: turn.rating, reason: turn.reason ?? null, createdAt: at })
    }
    const ended = new Date(started.getTime() + (chat.turns.length - 1) * 2 * MINUTE)
    await db
      .update(chatConversations)
      .set({ createdAt: started, updatedAt: ended })
      .where(eq(chatConversations.id, conversationId!))
    created++
  }
  return created
}
