import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { root } from './paths.mjs'

const colours = { api: 36, portal: 35, worker: 33 }
const GRACE_MS = 10_000

/**
 * Runs long-lived children in their own process groups, so a terminal Ctrl-C reaches them once,
 * through us, and a stop can take their own children with them.
 */
export class Supervisor {
  children = new Map()
  stopping = false
  exitCode = 0
  onAllExited = (code) => process.exit(code)

  /** prefix: tag each output line with the child's name; single: one child whose exit code is ours */
  constructor({ prefix = true, single = false } = {}) {
    this.prefix = prefix
    this.single = single
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.on(signal, () => this.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal))
    }
    // last resort if we exit some other way: never leave a child behind
    process.on('exit', () => {
      for (const child of this.children.values()) this.signal(child, 'SIGKILL')
    })
  }

  start(name, command, args, env) {
    const stdio = this.prefix ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit']
    const child = spawn(command, args, { cwd: root, env, stdio, detached: true })
    child.name = name
    this.children.set(name, child)
    if (this.prefix) {
      const tag = process.stdout.isTTY ? `\x1b[${colours[name] ?? 32}m[${name}]\x1b[0m ` : `[${name}] `
      createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(tag + line + '\n'))
      createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(tag + line + '\n'))
    }
    child.on('error', (error) => {
      console.error(`[start] could not run ${name}: ${error.message}`)
      this.childExited(child, 1, null)
    })
    child.on('exit', (code, signal) => this.childExited(child, code, signal))
    return child
  }

  childExited(child, code, signal) {
    if (!this.children.delete(child.name)) return
    if (this.single) {
      this.stopping = true
      this.exitCode = code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)
    } else if (!this.stopping) {
      console.error(`[start] ${child.name} exited (${signal ?? `code ${code}`}); stopping the rest`)
      this.exitCode = 1
      this.stop('SIGTERM')
    } else {
      if (signal === 'SIGKILL') this.exitCode = 1
      if (this.prefix) console.log(`[start] ${child.name} stopped (${signal ?? `code ${code}`})`)
    }
    if (this.children.size === 0) this.onAllExited(this.exitCode)
  }

  signal(child, signal) {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }

  /** Idempotent: a second Ctrl-C (npm forwards one too) does not restart the grace period. */
  stop(signal = 'SIGTERM') {
    if (this.stopping) return
    this.stopping = true
    if (this.children.size === 0) return this.onAllExited(this.exitCode)
    for (const child of this.children.values()) this.signal(child, signal)
    setTimeout(() => {
      for (const child of this.children.values()) {
        console.error(`[start] ${child.name} did not stop within ${GRACE_MS / 1000} s; killing it`)
        this.signal(child, 'SIGKILL')
      }
    }, GRACE_MS).unref()
  }

  get alive() {
    return this.children.size > 0 && !this.stopping
  }
}

/** Polls a URL until `ready(response)` or the deadline; gives up early when `keepGoing()` turns false. */
export async function waitFor(url, { ready = (res) => res.ok, timeoutMs = 120_000, keepGoing = () => true } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && keepGoing()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: 'manual' })
      if (await ready(res)) return res
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return null
}
