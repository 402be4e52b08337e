import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import { jobClaims, jobWorkers } from '../db/schema'

type Log = { info(msg: string): void; error(obj: unknown, msg?: string): void }

export type WorkerTiming = {
  /** How often this process writes its heartbeat. */
  heartbeatMs: number
  /** A worker whose heartbeat is older than this is dead: its jobs are handed back. */
  staleMs: number
  /** How often this process looks for dead workers (it also looks once at start). */
  sweepMs: number
}

export const defaultWorkerTiming: WorkerTiming = { heartbeatMs: 5_000, staleMs: 30_000, sweepMs: 15_000 }

export type Registry = {
  id: string
  /** Records that this process runs the job; a newer claim of the same job replaces an older one. */
  claim(queue: string, jobId: string): Promise<void>
  release(jobId: string): Promise<void>
  /** Hands the jobs of dead workers back to pg-boss; returns how many. */
  /** The first sweep and the periodic ones (at start unless `sweepAtStart` is false); idempotent. */
  startSweeping(): Promise<void>
  sweep(options?: { starting?: boolean }): Promise<number>
  /** Stops the timers and removes this worker and its claims (its running jobs were handed back). */
  stop(): Promise<void>
}

/** Set by scripts/lib/supervise.mjs: which child this process is, and which run of it. */
export type Supervised = { child: string; run: number }

export function newWorkerId() {
  return `${os.hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/**
 * Heartbeats and claims for pg-boss 10, which has neither: a process killed mid-job leaves the job
 * `active` until its expiry (hours for speech). Every consuming process runs a sweep, but only over
 * workers whose heartbeat stopped, so a live worker's jobs on another machine are never taken.
 * `exclusive` (PGlite: one process owns the database) makes every other worker dead at once, and
 * `supervised` (a restart by scripts/lib/supervise.mjs) the earlier runs of the same child.
 */
export async function startRegistry(
  db: Db,
  boss: PgBoss,
  opts: {
    timing?: Partial<WorkerTiming>
    exclusive?: boolean
    supervised?: Supervised | null
    log: Log
    /** false: the first sweep waits for `startSweeping()`, once every queue's give-up hook is known. */
    sweepAtStart?: boolean
    /** A job handed back with no retry left: its queue's owner marks what it was doing as failed. */
    onGiveUp?: (queue: string, data: unknown, why: string) => Promise<unknown>
  },
): Promise<Registry> {
  const timing = { ...defaultWorkerTiming, ...opts.timing }
  // the pid too: a watcher (tsx watch in dev) may start the same run again in a new process
  const id = opts.supervised ? `${opts.supervised.child}#${opts.supervised.run}:${process.pid}` : newWorkerId()
  // the supervisor runs one of these at a time: every other run of the same child has died
  const predecessors = opts.supervised ? `${opts.supervised.child}#` : null
  const predecessor = (column: SQL) =>
    predecessors ? sql`left(${column}, ${predecessors.length}) = ${predecessors}` : sql`false`
  const staleSeconds = opts.exclusive ? 0 : timing.staleMs / 1000
  const log = opts.log

  const beat = () =>
    db
      .insert(jobWorkers)
      .values({ id, host: os.hostname().slice(0, 255), pid: process.pid })
      .onConflictDoUpdate({ target: jobWorkers.id, set: { heartbeatAt: sql`now()` } })

  /** Fails a job back to pg-boss (a retry, while it has retries left) if it is still active. */
  async function handBack(queue: string, jobId: string, why: string) {
    // a job that finished, or was already retried by pg-boss's own expiry, is left alone
    const job = await boss.getJobById(queue, jobId).catch(() => null)
    if (job?.state !== 'active') return false
    await boss.fail(queue, jobId, { message: why })
    const after = await boss.getJobById(queue, jobId).catch(() => null)
    if (after?.state === 'failed') await opts.onGiveUp?.(queue, after.data, why)
    return true
  }

  async function sweep({ starting = false } = {}) {
    // one statement, so two sweepers never both hand back the same job
    const taken = (await db.execute(sql`
      delete from ${jobClaims} c
      where c.worker_id <> ${id}
        and (
          ${predecessor(sql`c.worker_id`)}
          or not exists (
            select 1 from ${jobWorkers} w
            where w.id = c.worker_id and w.heartbeat_at >= now() - make_interval(secs => ${staleSeconds})
          )
        )
      returning c.job_id, c.queue, c.worker_id`)) as unknown as {
      rows: { job_id: string; queue: string; worker_id: string }[]
    }
    let handedBack = 0
    for (const claim of taken.rows) {
      if (await handBack(claim.queue, claim.job_id, `worker ${claim.worker_id} stopped while running it`)) handedBack++
    }
    // A worker that died between pg-boss's fetch and its claim (a window that a job holding the
    // event loop widens) left an active job with no claim: after the stale limit it counts as
    // orphaned; at the start of the one process that owns the embedded database, at once.
    const orphanSeconds = opts.exclusive && starting ? 0 : timing.staleMs / 1000
    const orphans = (await db.execute(sql`
      select j.id, j.name from pgboss.job j
      where j.state = 'active' and left(j.name, 8) <> '__pgboss'
        and j.started_on < now() - make_interval(secs => ${orphanSeconds})
        and not exists (select 1 from ${jobClaims} c where c.job_id = j.id)`)) as unknown as {
      rows: { id: string; name: string }[]
    }
    for (const job of orphans.rows) {
      if (await handBack(job.name, job.id, 'its worker stopped before it claimed it')) handedBack++
    }
    await db.execute(sql`
      delete from ${jobWorkers}
      where id <> ${id}
        and (${predecessor(sql`id`)} or heartbeat_at < now() - make_interval(secs => ${staleSeconds}))`)
    if (handedBack) log.info(`handed ${handedBack} job(s) of stopped workers back to the queue`)
    return handedBack
  }

  /** A timer's callback: runs `run` and logs its failure (a timer cannot await it). */
  const guarded = (what: string, run: () => Promise<unknown>) => () => {
    void run().catch((error) => log.error({ err: error }, `job worker ${what} failed`))
  }

  const timers: NodeJS.Timeout[] = []
  let sweeping = false
  async function startSweeping() {
    if (sweeping) return
    sweeping = true
    await sweep({ starting: true })
    timers.push(
      setInterval(
        guarded('sweep', () => sweep()),
        timing.sweepMs,
      ),
    )
    for (const timer of timers) timer.unref()
  }

  await beat()
  timers.push(setInterval(guarded('heartbeat', beat), timing.heartbeatMs))
  if (opts.sweepAtStart ?? true) await startSweeping()
  for (const timer of timers) timer.unref()

  return {
    id,
    async claim(queue, jobId) {
      await db
        .insert(jobClaims)
        .values({ jobId, queue, workerId: id })
        .onConflictDoUpdate({ target: jobClaims.jobId, set: { workerId: id, queue, claimedAt: sql`now()` } })
    },
    async release(jobId) {
      await db.delete(jobClaims).where(and(eq(jobClaims.jobId, jobId), eq(jobClaims.workerId, id)))
    },
    sweep,
    startSweeping,
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await db.delete(jobClaims).where(eq(jobClaims.workerId, id))
      await db.delete(jobWorkers).where(eq(jobWorkers.id, id))
    },
  }
}
