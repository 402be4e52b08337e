import { loadEnvOrExit } from './env'
import { startQueue } from './jobs/queue'
import { registerJobs } from './register-jobs'
import { blobStoreFromEnv } from './lib/blob-store-s3'
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
// the API's files: its S3 bucket, or with the local store the same DATA_DIR (one machine, or a shared volume)
await registerJobs(queue, database, env, blobStoreFromEnv(env))

onShutdown(async () => {
  // what the workers cannot finish in time goes back to the queue for a retry
  await queue.stop({ drainMs: SHUTDOWN_MS * 0.75 })
  await closeEngines()
  await database.close()
}, console.log)
console.log(`Worker ${queue.registry?.id} ready (${env.workers} consumers per queue)`)
