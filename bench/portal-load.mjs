// Portal server time under load: starts the real stack (scripts/start.mjs) on free ports with a
// throw-away DATA_DIR, signs in as the demo admin through the login form, then drives 20
// concurrent connections for ~10 s at GET /demo-portal (signed in) and at a static asset (the
// machine's baseline), and prints p50/p95/p99 and req/s for both. `node bench/portal-load.mjs`
// Options through the environment: BENCH_CONNECTIONS (20), BENCH_SECONDS (10).
import autocannon from 'autocannon'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, launchStack } from '../scripts/lib/launch.mjs'
import { signIn } from './lib/sign-in.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const connections = Number(process.env.BENCH_CONNECTIONS || 20)
const duration = Number(process.env.BENCH_SECONDS || 10)

function staticAsset() {
  const assets = path.join(root, 'build', 'client', 'assets')
  const manifest = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
  const source = readFileSync(path.join(assets, manifest), 'utf8')
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)).entry.module
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function measure(title, url, headers) {
  const times = []
  const instance = autocannon({ url, connections, duration, headers })
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  const result = await instance
  times.sort((a, b) => a - b)
  const bad = result.non2xx + result.errors + result.timeouts
  return {
    title,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bad,
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
const [port, apiPort] = [await freePort(), await freePort()]
const stack = launchStack({ PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
let failed = false
try {
  const readyIn = await stack.ready
  const base = `http://127.0.0.1:${port}`
  const cookie = await signIn(base)
  const check = await fetch(`${base}/demo-portal`, { headers: { cookie }, redirect: 'manual' })
  if (check.status !== 200) throw new Error(`GET /demo-portal signed in answered ${check.status}`)
  const asset = staticAsset()
  console.log(`Stack ready in ${readyIn} s; ${connections} connections × ${duration} s each, on this machine\n`)
  const rows = [
    await measure('GET /demo-portal (signed in)', `${base}/demo-portal`, { cookie }),
    await measure(`GET ${asset} (static baseline)`, `${base}${asset}`, {}),
  ]
  const fmt = (ms) => `${ms.toFixed(0)} ms`
  const width = Math.max(...rows.map((r) => r.title.length))
  console.log(`${'target'.padEnd(width)}  requests   req/s     p50     p95     p99  non-2xx/errors`)
  for (const r of rows) {
    const figures = [fmt(r.p50), fmt(r.p95), fmt(r.p99)].map((f) => f.padStart(7)).join(' ')
    console.log(
      `${r.title.padEnd(width)}  ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${figures}  ${r.bad}`,
    )
  }
  failed = rows.some((r) => r.bad > 0)
} catch (error) {
  console.error(error.message)
  failed = true
} finally {
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
