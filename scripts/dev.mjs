// `npm run dev`: the API under `tsx watch` and the portal under Vite's dev server, both reloading
// on change; Ctrl-C stops both.
import { bins } from './lib/paths.mjs'
import { roleEnv, StartError, stackEnv } from './lib/stack-env.mjs'
import { Supervisor, waitFor } from './lib/supervise.mjs'

let config
try {
  config = stackEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' })
} catch (error) {
  console.error(`[dev] ${error instanceof StartError ? error.message : error.stack}`)
  process.exit(1)
}
const { env, apiPort, portalPort, probeHost } = config

const supervisor = new Supervisor()
supervisor.start(
  'api',
  process.execPath,
  [bins.tsx, 'watch', '--clear-screen=false', 'api/main.ts'],
  roleEnv(env, 'api'),
)
supervisor.start(
  'portal',
  process.execPath,
  [bins.remix, 'vite:dev', '--port', String(portalPort), '--strictPort'],
  roleEnv(env, 'portal'),
)

const ready = await waitFor(`http://${probeHost}:${apiPort}/api/health/`, {
  ready: (res) => res.ok || res.status === 503,
  keepGoing: () => supervisor.alive,
})
if (ready) console.log(`\n  Dev portal http://localhost:${portalPort}  (API http://localhost:${apiPort}/api/docs)\n`)
