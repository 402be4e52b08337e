// Dashboard endpoints at 10,000 and 100,000 evaluations: migrates a throw-away database (PGlite in
// a temp dir, or PostgreSQL when DATABASE_URL is set: a scratch database is created and dropped),
// seeds the demo (with its recordings' sentiment), then copies the evaluations (each with its own
// recording row, its category and question scores and its review sessions) up to each size in
// BENCH_SIZES (10000,100000). At each size it asks every dashboard endpoint through the real
// Fastify app as the demo auditor, BENCH_ROUNDS (20) times without filters and 20 times with
// (rotating: last 30 days + one campaign, one agent, one template + one department), and prints
// p50/p95 per endpoint. BENCH_INDEXES=proposed adds the indexes the hand-over asks for.
//   npx tsx bench/dashboards.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboards.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql, type SQL } from 'drizzle-orm'
import { paths } from '../contract/paths'
import { buildApp } from '../api/app'
import { openDatabase, type Database } from '../api/db/client'
import { seedDemo } from '../api/seed/seed'
import { testEnv } from '../api/test-utils'

const sizes = (process.env.BENCH_SIZES || '10000,100000').split(',').map(Number)
const rounds = Number(process.env.BENCH_ROUNDS || 20)
/** BENCH_INDEXES=proposed: also create the indexes the dashboards ask the migrations for. */
const proposedIndexes = process.env.BENCH_INDEXES === 'proposed'

/** The indexes asked for in the dashboards' hand-over (covering: the aggregates read no heap). */
const indexes = [
  sql`create index if not exists evaluation_question_scores_answers_idx
    on evaluation_question_scores (evaluation_id, question_id, ai_value, auditor_value)`,
  sql`create index if not exists evaluation_category_scores_results_idx
    on evaluation_category_scores (evaluation_id, category_id, ai_score, auditor_score, auditor_failed)`,
]

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-dashboards-'))
    const database = await openDatabase({ driver: 'pglite', dataDir: dir })
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const name = `bench_dashboards_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const scratch = new URL(url)
  scratch.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', connectionString: scratch.toString() })
  return {
    database,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`)
      await dropper.end()
    },
  }
}

