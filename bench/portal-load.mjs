// The portal under load: starts the real stack (scripts/start.mjs) on free ports with a throw-away
// DATA_DIR and, by default, a throw-away PostgreSQL database with the demo data; signs in BENCH_USERS
// separate sessions (the demo's reviewers in turn) through the login form, then each user keeps one
// connection busy for BENCH_SECONDS on each target: the evaluation list (the page reviewers live
// on), the portal's home, and a static asset (the machine's baseline). Prints p50/p95/p99, pages/s
// and errors (after a warm-up of 10 s per target), and checks the list page against issue 20's goals (p99 ≤ 1 s, ≥ 100 pages/s, no
// error): exit 1 when a goal is missed. `node bench/portal-load.mjs`
// Environment: BENCH_USERS (50), BENCH_SECONDS (30), BENCH_DATABASE_URL (a server where the bench may
// create a database; postgres://postgres@127.0.0.1:5432/postgres), BENCH_PGLITE=1 (embedded PGlite
// instead), BENCH_ONLY=list (one target), PORTAL_PROCESSES (the portal's copies; one per core),
// BENCH_WARMUP (10: seconds per target before measuring; a server just started compiles its code and reads each session's lookups).
import autocannon from 'autocannon'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort, launchStack } from '../scripts/lib/launch.mjs'
import { signIn } from './lib/sign-in.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const users = Number(process.env.BENCH_USERS || 50)
const duration = Number(process.env.BENCH_SECONDS || 30)
const warmup = Number(process.env.BENCH_WARMUP || 10) // seconds
const only = process.env.BENCH_ONLY
const embedded = process.env.BENCH_PGLITE === '1'
const portalProcesses = process.env.PORTAL_PROCESSES || String(availableParallelism())
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const goals = { p99: 1000, rps: 100 }
/** The demo accounts whose role reaches the evaluation list. */
const reviewers = ['supervisor@demo.local', 'auditor@demo.local', 'admin@demo.local']

function staticAsset() {
  const assets = path.join(root, 'build', 'client', 'assets')
  const manifest = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
  const source = readFileSync(path.join(assets, manifest), 'utf8')
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)).entry.module
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** The users' connections for `seconds`, each sending its user's cookies. */
function drive(url, cookies, seconds) {
  let next = 0
  return autocannon({
    url,
    connections: cookies.length,
    duration: seconds,
    setupClient: (client) => {
      const cookie = cookies[next++ % cookies.length]
      // as a browser asks: compressed, so the portal's compression is part of what is measured
      client.setHeaders({ 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) })
    },
  })
}

/** One connection per user; the first `warmup` seconds are not counted (a server that has just started, each user's first lookups). */
async function measure(title, url, cookies) {
  await drive(url, cookies, warmup)
  const times = []
  const instance = drive(url, cookies, duration)
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  const result = await instance
  times.sort((a, b) => a - b)
  return {
    title,
    requests: result.requests.total,
    rps: result.requests.total / duration,
    p50: percentile(times, 50) ?? 0,
    p95: percentile(times, 95) ?? 0,
    p99: percentile(times, 99) ?? 0,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    bad: result.non2xx + result.errors + result.timeouts,
  }
}

async function withDatabase(run) {
  if (embedded) return run({})
  const dbName = `portal_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database "${dbName}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${dbName}`
    return await run({ DATABASE_URL: url.toString(), SEED_DEMO: 'true' })
  } finally {
    await admin.query(`drop database if exists "${dbName}" with (force)`)
    await admin.end()
  }
}

let failed = false
await withDatabase(async (dbEnv) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
  const [port, apiPort] = [await freePort(), await freePort()]
  // LOGIN_IP_LIMIT=0: the bench signs its users in from one address, faster than a person would.
  // SEED_SHOWCASE=false: the showcase's uploads would be transcribed and read during the run, and
  // the engines would take the cores the pages are measured on (the demo data is there all the same).
  const stack = launchStack({
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_IP_LIMIT: '0',
    SEED_SHOWCASE: 'false',
    PORTAL_PROCESSES: portalProcesses,
    ...dbEnv,
  })
  try {
    const readyIn = await stack.ready
    const base = `http://127.0.0.1:${port}`
    const cookies = []
    for (let i = 0; i < users; i++) cookies.push(await signIn(base, reviewers[i % reviewers.length]))
    const list = `${base}/demo-portal/solutions/call-evaluation/evaluation-list`
    const check = await fetch(list, { headers: { cookie: cookies[0] }, redirect: 'manual' })
    if (check.status !== 200) throw new Error(`GET ${list} signed in answered ${check.status}`)
    const asset = staticAsset()
    const store = embedded ? 'embedded PGlite' : 'PostgreSQL'
    console.log(
      `Stack ready in ${readyIn} s on ${store}, PORTAL_PROCESSES=${portalProcesses}; ${users} signed-in users, one connection each, ${duration} s per target after ${warmup} s of warm-up\n`,
    )
    const targets = [
      ['list', 'GET evaluation-list (signed in)', list, cookies],
      ['home', 'GET /demo-portal (signed in)', `${base}/demo-portal`, cookies],
      ['static', `GET ${asset} (static baseline)`, `${base}${asset}`, cookies.map(() => '')],
    ].filter(([key]) => !only || key === only)
    const rows = []
    for (const [key, title, url, sessionCookies] of targets) {
      rows.push({ key, ...(await measure(title, url, sessionCookies)) })
    }
    const fmt = (ms) => `${ms.toFixed(0)} ms`
    const width = Math.max(...rows.map((r) => r.title.length))
    console.log(`${'target'.padEnd(width)}  requests  pages/s     p50     p95     p99  KB/page (compressed)  errors`)
    for (const r of rows) {
      const figures = [fmt(r.p50), fmt(r.p95), fmt(r.p99)].map((f) => f.padStart(7)).join(' ')
      console.log(
        `${r.title.padEnd(width)}  ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${figures} ${(r.bytes / 1024).toFixed(1).padStart(15)}  ${r.bad}`,
      )
    }
    failed = rows.some((r) => r.bad > 0)
    const listRow = rows.find((r) => r.key === 'list')
    if (listRow) {
      const misses = []
      if (listRow.p99 > goals.p99) misses.push(`p99 ${listRow.p99.toFixed(0)} ms > ${goals.p99} ms`)
      if (listRow.rps < goals.rps) misses.push(`${listRow.rps.toFixed(0)} pages/s < ${goals.rps}`)
      if (listRow.bad > 0) misses.push(`${listRow.bad} errors`)
      console.log(
        `\nevaluation list, ${users} users: ${misses.length ? `MISSED ${misses.join(', ')}` : `goals met (p99 ≤ ${goals.p99} ms, ≥ ${goals.rps} pages/s, no error)`}`,
      )
      if (misses.length) failed = true
    }
  } catch (error) {
    console.error(error.message)
    failed = true
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
process.exitCode = failed ? 1 : 0
