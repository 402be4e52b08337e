// One role of a split deployment: `node scripts/start-role.mjs api|portal|worker|create-admin [args]`.
// Builds the part it needs when missing or stale, then runs it with signals forwarded, and restarts
// it if it crashes (scripts/lib/supervise.mjs).
import { spawn } from 'node:child_process'
import { ensureBuilt } from './lib/builders.mjs'
import { commands, outputs, root } from './lib/paths.mjs'
import { roleEnv, StartError, stackEnv } from './lib/stack-env.mjs'
import { Supervisor } from './lib/supervise.mjs'

const roles = {
  api: { part: 'api', args: commands.api },
  worker: { part: 'api', args: commands.worker },
  portal: { part: 'portal', args: commands.portal },
  'create-admin': { part: 'api', args: ['--enable-source-maps', outputs.createAdmin], interactive: true },
}

const [name, ...rest] = process.argv.slice(2)
const role = roles[name]
if (!role) {
  console.error(`Usage: node scripts/start-role.mjs ${Object.keys(roles).join('|')} [args]`)
  process.exit(2)
}

let env
try {
  env = roleEnv(stackEnv().env, role.part)
  await ensureBuilt([role.part])
} catch (error) {
  console.error(`[${name}] ${error instanceof StartError ? error.message : error.stack}`)
  process.exit(1)
}

if (role.interactive) {
  // prompts need the terminal's foreground process group, so this child shares ours
  const child = spawn(process.execPath, [...role.args, ...rest], { cwd: root, env, stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else {
  const supervisor = new Supervisor({ prefix: false, single: true })
  supervisor.start(name, process.execPath, [...role.args, ...rest], env)
}
