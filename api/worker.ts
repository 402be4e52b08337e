import path from 'node:path'
import { loadEnvOrExit } from './env'
import { startQueue } from './jobs/queue'
import { registerJobs } from './register-jobs'
import { localBlobStore } from './lib/blob-store'
import { closeEngines, EXIT_CONFIG, onShutdown, openConfiguredDatabase, SHUTDOWN_MS } from './runtime'

const env = loadEnvOrExit()
if (!env.databaseUrl) {
  console.error(
    'start:worker needs PostgreSQL (set DATABASE_URL). The embedded database (PGlite) lives in one ' +
      'process only, so with it the API runs the job workers itself (WORKERS).',
  )
  process.exit(EXIT_CONFIG)
}
if (env.workers <= 0) {
  console.error('WORKERS is 0: a worker process with no consumers would do nothing.')
  process.exit(EXIT_CONFIG)
}

const database = await openConfiguredDatabase(env)
const queue = await startQueue(database, {
  workers: env.workers,
  timing: env.jobTiming,
  supervised: env.supervised,
  log: { info: console.log, error: (obj, msg) => console.error(msg ?? 'job queue error', obj) },
})
// the blobs folder must be shared with the API (the same DATA_DIR, or a shared volume)
await registerJobs(queue, database, env, localBlobStore(path.join(env.dataDir, 'blobs')))

onShutdown(async () => {
  // what the workers cannot finish in time goes back to the queue for a retry
  await queue.stop({ drainMs: SHUTDOWN_MS * 0.75 })
  await closeEngines()
  await database.close()
}, console.log)
console.log(`Worker ${queue.registry?.id} ready (${env.workers} consumers per queue)`)
