// List endpoint with 10,000 evaluations: migrates a throw-away database (PGlite in a temp dir,
// or PostgreSQL when DATABASE_URL is set: a scratch database is created and dropped), seeds the
// demo, copies its evaluations (with their scores) up to BENCH_EVALUATIONS (10000), then asks
// GET /api/call_evaluation/list/ through the real Fastify app as the demo auditor with the
// filters and orderings the list page offers, and prints p50/p95 per query and overall.
//   npx tsx bench/evaluation-list.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/evaluation-list.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql, type SQL } from 'drizzle-orm'
import { buildApp } from '../api/app'
import { openDatabase, type Database } from '../api/db/client'
import { seedDemo } from '../api/seed/seed'
import { testEnv } from '../api/test-utils'

const target = Number(process.env.BENCH_EVALUATIONS || 10_000)
const rounds = Number(process.env.BENCH_ROUNDS || 30)

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-list-'))
    const database = await openDatabase({ driver: 'pglite', dataDir: dir })
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const name = `bench_list_${process.pid}`
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

/** Rows of a raw query on either driver (their `execute` results differ in type, not in shape). */
async function rows<T>(database: Database, query: SQL) {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Copies the seeded evaluations (recording, scores and all) with call times spread over 90 days. */
async function grow(database: Database) {
  const { db } = database
  const [{ n }] = await rows<{ n: number }>(database, sql`select count(*)::int as n from call_evaluations`)
  let have = n
  while (have < target) {
    const batch = Math.min(n, target - have)
    await db.execute(sql`
      with src as (
        select e.*, row_number() over (order by e.id) as rn from call_evaluations e order by e.id limit ${batch}
      ), copied as (
        insert into call_evaluations (recording_id, agent_id, supervisor_id, campaign_id, service_id,
          evaluation_type_id, template_id, call_time, customer_name, purpose, status, scoring_status, engine,
          ai_score, ai_auto_fail, auditor_score, auditor_auto_fail, scored_at, reviewed_by, reviewed_at)
        select recording_id, agent_id, supervisor_id, campaign_id, service_id, evaluation_type_id, template_id,
          now() - ((rn * 7919 + ${have}) % 7776000) * interval '1 second', customer_name, purpose, status,
          scoring_status, engine, ai_score, ai_auto_fail, auditor_score, auditor_auto_fail, scored_at,
          reviewed_by, reviewed_at
        from src returning id
      ) select count(*) from copied`)
    have += batch
  }
  await db.execute(sql`analyze`)
  return have
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

const { database, cleanup } = await open()
try {
  await database.migrate()
  const seedStart = performance.now()
  await seedDemo(database.db)
  const seedMs = performance.now() - seedStart
  const total = await grow(database)
  const app = await buildApp({ database, env: testEnv })
  await app.ready()
  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { email: 'auditor@demo.local', password: 'Demo@1234' },
  })
  const auth = { authorization: `Bearer ${login.json().data.access}` }
  const [{ agent }] = await rows<{ agent: number }>(
    database,
    sql`select agent_id as agent from call_evaluations group by 1 order by count(*) desc limit 1`,
  )
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const queries: [string, string][] = [
    ['first page, newest first', ''],
    ['page 40', 'page=40'],
    ['sort by AI score', 'ordering=-ai_score'],
    ['sort by agent', 'ordering=agent'],
    ['last 30 days, one campaign', `date_from=${since}&campaign_id=1`],
    ['auto-fail only', 'auto_fail=true'],
    ['score 50–80, reviewed', 'score_min=50&score_max=80&status=reviewed'],
    ['free text "refund"', 'q=refund'],
    ['one agent', `agent_id=${agent}`],
  ]
  const all: number[] = []
  console.log(`${total} evaluations (${database.driver}); demo seed took ${(seedMs / 1000).toFixed(1)} s\n`)
  console.log('query'.padEnd(34), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows'.padStart(7))
  for (const [title, query] of queries) {
    const times: number[] = []
    let count = 0
    for (let i = 0; i < rounds + 3; i++) {
      const start = performance.now()
      const res = await app.inject({ method: 'GET', url: `/api/call_evaluation/list/?${query}`, headers: auth })
      const ms = performance.now() - start
      if (res.statusCode !== 200) throw new Error(`${title}: ${res.statusCode} ${res.body}`)
      count = res.json().data.count
      if (i >= 3) times.push(ms)
    }
    times.sort((a, b) => a - b)
    all.push(...times)
    console.log(
      title.padEnd(34),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 95).toFixed(1).padStart(8),
      String(count).padStart(7),
    )
  }
  all.sort((a, b) => a - b)
  console.log(
    `\nall queries: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms over ${all.length} requests`,
  )
  await app.close()
} finally {
  await database.close()
  await cleanup()
}
