import PgBoss from 'pg-boss'
import type { Database } from '../db/client'

type Log = { info(msg: string): void; error(obj: unknown, msg?: string): void }

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<unknown>
export type RegisterOptions = { concurrency?: number; pollingIntervalSeconds?: number } & Omit<PgBoss.Queue, 'name'>

export type Queue = {
  boss: PgBoss
  /** Consumers in this process (WORKERS); 0 means this process only sends. */
  workers: number
  /** Creates the queue; starts `concurrency` consumers unless WORKERS=0. */
  register<T extends object>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<void>
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>
  schedule(name: string, cron: string, data?: object): Promise<void>
  ping(): Promise<boolean>
  stop(): Promise<void>
}

/** pg-boss on the application's database: PGlite through its executor, PostgreSQL by URL. */
export async function startQueue(database: Database, opts: { workers: number; log: Log }): Promise<Queue> {
  const connection: PgBoss.ConstructorOptions = database.executor
    ? { db: database.executor as PgBoss.Db }
    : { connectionString: database.connectionString, max: 4 }
  const boss = new PgBoss({ ...connection, supervise: true, schedule: true })
  boss.on('error', (error) => opts.log.error({ err: error }, 'job queue error'))
  await boss.start()
  let healthy = true

  return {
    boss,
    workers: opts.workers,
    async register(name, handler, { concurrency = 1, pollingIntervalSeconds = 2, ...queueOptions } = {}) {
      await boss.createQueue(name, { name, retryLimit: 3, retryBackoff: true, ...queueOptions })
      if (opts.workers <= 0) return
      // pg-boss 10 has no team size: each work() call is one consumer
      const consumers = Math.max(1, Math.min(concurrency, opts.workers))
      for (let i = 0; i < consumers; i++) {
        await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await handler(job.data as never, job as never)
        })
      }
    },
    send: (name, data, options = {}) => boss.send(name, data, options),
    schedule: (name, cron, data) => boss.schedule(name, cron, data),
    async ping() {
      try {
        await boss.getQueues()
        healthy = true
      } catch {
        healthy = false
      }
      return healthy
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  }
}