async function rows<T>(database: Database, query: SQL) {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * Copies existing evaluations (at most doubling per round) until there are `target`: each copy
 * gets a copy of its recording (without the transcript, with its sentiment), its category and
 * question scores, and its review sessions, at a call time spread over the last 90 days.
 */
async function grow(database: Database, target: number) {
  const { db } = database
  let [{ n: have }] = await rows<{ n: number }>(database, sql`select count(*)::int as n from call_evaluations`)
  while (have < target) {
    const batch = Math.min(have, target - have)
    await db.transaction(async (tx) => {
      const run = (q: SQL) => tx.execute(q)
      await run(sql`create temp table copy_map on commit drop as
        select e.id as old_id, nextval('call_evaluations_id_seq')::int as new_id,
          nextval('recordings_id_seq')::int as recording_id, row_number() over (order by e.id) as rn
        from call_evaluations e order by e.id limit ${batch}`)
      await run(sql`insert into recordings (id, blob_key, mime_type, size_bytes, file_name, duration_s, language,
          status, segments, uploaded_by, created_at, customer_sentiment, agent_sentiment)
        select m.recording_id, null, null, null, null, r.duration_s, r.language, r.status, '[]'::jsonb,
          r.uploaded_by, r.created_at, r.customer_sentiment, r.agent_sentiment
        from copy_map m join call_evaluations e on e.id = m.old_id join recordings r on r.id = e.recording_id`)
      await run(sql`insert into call_evaluations (id, recording_id, agent_id, supervisor_id, campaign_id, service_id,
          evaluation_type_id, template_id, call_time, customer_name, purpose, status, scoring_status, engine,
          ai_score, ai_auto_fail, auditor_score, auditor_auto_fail, scored_at, reviewed_by, reviewed_at)
        select m.new_id, m.recording_id, agent_id, supervisor_id, campaign_id, service_id, evaluation_type_id,
          template_id, now() - ((m.rn * 7919 + ${have}) % 7776000) * interval '1 second', customer_name, purpose,
          status, scoring_status, engine, ai_score, ai_auto_fail, auditor_score, auditor_auto_fail, scored_at,
          reviewed_by, reviewed_at
        from copy_map m join call_evaluations e on e.id = m.old_id`)
      await run(sql`create temp table category_map on commit drop as
        select c.id as old_id, nextval('evaluation_category_scores_id_seq')::int as new_id, m.new_id as evaluation_id
        from evaluation_category_scores c join copy_map m on m.old_id = c.evaluation_id`)
      await run(sql`insert into evaluation_category_scores (id, evaluation_id, category_id, ai_score, ai_failed,
          auditor_score, auditor_failed)
        select k.new_id, k.evaluation_id, c.category_id, c.ai_score, c.ai_failed, c.auditor_score, c.auditor_failed
        from category_map k join evaluation_category_scores c on c.id = k.old_id`)
      await run(sql`insert into evaluation_question_scores (evaluation_id, category_score_id, question_id, ai_value,
          evaluation_key_word, start_seconds, justification, auditor_value, updated_by, updated_at)
        select k.evaluation_id, k.new_id, q.question_id, q.ai_value, q.evaluation_key_word, q.start_seconds,
          q.justification, q.auditor_value, q.updated_by, q.updated_at
        from evaluation_question_scores q join category_map k on k.old_id = q.category_score_id`)
      await run(sql`insert into review_sessions (evaluation_id, user_id, started_at, last_seen_at, ended_at)
        select m.new_id, s.user_id, s.started_at, s.last_seen_at, s.ended_at
        from review_sessions s join copy_map m on m.old_id = s.evaluation_id`)
    })
    have += batch
  }
  // as autovacuum would leave them: statistics, and a visibility map for index-only scans
  await db.execute(sql`vacuum analyze`)
  return have
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

const endpoints: [string, string, string][] = [
  ['call_evaluation_dashboard', paths.callEvaluationDashboard, ''],
  ['agent_highlight_dashboard', paths.agentHighlightDashboard, ''],
  ['agent-leader-board', paths.agentLeaderBoard, 'page_size=10'],
  ['outlier_agent_report', paths.outlierAgentReport, ''],
  ['failed_category_count', paths.failedCategoryCount, ''],
  ['agent_scoring_vs_sentiment', paths.agentScoringVsSentiment, ''],
  ['top_violations_by_categories', paths.topViolationsByCategories, ''],
  ['top_ten_violations', paths.topTenViolations, ''],
  ['agent_performance', paths.agentPerformance, ''],
  ['purpose_call_distribution', paths.purposeCallDistribution, ''],
  ['call_sentiment_vs_score', paths.callSentimentVsScore, ''],
  ['ai_auditor_agreement', paths.aiAuditorAgreement, ''],
  ['audit_productivity', paths.auditProductivity, ''],
]

const { database, cleanup } = await open()
try {
  await database.migrate()
  await seedDemo(database.db)
  if (proposedIndexes) for (const index of indexes) await database.db.execute(index)
  const app = await buildApp({ database, env: testEnv })
  await app.ready()
  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { email: 'auditor@demo.local', password: 'Demo@1234' },
  })
  const auth = { authorization: `Bearer ${login.json().data.access}` }
  const [{ agent, campaign, template, department }] = await rows<{
    agent: number
    campaign: number
    template: string
    department: number
  }>(
    database,
    sql`select (select agent_id from call_evaluations group by 1 order by count(*) desc limit 1) as agent,
      (select campaign_id from call_evaluations group by 1 order by count(*) desc limit 1) as campaign,
      (select t.internal_id::text from call_evaluations e join templates t on t.id = e.template_id
        group by 1 order by count(*) desc limit 1) as template,
      (select department_id from staff_profiles where department_id is not null
        group by 1 order by count(*) desc limit 1) as department`,
  )
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const filters = [
    `date_from=${since}&campaign_id=${campaign}`,
    `agent_id=${agent}`,
    `template_internal_id=${template}&department_id=${department}`,
  ]

  // PGlite runs in this process: its CPU time per request does not grow with the machine's load
  const cpu: number[] = []
  const time = async (url: string) => {
    const start = performance.now()
    const cpuStart = process.cpuUsage()
    const res = await app.inject({ method: 'GET', url, headers: auth })
    const ms = performance.now() - start
    const used = process.cpuUsage(cpuStart)
    cpu.push((used.user + used.system) / 1000)
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return ms
  }
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b)
    return [percentile(sorted, 50), percentile(sorted, 95)].map((ms) => ms.toFixed(1).padStart(8))
  }

  for (const size of sizes) {
    const growStart = performance.now()
    const total = await grow(database, size)
    console.log(
      `\n${total} evaluations (${database.driver}${proposedIndexes ? ', proposed indexes' : ''}); copying took ${((performance.now() - growStart) / 1000).toFixed(1)} s`,
    )
    console.log(
      'endpoint'.padEnd(30),
      'all p50'.padStart(8),
      'all p95'.padStart(8),
      'filt p50'.padStart(8),
      'filt p95'.padStart(8),
      ...(database.driver === 'pglite' ? ['cpu p50'.padStart(8), 'cpu p95'.padStart(8)] : []),
    )
    const everything: number[] = []
    const pglite = database.driver === 'pglite'
    for (const [name, url, extra] of endpoints) {
      const join = (q: string) => `${url}?${[extra, q].filter(Boolean).join('&')}`
      for (let i = 0; i < 2; i++) await time(join('')) // warm-up
      cpu.length = 0
      const all: number[] = []
      const filtered: number[] = []
      for (let i = 0; i < rounds; i++) all.push(await time(join('')))
      for (let i = 0; i < rounds; i++) filtered.push(await time(join(filters[i % filters.length])))
      everything.push(...all, ...filtered)
      console.log(name.padEnd(30), ...stats(all), ...stats(filtered), ...(pglite ? stats(cpu) : []))
    }
    const [p50, p95] = stats(everything)
    console.log(`${'every request'.padEnd(30)} p50 ${p50.trim()} ms, p95 ${p95.trim()} ms over ${everything.length}`)
    // other work on the machine shows in the figures: say how busy it was
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
  }
  await app.close()
} finally {
  await database.close()
  await cleanup()
}
