import os from 'node:os'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client'
import { jobClaims, jobWorkers, summaries, users } from '#api/db/schema'
import { parseEnv } from '#api/env'
import { type Queue, startQueue } from '#api/jobs/queue'
import { registerJobs } from '#api/register-jobs'
import { requestSummary, SUMMARIZE_TEXT } from '#api/modules/summaries/job'
import { startRegistry } from '#api/jobs/workers'
import { localBlobStore } from '#api/lib/blob-store'
import { createSummary } from '#api/modules/summaries/store'
import { createTestDatabase, testEnv, until } from '#api/test-utils'

const silent = { info() {}, error() {} }
const fast = { heartbeatMs: 200, staleMs: 1000, sweepMs: 300 }
let database: Database
/** Sends and creates queues but runs nothing: the tests play the workers themselves. */
let sender: Queue

beforeAll(async () => {
  database = await createTestDatabase()
  sender = await startQueue(database, { workers: 0, log: silent })
})
afterAll(async () => {
  await sender.stop()
  await database.close()
})

/** A job taken by some worker, as pg-boss has it while that worker runs it. */
async function activeJob(queue: string) {
  const id = await sender.boss.send(queue, {})
  const [job] = await sender.boss.fetch(queue)
  expect(job.id).toBe(id)
  return job.id
}

const state = async (queue: string, id: string) => (await sender.boss.getJobById(queue, id))?.state

async function worker(id: string, heartbeatAgo: string | null) {
  if (heartbeatAgo === null) return
  await database.db
    .insert(jobWorkers)
    .values({ id, host: 'elsewhere', pid: 1, heartbeatAt: sql`now() - ${heartbeatAgo}::interval` })
}

const claim = (jobId: string, queue: string, workerId: string) =>
  database.db.insert(jobClaims).values({ jobId, queue, workerId })

