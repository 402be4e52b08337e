import { buildApp } from './app'
import { createLlm } from './engines/llm/client'
import { cachedLlm } from './engines/llm/cache'
import { databaseAnswerCache } from './db/llm-cache'
import { loadEnvOrExit } from './env'
import { startQueue } from './jobs/queue'
import { registerJobs } from './register-jobs'
import { blobStoreFromEnv } from './lib/blob-store-s3'
import { closeEngines, closeServer, onShutdown, openConfiguredDatabase, SHUTDOWN_MS } from './runtime'
import { seedDemo } from './seed/seed'

const env = loadEnvOrExit()
const database = await openConfiguredDatabase(env)

const blobs = blobStoreFromEnv(env)
// the same request is answered once and kept: a result is repeatable, and the LLM is not paid twice
const llm = env.llm ? cachedLlm(createLlm(env.llm), databaseAnswerCache(database.db)) : null

try {
  const queue = await startQueue(database, {
    workers: env.workers,
    timing: env.jobTiming,
    supervised: env.supervised,
    log: { info: console.log, error: (obj, msg) => console.error(msg ?? 'job queue error', obj) },
  })
  await registerJobs(queue, database, env, blobs)
  // after the queues exist: the showcase's uploads queue their jobs like any other upload
  if (env.seedDemo) {
    const { seedShowcase: accounts } = env
    const showcase = accounts ? { queue, accounts: accounts === true ? undefined : accounts } : null
    await seedDemo(database.db, { blobs, showcase })
  }

  const app = await buildApp({ database, env, queue, blobs, llm, logger: { level: env.logLevel } })
  onShutdown(
    async () => {
      const started = Date.now()
      // requests in flight finish (their jobs still get queued) while the workers take nothing new
      await Promise.all([closeServer(app, SHUTDOWN_MS / 2), queue.pause()])
      // what the workers cannot finish in the time left goes back to the queue for a retry
      await queue.stop({ drainMs: Math.max(1000, SHUTDOWN_MS * 0.75 - (Date.now() - started)) })
      await closeEngines()
      await database.close()
    },
    (msg) => app.log.info(msg),
  )

  await app.listen({ port: env.port, host: env.host })
  const where = env.databaseUrl ? 'PostgreSQL' : `PGlite in ${env.dataDir}`
  const store = env.blobStore
  const files = store.kind === 's3' ? `files in s3://${store.bucket}/${store.prefix ?? ''}` : `files in ${store.root}`
  app.log.info(
    `API ready on http://${env.host}:${env.port} (${where}, ${files}, ${env.workers} workers, seed ${env.seedDemo ? 'on' : 'off'})`,
  )
} catch (error) {
  console.error('API failed to start:', error)
  await database.close().catch(() => {})
  process.exit(1)
}
