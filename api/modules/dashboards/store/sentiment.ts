import { gt, sql } from 'drizzle-orm'
import type {
  AgentScoringVsSentiment,
  CallSentimentVsScore,
  CallSentimentVsScoreQuery,
  DashboardFilters,
} from '#contract/dashboards'
import { recordings, users } from '../../../db/schema'
import { recordingSentiment } from '../../../engines/text/sentiment'
import type { Conn } from '../../../db/sql'
import { avg1, avg3, ce, eff, rowsOf, userName, whereOf } from './sql'

/*
 * Sentiment per recording is precomputed so SQL can aggregate it: `recordings.customer_sentiment`
 * and `recordings.agent_sentiment` (real, -1…1, null when that speaker said nothing), each the
 * speaker's mean utterance sentiment from the text engine (what sentiment_analysis/ shows).
 */
const customerSentiment = sql`${recordings.customerSentiment}`
const agentSentiment = sql`${recordings.agentSentiment}`

/**
 * Fills the sentiment columns of transcribed recordings that have none yet (the seed and a
 * one-off backfill use it; a new transcript should set them when it is stored). Returns how many
 * recordings it analysed.
 */
export async function fillRecordingSentiment(db: Conn, { batch = 200 } = {}) {
  let after = 0
  let done = 0
  for (;;) {
    const rows = await db
      .select({ id: recordings.id, segments: recordings.segments })
      .from(recordings)
      .where(
        sql`${gt(recordings.id, after)} and ${customerSentiment} is null and ${agentSentiment} is null
          and ${recordings.status} = 'completed' and jsonb_array_length(${recordings.segments}) > 0`,
      )
      .orderBy(recordings.id)
      .limit(batch)
    if (!rows.length) return done
    const values = rows.map((r) => {
      const s = recordingSentiment(r.segments)
      return sql`(${r.id}::int, ${s.customer}::real, ${s.agent}::real)`
    })
    await db.execute(sql`update ${recordings} set customer_sentiment = v.customer, agent_sentiment = v.agent
      from (values ${sql.join(values, sql`, `)}) as v(id, customer, agent) where ${recordings.id} = v.id`)
    after = rows.at(-1)!.id
    done += rows.length
  }
}

type AgentSentimentRow = Omit<AgentScoringVsSentiment['results'][number], 'agent'> & { agent_id: number; name: string }

/** Per agent: average score and the mean customer (and agent) sentiment of their calls. */
export async function agentScoringVsSentiment(db: Conn, filter: DashboardFilters): Promise<AgentScoringVsSentiment> {
  const rows = await rowsOf<AgentSentimentRow>(
    db,
    sql`with per_agent as (
      select ${ce.agentId} as agent_id, count(*)::int as calls, ${avg1(eff)} as average_score,
        ${avg3(customerSentiment)} as customer_sentiment, ${avg3(agentSentiment)} as agent_sentiment
      from ${ce} join ${recordings} on ${recordings.id} = ${ce.recordingId}
      where ${whereOf(db, filter)} group by ${ce.agentId}
    )
    select p.*, ${userName} as name from per_agent p join ${users} on ${users.id} = p.agent_id
    order by name, p.agent_id`,
  )
  return {
    results: rows.map(({ agent_id, name, ...figures }) => ({ agent: { id: agent_id, name }, ...figures })),
  }
}

/**
 * Each call's customer sentiment against its score: Pearson's r over every call with both, and at
 * most `limit` of them as points, every n-th by id so the sample is spread and repeatable.
 */
export async function callSentimentVsScore(db: Conn, filter: CallSentimentVsScoreQuery): Promise<CallSentimentVsScore> {
  const [result] = await rowsOf<{
    total: number
    correlation: number | null
    points: CallSentimentVsScore['points'] | null
  }>(
    db,
    sql`with pairs as (
      select ${ce.id} as id, ${ce.agentId} as agent_id, ${customerSentiment}::float8 as sentiment,
        (${eff})::float8 as score
      from ${ce} join ${recordings} on ${recordings.id} = ${ce.recordingId}
      where ${whereOf(db, filter)} and ${customerSentiment} is not null and ${eff} is not null
    ), stats as (
      select count(*)::int as n, corr(sentiment, score) as r from pairs
    ), sampled as (
      -- number the ids alone (a narrow sort), then fetch the few picked
      select id from (select id, row_number() over (order by id) as rn from pairs) numbered, stats
      where (rn - 1) % greatest(1, ceil(stats.n::numeric / ${filter.limit}))::int = 0
    )
    select s.n as total, round(s.r::numeric, 3)::float8 as correlation,
      (select json_agg(json_build_object('call_evaluation_id', x.id, 'agent_id', x.agent_id,
          'customer_sentiment', round(x.sentiment::numeric, 3)::float8,
          'score', round(x.score::numeric, 1)::float8) order by x.id)
        from pairs x where x.id in (select id from sampled)) as points
    from stats s`,
  )
  return {
    total_points: result.total,
    correlation: result.correlation,
    method: 'pearson',
    points: result.points ?? [],
  }
}
