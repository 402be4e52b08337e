import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { buildState, parts, withBuildLock, writeStamp } from './build-state.mjs'
import { bins, fromRoot, hasDevTools, root } from './paths.mjs'

function run(command, args) {
  return new Promise((resolve, reject) => {
    // a production build whatever mode the caller runs in (dev sets NODE_ENV=development)
    const env = { ...process.env, NODE_ENV: 'production' }
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    )
  })
}

const buildPortal = () => run(process.execPath, [bins.remix, 'vite:build'])

/** The API's three entry points, bundled; packages stay external, tsconfig path aliases are inlined. */
async function buildApi() {
  const esbuild = await import('esbuild')
  rmSync(fromRoot('build', 'api'), { recursive: true, force: true })
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['api/main.ts', 'api/worker.ts', 'api/create-admin.ts'],
    outdir: 'build/api',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  })
}

const builders = { portal: buildPortal, api: buildApi }

// `remix vite:build` empties build/ (build/api included), so the API always follows the portal
const withDependents = (selected) => (selected.includes('portal') ? ['portal', 'api'] : selected)

export async function build(selected = parts) {
  await withBuildLock(async () => {
    for (const part of withDependents(selected)) {
      const startedAt = Date.now()
      console.log(`[build] ${part}…`)
      await builders[part]()
      writeStamp(part, startedAt)
      console.log(`[build] ${part} done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
    }
  })
}

/** Builds the parts that are missing or older than their sources; a no-op on a fresh build. */
export async function ensureBuilt(selected) {
  const needed = () => selected.filter((part) => buildState(part) !== 'fresh')
  if (needed().length === 0) return
  if (!hasDevTools()) {
    // a production image has no build tools (and may carry sources newer than nothing): use what is there
    const missing = selected.filter((part) => buildState(part) === 'missing')
    if (missing.length) throw new Error(`The ${missing.join(' and ')} build is missing; run \`npm run build\` first.`)
    return
  }
  // another process may have built while we waited for the lock, so check again inside it
  await withBuildLock(async () => {
    for (const part of withDependents(needed())) {
      const startedAt = Date.now()
      console.log(`[build] ${part} is ${buildState(part)}; building…`)
      await builders[part]()
      writeStamp(part, startedAt)
    }
  })
}
