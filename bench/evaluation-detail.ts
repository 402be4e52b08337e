// Server time of the evaluation detail page: runs the page's real loader against the real API
// (in this process, PGlite in a temp dir, the demo seed with its audio) as the demo auditor, for
// BENCH_CALLS (40) evaluations × BENCH_ROUNDS (5), timing every upstream call the loader makes.
// Prints the loader's total time, the slowest single upstream call and their ratio (near 1 means
// the calls run concurrently; the sum of all calls shows what running them one by one would cost).
//   npx tsx bench/evaluation-detail.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCookie } from '@remix-run/node'

const dir = mkdtempSync(path.join(tmpdir(), 'bench-detail-'))
const calls = Number(process.env.BENCH_CALLS || 40)
const rounds = Number(process.env.BENCH_ROUNDS || 5)
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

const { buildApp } = await import('../api/app')
const { openDatabase } = await import('../api/db/client')
const { localBlobStore } = await import('../api/lib/blob-store')
const { seedDemo } = await import('../api/seed/seed')
const { testEnv } = await import('../api/test-utils')

const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dir, 'data') })
await database.migrate()
const blobs = localBlobStore(path.join(dir, 'blobs'))
await seedDemo(database.db, { blobs })
const app = await buildApp({ database, env: testEnv, blobs })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.env.API_BASE_URL = address
process.env.SESSION_SECRET = 'bench-session-secret-long-enough'
process.env.DATA_DIR = dir

const { loadEvaluationDetail } = await import('../app/routes/demo-portal/call-evaluation/evaluation-detail.server')

const login = await app.inject({
  method: 'POST',
  url: '/api/accounts/login/',
  payload: { email: 'auditor@demo.local', password: 'Demo@1234' },
})
const { access, refresh } = login.json().data as { access: string; refresh: string }
const cookie = [
  await createCookie('access_token_demo').serialize(access),
  await createCookie('refresh_token_demo').serialize(refresh),
]
  .map((c) => c.split(';')[0])
  .join('; ')

// time every upstream call the loader makes
type Timed = { path: string; ms: number }
let log: Timed[] = []
const realFetch = globalThis.fetch
globalThis.fetch = async (input, init) => {
  const start = performance.now()
  const res = await realFetch(input, init)
  const body = await res.arrayBuffer()
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
  log.push({ path: url.pathname, ms: performance.now() - start })
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
}

const totals: number[] = []
const slowest: number[] = []
const sums: number[] = []
const ratios: number[] = []
const counts: number[] = []
for (let round = 0; round < rounds + 1; round++) {
  for (let id = 1; id <= calls; id++) {
    log = []
    const request = new Request(`http://portal/demo-portal/solutions/call-evaluation/evaluation-detail/${id}`, {
      headers: { cookie },
    })
    const start = performance.now()
    await loadEvaluationDetail({ request, params: { userId: String(id) }, context: {} })
    const total = performance.now() - start
    if (round === 0) continue // warm-up
    const max = Math.max(...log.map((t) => t.ms))
    totals.push(total)
    slowest.push(max)
    sums.push(log.reduce((s, t) => s + t.ms, 0))
    ratios.push(total / max)
    counts.push(log.length)
  }
}
const fmt = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `median ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}`
}
console.log(`Detail loader, ${calls} evaluations × ${rounds} rounds, ${median(counts)} upstream calls each`)
console.log(`  loader total (ms):           ${fmt(totals)}`)
console.log(`  slowest upstream call (ms):  ${fmt(slowest)}`)
console.log(`  all calls one by one (ms):   ${fmt(sums)}`)
console.log(`  ratio total / slowest:       ${fmt(ratios)}`)
await app.close()
await database.close()
rmSync(dir, { recursive: true, force: true })
