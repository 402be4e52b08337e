import path from 'node:path'
import { loadEnvOrExit } from './env'
import { startQueue } from './jobs/queue'
import { registerJobs } from './jobs/register'
import { localBlobStore } from './lib/blob-store'
import { closeEngines, onShutdown, openConfiguredDatabase } from './runtime'

const env = loadEnvOrExit()
if (!env.databaseUrl) {
  console.error(
    'start:worker needs PostgreSQL (set DATABASE_URL). The embedded database (PGlite) lives in one ' +
      'process only, so with it the API runs the job workers itself (WORKERS).',
  )
  process.exit(1)
}
if (env.workers <= 0) {
  console.error('WORKERS is 0: a worker process with no consumers would do nothing.')
  process.exit(1)
}

const database = await openConfiguredDatabase(env)
const queue = await startQueue(database, {
  workers: env.workers,
  log: { info: console.log, error: (obj, msg) => console.error(msg ?? 'job queue error', obj) },
})
// the blobs folder must be shared with the API (the same DATA_DIR, or a shared volume)
await registerJobs(queue, database, env, localBlobStore(path.join(env.dataDir, 'blobs')))

onShutdown(async () => {
  await queue.stop()
  await closeEngines()
  await database.close()
}, console.log)
console.log(`Worker ready (${env.workers} consumers per queue)`)
