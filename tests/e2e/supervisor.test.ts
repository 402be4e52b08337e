import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort } from '../../scripts/lib/launch.mjs'
import { descendants, running } from '../../scripts/lib/process-tree.mjs'
import { expect, test } from './fixtures'
import { root } from './stack'

const supervise = pathToFileURL(join(root, 'scripts/lib/supervise.mjs')).href
// two stand-in children: `api` stops on SIGTERM, `portal` ignores it (so the stop has to kill it)
const stubStack = `
import { Supervisor } from ${JSON.stringify(supervise)}
const supervisor = new Supervisor()
const child = (code) => [process.execPath, ['-e', code], process.env]
supervisor.start('api', ...child("console.log('up', process.pid); setInterval(() => {}, 1000)"))
supervisor.start('portal', ...child("process.on('SIGTERM', () => console.log('ignoring SIGTERM')); console.log('up', process.pid); setInterval(() => {}, 1000)"))
`

const started: ChildProcess[] = []
test.afterEach(() => {
  for (const child of started.splice(0)) {
    for (const { pid } of descendants(child.pid!)) process.kill(pid, 'SIGKILL')
    child.kill('SIGKILL')
  }
})

function launch(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: root,
    // Playwright's workers run with FORCE_COLOR=1, which would colour the pids the stubs log
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function until<T>(probe: () => T | null | undefined | false, ms: number, what: string, log: () => string) {
  const end = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${log()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Sends `signal` to `pid` and resolves with the seconds until every process in `tree` has gone. */
async function stopAll(pid: number, tree: number[], log: () => string, signal: NodeJS.Signals = 'SIGTERM') {
  const at = Date.now()
  process.kill(pid, signal)
  await until(() => tree.every((p) => !running(p)), 15_000, 'every process to end', log)
  return (Date.now() - at) / 1000
}

const upLines = (output: string, name: string) =>
  [...output.matchAll(new RegExp(`\\[${name}\\] up (\\d+)`, 'g'))].map((m) => Number(m[1]))

test.describe('the npm start supervisor', () => {
  test('restarts a crashed child with a growing delay, logs it, and stops everything within 10 s of a SIGTERM', async () => {
    const stack = launch(process.execPath, ['--input-type=module', '-e', stubStack])
    const first = await until(() => upLines(stack.output(), 'api')[0], 10_000, 'the api stub', stack.output)
    await until(() => upLines(stack.output(), 'portal')[0], 10_000, 'the portal stub', stack.output)

    process.kill(first, 'SIGKILL')
    const second = await until(() => upLines(stack.output(), 'api')[1], 10_000, 'a restart', stack.output)
    expect(second).not.toBe(first)
    expect(stack.output()).toMatch(
      /\[start\] api crashed \(SIGKILL\) at [\d:]+ after [\d.]+ s up; restarting it in 1 s/,
    )
    expect(stack.output()).toContain('[start] restarting api')

    process.kill(second, 'SIGKILL')
    await until(() => upLines(stack.output(), 'api')[2], 10_000, 'a second restart', stack.output)
    expect(stack.output()).toMatch(/api crashed \(SIGKILL\).*restarting it in 2 s .*crash 2 in a row/)
    // the portal was never touched
    expect(upLines(stack.output(), 'portal')).toHaveLength(1)

    const tree = [stack.child.pid!, ...descendants(stack.child.pid!).map((p) => p.pid)]
    expect(tree).toHaveLength(3)
    const seconds = await stopAll(stack.child.pid!, tree, stack.output)
    console.log(`stub stack: every process gone ${seconds.toFixed(1)} s after SIGTERM (the portal stub ignores it)`)
    expect(seconds).toBeLessThan(10)
    expect(stack.output()).toContain('[start] portal did not stop within 9 s; killing it')
  })

  test('stops when the shell npm ran it through is killed (what a SIGTERM to npm does)', async () => {
    // `; exit` keeps any shell from exec-ing node in its place, as npm's `sh -c` does not either
    const stack = launch('sh', ['-c', `"${process.execPath}" --input-type=module -e "$STUB"; exit`], {
      STUB: stubStack.replace("process.on('SIGTERM', () => console.log('ignoring SIGTERM')); ", ''),
    })
    await until(
      () => upLines(stack.output(), 'portal')[0] && upLines(stack.output(), 'api')[0],
      10_000,
      'the stubs',
      stack.output,
    )
    const tree = descendants(stack.child.pid!).map((p) => p.pid)
    expect(tree).toHaveLength(3)
    const seconds = await stopAll(stack.child.pid!, tree, stack.output)
    expect(seconds).toBeLessThan(10)
    expect(stack.output()).toMatch(/the parent process \(\d+\) is gone; stopping/)
  })

  test('SIGTERM to `npm start`: requests in flight finish and every process is gone within 10 s', async () => {
    test.setTimeout(200_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-supervisor-'))
    const [port, apiPort] = [await freePort(), await freePort()]
    try {
      const stack = launch('npm', ['start'], {
        NODE_ENV: 'production',
        PORT: String(port),
        API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        // the showcase's engine work is not what this spec is about, and would only slow it
        SEED_SHOWCASE: 'false',
        SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
        JWT_SECRET: 'e2e-jwt-secret-0123456789abcdef0123',
      })
      await until(() => /Ready in [\d.]+ s/.test(stack.output()), 170_000, 'npm start', stack.output)
      const api = `http://127.0.0.1:${apiPort}`
      const login = await fetch(`${api}/api/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo@1234' }),
      })
      const { access } = (await login.json()).data

      const tree = [stack.child.pid!, ...descendants(stack.child.pid!).map((p) => p.pid)]
      expect(tree.length).toBeGreaterThanOrEqual(4) // npm, sh, the supervisor, the API, the portal
      // a request that waits up to 3 s for its summary is in flight when the stop comes
      const inFlight = fetch(`${api}/api/summarization/summarize/?wait=3`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
        body: JSON.stringify({
          text: 'Customer: my bill is wrong. Agent: I have refunded it today.',
          summary_type: 'brief',
        }),
      })
      await new Promise((r) => setTimeout(r, 300))
      const seconds = await stopAll(stack.child.pid!, tree, stack.output)
      console.log(`npm start: every process gone ${seconds.toFixed(1)} s after SIGTERM to npm`)
      expect(seconds).toBeLessThan(10)
      const answered = await inFlight
      expect(answered.status).toBe(200)
      expect(stack.output()).not.toMatch(/did not stop within/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
