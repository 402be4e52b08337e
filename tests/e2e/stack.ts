import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, launchStack } from '../../scripts/lib/launch.mjs'

export const root = resolve(import.meta.dirname, '../..')

export async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { redirect: 'manual' })
      if (res.status < 500) return
      last = `status ${res.status}`
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms: ${String(last)}`)
}

export type Stack = { baseURL: string; apiURL: string; stop: () => Promise<void>; output: () => string }

function track(child: ChildProcess) {
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  return () => output
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGINT')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/** The whole product as `npm start` runs it, on free ports with a throw-away DATA_DIR. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  const [port, apiPort] = [await freePort(), await freePort()]
  const stack = launchStack(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      JWT_SECRET: 'e2e-jwt-secret-0123456789abcdef0123',
      // a spec's own stack starts without the showcase's engine work (global-setup.ts seeds it)
      SEED_SHOWCASE: 'false',
      ...env,
    },
    { timeoutMs: 120_000 },
  )
  try {
    await stack.ready
  } catch (error) {
    await stack.stop()
    throw error
  }
  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiURL: `http://127.0.0.1:${apiPort}`,
    output: stack.output,
    stop: async () => {
      await stack.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The portal alone, pointed at an upstream that does not answer. */
export async function startPortalWithDeadUpstream(): Promise<Stack> {
  const [port, deadPort] = [await freePort(), await freePort()]
  const child = spawn(process.execPath, ['server.mjs', 'build/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      API_BASE_URL: `http://127.0.0.1:${deadPort}`,
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = track(child)
  const baseURL = `http://127.0.0.1:${port}`
  await waitFor(`${baseURL}/login`, 60_000).catch(async (error) => {
    await stopChild(child)
    throw new Error(`${String(error)}\n${output()}`)
  })
  return { baseURL, apiURL: `http://127.0.0.1:${deadPort}`, output, stop: () => stopChild(child) }
}