describe('job workers: heartbeats, claims and the sweep', () => {
  it('hands back the jobs of workers whose heartbeat stopped, and only those', async () => {
    const queue = 'test-sweep'
    await sender.boss.createQueue(queue, { name: queue, retryLimit: 2 })
    const [ofDead, ofVanished, ofLive, finished] = [
      await activeJob(queue),
      await activeJob(queue),
      await activeJob(queue),
      await activeJob(queue),
    ]
    await sender.boss.complete(queue, finished)
    await worker('dead', '1 hour')
    await worker('live', '0 seconds')
    await claim(ofDead, queue, 'dead')
    // its row is gone (swept while it paused, say): a claim without a live heartbeat is a dead one
    await claim(ofVanished, queue, 'vanished')
    await claim(ofLive, queue, 'live')
    await claim(finished, queue, 'dead')

    // what a process on another machine does at start: the live worker keeps its job
    const registry = await startRegistry(database.db, sender.boss, {
      exclusive: false,
      timing: { heartbeatMs: 60_000, staleMs: 30_000, sweepMs: 60_000 },
      log: silent,
    })
    try {
      expect(await state(queue, ofDead)).toBe('retry')
      expect(await state(queue, ofVanished)).toBe('retry')
      expect(await state(queue, ofLive)).toBe('active')
      expect(await state(queue, finished)).toBe('completed')
      const claims = await database.db.select().from(jobClaims)
      expect(claims.map((c) => [c.jobId, c.workerId])).toEqual([[ofLive, 'live']])
      const workers = await database.db.select({ id: jobWorkers.id }).from(jobWorkers)
      expect(workers.map((w) => w.id).sort()).toEqual(['live', registry.id].sort())
      expect(registry.id).toContain(`${os.hostname().slice(0, 60)}:${process.pid}:`)

      // the live worker stops beating: the next sweep takes its job too
      await database.db
        .update(jobWorkers)
        .set({ heartbeatAt: sql`now() - interval '31 seconds'` })
        .where(eq(jobWorkers.id, 'live'))
      expect(await registry.sweep()).toBe(1)
      expect(await state(queue, ofLive)).toBe('retry')
    } finally {
      await registry.stop()
      await database.db.delete(jobWorkers)
    }
    expect(await database.db.select().from(jobClaims)).toEqual([])
  })

  it('on the embedded database (one process owns it) every other worker is dead at once', async () => {
    const queue = 'test-exclusive'
    await sender.boss.createQueue(queue, { name: queue, retryLimit: 2 })
    const job = await activeJob(queue)
    await worker('previous-run', '0 seconds')
    await claim(job, queue, 'previous-run')
    const registry = await startRegistry(database.db, sender.boss, { exclusive: true, log: silent })
    try {
      expect(await state(queue, job)).toBe('retry')
    } finally {
      await registry.stop()
    }
  })

  it('a restarted child retries the jobs of its earlier run at once, fresh heartbeat or not', async () => {
    const queue = 'test-restarted'
    await sender.boss.createQueue(queue, { name: queue, retryLimit: 2 })
    const [ofEarlierRun, ofOther] = [await activeJob(queue), await activeJob(queue)]
    await worker('host:cafe:api#1:700', '0 seconds')
    await worker('host:cafe:apiary#1:701', '0 seconds')
    await claim(ofEarlierRun, queue, 'host:cafe:api#1:700')
    await claim(ofOther, queue, 'host:cafe:apiary#1:701')
    const registry = await startRegistry(database.db, sender.boss, {
      exclusive: false,
      supervised: { child: 'host:cafe:api', run: 2 },
      log: silent,
    })
    try {
      expect(registry.id).toBe(`host:cafe:api#2:${process.pid}`)
      expect(await state(queue, ofEarlierRun)).toBe('retry')
      expect(await state(queue, ofOther)).toBe('active')
    } finally {
      await registry.stop()
      await database.db.delete(jobWorkers)
      await database.db.delete(jobClaims)
    }
  })

  it('an active job nobody claimed (its worker died right after taking it) is handed back after the stale limit', async () => {
    const queue = 'test-unclaimed'
    await sender.boss.createQueue(queue, { name: queue, retryLimit: 2 })
    const [fresh, old] = [await activeJob(queue), await activeJob(queue)]
    await database.db.execute(sql`update pgboss.job set started_on = now() - interval '31 seconds' where id = ${old}`)
    const registry = await startRegistry(database.db, sender.boss, { exclusive: false, log: silent })
    try {
      expect(await state(queue, old)).toBe('retry')
      // a live worker may be between its fetch and its claim
      expect(await state(queue, fresh)).toBe('active')
    } finally {
      await registry.stop()
    }
    // the one process of the embedded database: whatever is active at its start is orphaned
    const owner = await startRegistry(database.db, sender.boss, { exclusive: true, log: silent })
    try {
      expect(await state(queue, fresh)).toBe('retry')
    } finally {
      await owner.stop()
    }
  })

  it('a worker beats and holds a claim while it runs a job; a stop hands an unfinished job back', async () => {
    const consumer = await startQueue(database, { workers: 1, log: silent, timing: fast })
    const queue = 'test-held'
    let finish = () => {}
    const running = new Promise<void>((resolve) => (finish = resolve))
    let entered = false
    await consumer.register(
      queue,
      async () => {
        entered = true
        await running
      },
      { pollingIntervalSeconds: 0.5, retryLimit: 2 },
    )
    const me = consumer.registry!.id
    const beat = async () =>
      (await database.db.select().from(jobWorkers).where(eq(jobWorkers.id, me)))[0]?.heartbeatAt.getTime()
    const first = await beat()
    expect(first).toBeDefined()
    await until(async () => ((await beat())! > first! ? true : null), { ms: 5000 })

    const id = (await sender.send(queue, {}))!
    await until(async () => entered)
    expect(await database.db.select().from(jobClaims)).toMatchObject([{ jobId: id, queue, workerId: me }])

    const stopping = Date.now()
    await consumer.stop({ drainMs: 1000 })
    expect(Date.now() - stopping).toBeLessThan(5000)
    expect(await state(queue, id)).toBe('retry')
    expect(await database.db.select().from(jobClaims)).toEqual([])
    expect(await beat()).toBeUndefined()
    finish()
  })

  it('a summary whose worker died mid-job is retried and ends completed', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'workers@test.local', passwordHash: 'x', role: 'agent' })
      .returning()
    const env = { ...parseEnv({ JWT_SECRET: testEnv.jwtSecret, DATA_DIR: os.tmpdir() }), jobTiming: fast }
    const blobs = localBlobStore(os.tmpdir())
    // the queues exist, no consumer: the dead worker below is the one that took the job
    await registerJobs(sender, database, env, blobs)
    const summary = await createSummary(database.db, user, {
      text: 'Agent: Hello, how can I help? Customer: My bill is wrong. Agent: I have refunded the difference.',
      summaryType: 'call_notes',
      sourceName: 'Pasted text',
    })
    await requestSummary(sender, database.db, summary.id)
    const [job] = await sender.boss.fetch(SUMMARIZE_TEXT)
    await database.db.update(summaries).set({ status: 'started' }).where(eq(summaries.id, summary.id))
    await worker('killed', '1 hour')
    await claim(job.id, SUMMARIZE_TEXT, 'killed')

    const restarted = Date.now()
    const consumer = await startQueue(database, { workers: 1, log: silent, timing: fast })
    try {
      await registerJobs(consumer, database, env, blobs)
      const done = await until(async () => {
        const [row] = await database.db.select().from(summaries).where(eq(summaries.id, summary.id))
        return row.status === 'completed' && row
      })
      expect(done.summary).not.toBe('')
      expect(Date.now() - restarted).toBeLessThan(15_000)
      expect(await until(async () => (await state(SUMMARIZE_TEXT, job.id)) === 'completed')).toBe(true)
      expect(await database.db.select().from(jobClaims)).toEqual([])
    } finally {
      await consumer.stop()
    }
  })

  it('a summary whose worker died on its last try ends failed, saying so, not started for ever', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'workers-last@test.local', passwordHash: 'x', role: 'agent' })
      .returning()
    const env = { ...parseEnv({ JWT_SECRET: testEnv.jwtSecret, DATA_DIR: os.tmpdir() }), jobTiming: fast }
    const blobs = localBlobStore(os.tmpdir())
    await registerJobs(sender, database, env, blobs)
    const summary = await createSummary(database.db, user, {
      text: 'Agent: Hello. Customer: My bill is wrong.',
      summaryType: 'call_notes',
      sourceName: 'Pasted text',
    })
    await requestSummary(sender, database.db, summary.id)
    const [job] = await sender.boss.fetch(SUMMARIZE_TEXT)
    // its earlier tries were used up the same way
    await database.db.execute(sql`update pgboss.job set retry_count = retry_limit where id = ${job.id}`)
    await database.db.update(summaries).set({ status: 'started' }).where(eq(summaries.id, summary.id))
    await worker('killed-last', '1 hour')
    await claim(job.id, SUMMARIZE_TEXT, 'killed-last')

    const consumer = await startQueue(database, { workers: 1, log: silent, timing: fast })
    try {
      await registerJobs(consumer, database, env, blobs)
      const failed = await until(async () => {
        const [row] = await database.db.select().from(summaries).where(eq(summaries.id, summary.id))
        return row.status === 'failed' && row
      })
      expect(failed.failureReason).toBe(
        'Stopped on every try (the last: worker killed-last stopped while running it); try again.',
      )
      expect(await state(SUMMARIZE_TEXT, job.id)).toBe('failed')
    } finally {
      await consumer.stop()
    }
  })
})
