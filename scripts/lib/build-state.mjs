import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fromRoot, outputs } from './paths.mjs'

/** What each build part is made from; tests are excluded since the build ignores them. */
const sources = {
  portal: [
    'app',
    'contract',
    'public',
    'vite.config.ts',
    'postcss.config.cjs',
    'tsconfig.json',
    'tsconfig.base.json',
    'package-lock.json',
  ],
  api: ['api', 'contract', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'],
}
const artefacts = { portal: [outputs.portal], api: [outputs.api, outputs.worker, outputs.createAdmin] }

export const parts = Object.keys(sources)
const stampFile = (part) => fromRoot('build', '.stamps', part)
// outside build/: `remix vite:build` deletes the whole build directory before it writes
const lockDir = fromRoot('node_modules', '.cache', 'ai-demo-portal-build.lock')
const skip = /(^|\/)(node_modules|\.git)$|\.test\.tsx?$/

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs // catches deleted files
  for (const entry of readdirSync(target)) {
    const child = path.join(target, entry)
    if (!skip.test(child)) newest = Math.max(newest, newestMtime(child))
  }
  return newest
}

/** 'missing' | 'stale' | 'fresh' — a cheap mtime walk against the stamp the last build wrote. */
export function buildState(part) {
  if (!artefacts[part].every((file) => existsSync(file))) return 'missing'
  const stamp = stampFile(part)
  if (!existsSync(stamp)) return 'stale'
  const built = statSync(stamp).mtimeMs
  return sources[part].some((src) => newestMtime(fromRoot(src)) > built) ? 'stale' : 'fresh'
}

export function writeStamp(part, startedAt) {
  mkdirSync(path.dirname(stampFile(part)), { recursive: true })
  // the stamp carries the build's start time, so an edit made during the build counts as stale
  const time = new Date(startedAt)
  writeFileSync(stampFile(part), time.toISOString())
  utimesSync(stampFile(part), time, time)
}

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** A directory lock so two starts (e.g. parallel test stacks) never build into the same folder. */
export async function withBuildLock(fn) {
  mkdirSync(path.dirname(lockDir), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lockDir)
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid))
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      let owner = 0
      try {
        owner = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'))
      } catch {
        // the owner has made the directory but not written its pid yet
      }
      const orphaned = owner
        ? !alive(owner)
        : Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000
      if (orphaned) rmSync(lockDir, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}
