import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { abortError } from './errors'

export type RunResult = { code: number | null; stdout: string; stderr: string }

const KEEP_STDERR = 4096

/**
 * Runs a program with an argument array (no shell, so no quoting or injection), kills it with
 * SIGKILL after `timeoutMs` or when `signal` aborts, and resolves with its output whatever its exit
 * code: the caller decides what a failure means.
 */
export function runProgram(
  command: string,
  args: string[],
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal))
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const stdout: Buffer[] = []
    let stderr = ''
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      fn()
    }
    const onAbort = () => {
      child.kill('SIGKILL')
      finish(() => reject(abortError(signal!)))
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(() => reject(new Error(`${path.basename(command)} took longer than ${Math.round(timeoutMs / 1000)} s`)))
    }, timeoutMs)
    signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-KEEP_STDERR)
    })
    child.on('error', (e) => finish(() => reject(e)))
    child.on('close', (code) => finish(() => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr })))
  })
}

/** A private temporary folder for the duration of `fn`, removed afterwards whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'speech-'))
  try {
    return await fn(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
