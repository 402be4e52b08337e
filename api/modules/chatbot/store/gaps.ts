import { sql } from 'drizzle-orm'
import type { KnowledgeGaps } from '#contract/chatbot'
import type { Db } from '../../../db/client'
import { campaigns, chatConversations, chatFeedback, chatMessages } from '../../../db/schema'

const GAP_QUESTIONS = 50

/**
 * Knowledge gaps: the customer questions the bot answered "I don't know" to, and those whose answer
 * got a thumbs down, counted per week (Monday first, the latest `weeks` weeks) and listed by how
 * often they were asked.
 */
export async function knowledgeGaps(
  db: Db,
  query: { weeks: number; campaign_id?: number },
  now = new Date(),
): Promise<KnowledgeGaps> {
  const since = new Date(now.getTime() - query.weeks * 7 * 86_400_000)
  const campaign = query.campaign_id ? sql`and c.campaign_id = ${query.campaign_id}` : sql``
  const gaps = sql`
    select m.created_at, c.campaign_id, c.id as conversation_id,
      case when m.dont_know then 'unanswered' else 'thumbs_down' end as reason,
      f.reason as feedback_reason,
      (select q.text from ${chatMessages} q where q.conversation_id = m.conversation_id and q.role = 'customer' and q.id < m.id order by q.id desc limit 1) as question
    from ${chatMessages} m
    join ${chatConversations} c on c.id = m.conversation_id
    left join ${chatFeedback} f on f.message_id = m.id
    where m.role = 'bot' and (m.dont_know or f.rating = 'down') and m.created_at >= ${since} ${campaign}`
  const weeks = await db.execute<{ week_start: string; unanswered: number; thumbs_down: number }>(sql`
    with g as (${gaps})
    select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start,
      count(*) filter (where reason = 'unanswered')::int as unanswered,
      count(*) filter (where reason = 'thumbs_down')::int as thumbs_down
    from g group by 1 order by 1`)
  const questions = await db.execute<KnowledgeGaps['questions'][number]>(sql`
    with g as (${gaps})
    select min(g.question) as question, g.campaign_id, min(${campaigns.name}) as campaign_name, g.reason,
      max(g.feedback_reason) as feedback_reason, count(*)::int as times,
      to_char(max(g.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_asked,
      max(g.conversation_id)::int as conversation_id
    from g join ${campaigns} on ${campaigns.id} = g.campaign_id
    where g.question is not null
    group by lower(g.question), g.campaign_id, g.reason
    order by times desc, last_asked desc
    limit ${GAP_QUESTIONS}`)
  return {
    weeks: rowsOf<KnowledgeGaps['weeks'][number]>(weeks),
    questions: rowsOf<KnowledgeGaps['questions'][number]>(questions),
  }
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
