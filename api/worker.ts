import { loadEnvOrExit } from './env'
import { startQueue } from './jobs/queue'
import { registerJobs } from './jobs/register'
import { onShutdown, openConfiguredDatabase } from './runtime'

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
await registerJobs(queue, database, env)

onShutdown(async () => {
  await queue.stop()
  await database.close()
}, console.log)
console.log(`Worker ready (${env.workers} consumers per queue)`)
