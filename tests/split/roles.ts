import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { descendants, running } from '../../scripts/lib/process-tree.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type RoleProcess = {
  name: string
  child: ChildProcess
  /** The last lines it wrote (stdout and stderr), for a failure's message. */
  output: () => string
  /** Every process seen below it (the supervised API or worker), so a stop finds them even after a crash. */
  pids: Set<number>
  /** Adds what runs below it now to `pids`. */
  remember: () => void
  /** Resolves with the first match of `pattern` in its output; rejects if it exits or `ms` pass first. */
  waitForOutput: (pattern: RegExp, ms: number) => Promise<RegExpMatchArray>
}

/**
 * One role of a split deployment as the README starts it, `node scripts/start-role.mjs api|worker`
 * (which builds the API if its build is missing or stale, then supervises it), in a process group
 * of its own.
 */
export function startRole(name: string, role: 'api' | 'worker', env: NodeJS.ProcessEnv): RoleProcess {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start-role.mjs'), role], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const lines: string[] = []
  const listeners = new Set<() => void>()
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    if (lines.length > 300) lines.splice(0, lines.length - 300)
    for (const listener of listeners) listener()
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const output = () => lines.map((line) => `[${name}] ${line}`).join('\n')

  const waitForOutput = (pattern: RegExp, ms: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const done = () => {
        listeners.delete(check)
        clearTimeout(timer)
        child.off('exit', exited)
      }
      const check = () => {
        for (const line of lines) {
          const match = line.match(pattern)
          if (match) {
            done()
            resolve(match)
            return
          }
        }
      }
      const exited = (code: number | null) => {
        done()
        reject(new Error(`${name} exited (${code}) before ${pattern}:\n${output()}`))
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`${name} did not print ${pattern} in ${ms / 1000} s:\n${output()}`))
      }, ms)
      listeners.add(check)
      child.once('exit', exited)
      check()
    })

  const pids = new Set<number>()
  const remember = () => {
    if (!child.pid) return
    pids.add(child.pid)
    for (const below of descendants(child.pid)) pids.add(below.pid)
  }
  return { name, child, output, waitForOutput, pids, remember }
}

/**
 * Stops the roles as a deployment does (SIGTERM: each drains), then kills what is left after
 * `graceMs`: the start-role processes and every process below them (the supervised API or worker
 * runs in a process group of its own, so a group kill alone would miss it).
 */
export async function stopRoles(roles: RoleProcess[], graceMs = 12_000) {
  const pids = new Set<number>()
  for (const role of roles) {
    role.remember()
    for (const pid of role.pids) pids.add(pid)
  }
  for (const { child } of roles) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  }
  const end = Date.now() + graceMs
  while (Date.now() < end && [...pids].some((pid) => running(pid))) await sleep(200)
  for (const pid of pids) {
    if (!running(pid)) continue
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
  }
}
