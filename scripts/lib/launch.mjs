import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fromRoot, root } from './paths.mjs'

/** A port nothing listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/**
 * `npm start` as a child process, for benches and end-to-end tests: `ready` resolves with the
 * seconds start.mjs reports once both servers answer; `stop` is a Ctrl-C (then a kill after 20 s).
 * @param {Record<string, string>} env
 * @param {{ timeoutMs?: number }} [options]
 */
export function launchStack(env, { timeoutMs = 300_000 } = {}) {
  const child = spawn(process.execPath, [fromRoot('scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk) => (log += chunk)
  child.stderr.on('data', keep)
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack not ready after ${timeoutMs / 1000} s:\n${log}`)), timeoutMs)
    const onData = (chunk) => {
      log += chunk
      const match = log.match(/Ready in ([\d.]+) s/)
      if (!match) return
      clearTimeout(timer)
      // stop keeping the request log in memory; keep the pipe flowing so the stack never blocks
      child.stdout.off('data', onData)
      child.stdout.resume()
      resolve(Number(match[1]))
    }
    child.stdout.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`stack exited (${code}) before ready:\n${log}`))
    })
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  /** @returns {Promise<void>} */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGINT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(timer)
  }
  return { ready, stop, output: () => log }
}
