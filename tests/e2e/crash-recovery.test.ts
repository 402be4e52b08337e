import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from '../../scripts/lib/launch.mjs'
import { descendants, running } from '../../scripts/lib/process-tree.mjs'
import { expect, test } from './fixtures'
import { root } from './stack'

// ARCHITECTURE §9 "Jobs": kill -9 the API while it runs jobs; the supervisor restarts it and every
// job ends completed within 60 s of the restart, with the default heartbeat timing.
const JOBS = 6
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A long call (~190,000 characters), so its summary is still being made when the API is killed. */
const longCall = (n: number) =>
  Array.from(
    { length: 1300 },
    (_, i) =>
      `Agent: On call ${n}, turn ${i}, I can see the payment of £${(i % 90) + 10}.20 was taken twice. ` +
      `Customer: Please refund reference RF-${n}${i}; my account number is ${1000 + i}.`,
  ).join('\n')

let cleanup: Array<() => Promise<void> | void> = []
test.afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

async function until<T>(
  probe: () => Promise<T> | T,
  ms: number,
  what: string,
  log: () => string,
): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value as NonNullable<T>
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${log().slice(-4000)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function freshPostgres() {
  const name = `crash_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  cleanup.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`drop database if exists "${name}" with (force)`)
    await dropper.end()
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** The image's command (node scripts/start.mjs): the supervisor with the API and the portal. */
async function startProduct(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'))
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const [port, apiPort] = [await freePort(), await freePort()]
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      // the showcase's engine work is not what this spec is about, and would only slow it
      SEED_SHOWCASE: 'false',
      WORKERS: '2',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      JWT_SECRET: 'e2e-jwt-secret-0123456789abcdef0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  cleanup.push(() => {
    for (const { pid } of descendants(child.pid!)) process.kill(pid, 'SIGKILL')
    child.kill('SIGKILL')
  })
  const log = () => output
  await until(() => /Ready in [\d.]+ s/.test(output), 170_000, 'the product to start', log)
  return { child, api: `http://127.0.0.1:${apiPort}`, log }
}

/** The summaries' statuses as the killed API left them (PostgreSQL: the test can read it meanwhile). */
async function statusesInDb(url: string, ids: number[]) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query('select status from summaries where id = any($1) order by id', [ids])
    return rows.map((r: { status: string }) => r.status)
  } finally {
    await client.end()
  }
}

async function call(url: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(url, {
    ...init,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()).data
}

for (const [name, kind] of [
  ['PGlite', ''],
  ['PostgreSQL', 'postgres'],
]) {
  test.describe(`crash recovery on ${name}`, () => {
    test('kill -9 of the API mid-job: the supervisor restarts it and every job completes within 60 s', async () => {
      test.setTimeout(240_000)
      const databaseUrl = kind ? await freshPostgres() : ''
      const product = await startProduct(databaseUrl)
      const { api, log } = product
      const { access } = await call(`${api}/api/accounts/login/`, {
        method: 'POST',
        json: { email: 'admin@demo.local', password: 'Demo@1234' },
      })
      // all at once: the API serves requests only between jobs (the summariser holds its event loop)
      const ids: number[] = await Promise.all(
        Array.from({ length: JOBS }, async (_, n) => {
          const made = await call(`${api}/api/summarization/summarize/?wait=0`, {
            method: 'POST',
            token: access,
            json: { text: longCall(n), summary_type: 'call_notes' },
          })
          return made.summary_id as number
        }),
      )
      const statuses = () =>
        Promise.all(
          ids.map(async (id) => {
            const detail = await call(`${api}/api/summarization/summary_status/?summary_id=${id}`, { token: access })
            return detail.status as string
          }),
        )

      // The local summariser holds the API's event loop while it runs: a health check that gets no
      // answer means a job is running right now. That is the moment to kill, as a crash would.
      await until(
        async () => {
          const res = await fetch(`${api}/api/health/`, { signal: AbortSignal.timeout(400) }).catch(() => null)
          return res === null
        },
        30_000,
        'a job to be running',
        log,
      )
      const apiProcess = descendants(product.child.pid!).find((p) => p.command.includes('build/api/main.js'))
      expect(apiProcess).toBeDefined()
      process.kill(apiProcess!.pid, 'SIGKILL')
      const killedAt = Date.now()
      if (kind) console.log(`${name}: killed the API with jobs ${(await statusesInDb(databaseUrl, ids)).join(', ')}`)

      await until(() => log().includes('[start] restarting api'), 10_000, 'the restart', log)
      const restartedAt = Date.now()
      expect(log()).toMatch(/\[start\] api crashed \(SIGKILL\) at [\d:]+ after [\d.]+ s up; restarting it in 1 s/)
      await until(
        async () => {
          const res = await fetch(`${api}/api/health/`).catch(() => null)
          return res !== null
        },
        60_000,
        'the API to answer again',
        log,
      )

      const after = await until(
        async () => {
          const now = await statuses()
          return now.every((s) => s === 'completed') && now
        },
        60_000 - (Date.now() - restartedAt),
        'every job to complete',
        log,
      )
      expect(after).toEqual(ids.map(() => 'completed'))
      // the killed API held at least one of them: the sweep handed it back
      expect(log()).toMatch(/handed \d+ job\(s\) of stopped workers back to the queue/)
      const seconds = (Date.now() - restartedAt) / 1000
      console.log(
        `${name}: restarted ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill; ` +
          `every job completed ${seconds.toFixed(1)} s after the restart`,
      )
      expect(seconds).toBeLessThan(60)

      // and a stop (what a container host sends) ends everything within 10 s
      const tree = [product.child.pid!, ...descendants(product.child.pid!).map((p) => p.pid)]
      const stopAt = Date.now()
      product.child.kill('SIGTERM')
      await until(() => tree.every((pid) => !running(pid)), 15_000, 'every process to end', log)
      const stopped = (Date.now() - stopAt) / 1000
      console.log(`${name}: every process gone ${stopped.toFixed(1)} s after SIGTERM`)
      expect(stopped).toBeLessThan(10)
    })
  })
}
