import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { createInterface } from 'node:readline'
import { root } from './paths.mjs'

const colours = { api: 36, portal: 35, worker: 33 }
/** Children get this long after a SIGTERM before a SIGKILL, so a stop ends within 10 s. */
export const GRACE_MS = 9_000
/** EX_CONFIG: a child that exits with it has a configuration error that a restart will not fix. */
export const NO_RESTART = 78
const defaultBackoff = { initialMs: 1_000, maxMs: 30_000, steadyMs: 60_000 }

const clock = () => new Date().toISOString().slice(11, 19)

/**
 * Runs long-lived children in their own process groups, so a terminal Ctrl-C reaches them once,
 * through us, and a stop can take their own children with them. A child that crashes is restarted
 * after 1 s, 2 s, 4 s … (at most 30 s), and the delay starts over once it has stayed up a minute.
 */
export class Supervisor {
  children = new Map()
  /** name → { command, args, env, failures, runs, startedAt, timer } */
  specs = new Map()
  /** Tells a restarted API which job worker it replaces, so it retries that one's jobs at once. */
  id = `${hostname().slice(0, 50)}:${randomBytes(4).toString('hex')}`
  stopping = false
  exitCode = 0
  onAllExited = (code) => process.exit(code)
  log = (line) => console.error(line)

  /**
   * prefix: tag each output line with the child's name; single: one child whose exit code is ours;
   * restart: restart crashed children; backoff: { initialMs, maxMs, steadyMs }.
   */
  constructor({ prefix = true, single = false, restart = true, backoff = {} } = {}) {
    this.prefix = prefix
    this.single = single
    this.restart = restart
    this.backoff = { ...defaultBackoff, ...backoff }
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.on(signal, () => this.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal))
    }
    // npm runs us through `sh -c`; a SIGTERM to npm ends that shell and npm but never reaches us
    const parent = process.ppid
    if (parent > 1) {
      setInterval(() => {
        if (process.ppid === parent || this.stopping) return
        this.log(`[start] the parent process (${parent}) is gone; stopping`)
        this.stop('SIGTERM')
      }, 500).unref()
    }
    // last resort if we exit some other way: never leave a child behind
    process.on('exit', () => {
      for (const child of this.children.values()) this.signal(child, 'SIGKILL')
    })
  }

  start(name, command, args, env) {
    this.specs.set(name, { command, args, env, failures: 0, runs: 0, startedAt: 0, timer: null })
    return this.spawn(name)
  }

  spawn(name) {
    const spec = this.specs.get(name)
    spec.timer = null
    spec.startedAt = Date.now()
    spec.runs++
    const env = { ...spec.env, SUPERVISOR_CHILD: `${this.id}:${name}`, SUPERVISOR_RUN: String(spec.runs) }
    const stdio = this.prefix ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit']
    const child = spawn(spec.command, spec.args, { cwd: root, env, stdio, detached: true })
    child.name = name
    this.children.set(name, child)
    if (this.prefix) {
      const tag = process.stdout.isTTY ? `\x1b[${colours[name] ?? 32}m[${name}]\x1b[0m ` : `[${name}] `
      createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(tag + line + '\n'))
      createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(tag + line + '\n'))
    }
    child.on('error', (error) => {
      this.log(`[start] could not run ${name}: ${error.message}`)
      this.childExited(child, 1, null)
    })
    child.on('exit', (code, signal) => this.childExited(child, code, signal))
    return child
  }

  childExited(child, code, signal) {
    if (this.children.get(child.name) !== child) return
    this.children.delete(child.name)
    const how = signal ?? `code ${code}`
    const crashed = signal !== null || code !== 0
    if (!this.stopping && crashed && this.restart && code !== NO_RESTART) {
      // whatever the crashed child started in its group goes with it
      this.signal(child, 'SIGKILL')
      this.scheduleRestart(child.name, how)
      return
    }
    if (this.single) {
      this.stopping = true
      this.exitCode = code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)
    } else if (!this.stopping) {
      this.log(`[start] ${child.name} exited (${how}); stopping the rest`)
      this.exitCode = 1
      this.stop('SIGTERM')
    } else {
      if (signal === 'SIGKILL') this.exitCode = 1
      if (this.prefix) console.log(`[start] ${child.name} stopped (${how})`)
    }
    this.exitIfDone()
  }

  scheduleRestart(name, how) {
    const spec = this.specs.get(name)
    const upMs = Date.now() - spec.startedAt
    if (upMs >= this.backoff.steadyMs) spec.failures = 0
    const delayMs = Math.min(this.backoff.initialMs * 2 ** spec.failures, this.backoff.maxMs)
    spec.failures++
    const at = new Date(Date.now() + delayMs).toISOString().slice(11, 19)
    this.log(
      `[start] ${name} crashed (${how}) at ${clock()} after ${(upMs / 1000).toFixed(1)} s up; ` +
        `restarting it in ${delayMs / 1000} s (at ${at}, crash ${spec.failures} in a row)`,
    )
    spec.timer = setTimeout(() => {
      if (this.stopping) return
      this.log(`[start] restarting ${name}`)
      this.spawn(name)
    }, delayMs)
  }

  exitIfDone() {
    const waiting = [...this.specs.values()].some((spec) => spec.timer)
    if (this.children.size === 0 && (this.stopping || !waiting)) this.onAllExited(this.exitCode)
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
    for (const spec of this.specs.values()) {
      clearTimeout(spec.timer)
      spec.timer = null
    }
    if (this.children.size === 0) return this.onAllExited(this.exitCode)
    for (const child of this.children.values()) this.signal(child, signal)
    setTimeout(() => {
      for (const child of this.children.values()) {
        this.log(`[start] ${child.name} did not stop within ${GRACE_MS / 1000} s; killing it`)
        this.signal(child, 'SIGKILL')
      }
    }, GRACE_MS).unref()
  }

  /** Running, or waiting to restart a crashed child. */
  get alive() {
    return !this.stopping && (this.children.size > 0 || [...this.specs.values()].some((spec) => spec.timer))
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
