import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { type Registry, startRegistry, type Supervised, type WorkerTiming } from './workers'

type Log = { info(msg: string): void; error(obj: unknown, msg?: string): void }

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<unknown>
export type RegisterOptions<T = object> = {
  concurrency?: number
  pollingIntervalSeconds?: number
  /**
   * Called when a job of a worker that died is handed back with no retry left (pg-boss marks it
   * failed; nothing else would): mark the record it was working on as failed, saying why.
   */
  onGiveUp?: (data: T, why: string) => Promise<unknown>
} & Omit<PgBoss.Queue, 'name'>

export type Queue = {
  boss: PgBoss
  /** Consumers in this process (WORKERS); 0 means this process only sends. */
  workers: number
  /** This process's heartbeat and claims (./workers.ts); none when it only sends. */
  registry: Registry | null
  /** Creates the queue; starts `concurrency` consumers unless WORKERS=0. */
  register<T extends object>(name: string, handler: JobHandler<T>, options?: RegisterOptions<T>): Promise<void>
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>
  schedule(name: string, cron: string, data?: object): Promise<void>
  ping(): Promise<boolean>
  /** Starts retrying the jobs of dead workers: call once every queue is registered. */
  startSweeping(): Promise<void>
  /** Takes no more jobs; those running go on. */
  pause(): Promise<void>
  /** Takes no more jobs, lets running ones finish for `drainMs` and hands the rest back for a retry. */
  stop(options?: { drainMs?: number }): Promise<void>
}

/** pg-boss on the application's database: PGlite through its executor, PostgreSQL by URL. */
export async function startQueue(
  database: Database,
  opts: { workers: number; log: Log; timing?: Partial<WorkerTiming>; supervised?: Supervised | null },
): Promise<Queue> {
  const connection: PgBoss.ConstructorOptions = database.executor
    ? { db: database.executor as PgBoss.Db }
    : { connectionString: database.connectionString, max: 4 }
  const boss = new PgBoss({ ...connection, supervise: true, schedule: true })
  boss.on('error', (error) => opts.log.error({ err: error }, 'job queue error'))
  await boss.start()
  let healthy = true
  const names = new Set<string>()
  const giveUps = new Map<string, (data: never, why: string) => Promise<unknown>>()
  const registry =
    opts.workers > 0
      ? await startRegistry(database.db, boss, {
          timing: opts.timing,
          exclusive: Boolean(database.executor),
          supervised: opts.supervised,
          log: opts.log,
          onGiveUp: async (queue, data, why) => giveUps.get(queue)?.(data as never, why),
          // the first sweep may give jobs up: it waits until the queues (and their hooks) are registered
          sweepAtStart: false,
        })
      : null

  // the claim is what lets a sweep elsewhere retry this job if this process dies while running it
  async function runClaimed<T>(name: string, job: PgBoss.Job<T>, handler: JobHandler<T>) {
    await registry?.claim(name, job.id).catch((error) => opts.log.error({ err: error }, 'could not claim a job'))
    try {
      await handler(job.data, job)
    } finally {
      await registry?.release(job.id).catch((error) => opts.log.error({ err: error }, 'could not release a job'))
    }
  }

  return {
    boss,
    workers: opts.workers,
    registry,
    async register(name, handler, { concurrency = 1, pollingIntervalSeconds = 2, onGiveUp, ...queueOptions } = {}) {
      await boss.createQueue(name, { name, retryLimit: 3, retryBackoff: true, ...queueOptions })
      if (onGiveUp) giveUps.set(name, onGiveUp as never)
      if (opts.workers <= 0) return
      names.add(name)
      // pg-boss 10 has no team size: each work() call is one consumer
      const consumers = Math.max(1, Math.min(concurrency, opts.workers))
      for (let i = 0; i < consumers; i++) {
        await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await runClaimed(name, job as never, handler)
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
    startSweeping: async () => registry?.startSweeping(),
    async pause() {
      for (const name of names) await boss.offWork(name)
    },
    async stop({ drainMs = 3000 } = {}) {
      // pg-boss fails the jobs still running after the timeout ("shut down while active"): retried
      await boss.stop({ graceful: true, wait: true, timeout: drainMs })
      await registry?.stop()
    },
  }
}

/** The failure a record shows when every try ended with its worker gone. */
export const gaveUp = (why: string) => `Stopped on every try (the last: ${why}); try again.`
