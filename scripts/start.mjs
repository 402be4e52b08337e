// `npm start`: build what is missing or stale, then run the API (with its job workers) and the
// portal together, print where to go, and stop both on Ctrl-C or SIGTERM. A crashed child is
// restarted (scripts/lib/supervise.mjs). Plain JS so it runs before any build. The image runs this
// file directly, not through npm: npm does not pass a SIGTERM on to it.
import { ensureBuilt } from './lib/builders.mjs'
import { commands } from './lib/paths.mjs'
import { demoAccounts, demoPassword, roleEnv, StartError, stackEnv } from './lib/stack-env.mjs'
import { Supervisor, waitFor } from './lib/supervise.mjs'

const startedAt = performance.now()
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1)

let config
try {
  config = stackEnv()
  await ensureBuilt(['api', 'portal'])
} catch (error) {
  console.error(`[start] ${error instanceof StartError ? error.message : error.stack}`)
  process.exit(1)
}

const { env, apiPort, portalPort, probeHost } = config
const supervisor = new Supervisor()
supervisor.start('api', process.execPath, commands.api, roleEnv(env, 'api'))
supervisor.start('portal', process.execPath, commands.portal, roleEnv(env, 'portal'))

const keepGoing = () => supervisor.alive
const health = await waitFor(`http://${probeHost}:${apiPort}/api/health/`, {
  // a degraded store still answers 503 with the report: the API is up, the banner says so
  ready: (res) => res.ok || res.status === 503,
  keepGoing,
})
const portal = health && (await waitFor(`http://${probeHost}:${portalPort}/login`, { ready: () => true, keepGoing }))

if (!health || !portal) {
  if (supervisor.alive) {
    console.error(`[start] the ${health ? 'portal' : 'API'} did not become ready; stopping`)
    supervisor.exitCode = 1
    supervisor.stop('SIGTERM')
  }
} else {
  printBanner(health.status === 503)
}

function printBanner(degraded) {
  const lines = [
    '',
    `  AI demo portal   http://localhost:${portalPort}`,
    `  API              http://localhost:${apiPort}/api/  (OpenAPI: /api/docs)${degraded ? '  [health: degraded]' : ''}`,
    `  Data             ${config.embedded ? `${config.dataDir} (embedded PGlite)` : 'PostgreSQL (DATABASE_URL)'}`,
  ]
  if (config.seeding) {
    lines.push('', `  Demo accounts (password ${demoPassword}):`)
    for (const [email, role] of demoAccounts) lines.push(`    ${email.padEnd(24)}${role}`)
  }
  lines.push('', `Ready in ${seconds()} s. Press Ctrl-C to stop.`, '')
  console.log(lines.join('\n'))
}
