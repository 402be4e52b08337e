import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { buildApp } from '#api/app'
import type { Database } from '#api/db/client'
import { refreshTokens, users } from '#api/db/schema'
import { registerHousekeeping } from '#api/modules/accounts/job'
import { lastHousekeeping } from '#api/modules/accounts/store'
import { type Queue, startQueue } from '#api/jobs/queue'
import { createServices } from '#api/services'
import { createTestDatabase, testEnv } from '#api/test-utils'

const silent = { info() {}, error() {} }
let database: Database
let queue: Queue

beforeAll(async () => {
  database = await createTestDatabase()
  queue = await startQueue(database, { workers: 1, log: silent })
})
afterAll(async () => {
  await queue.stop()
  await database.close()
})

async function until<T>(probe: () => Promise<T | null>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('the job queue', () => {
  it('runs the housekeeping job: expired refresh tokens go, health reports the run', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'hk@test.local', passwordHash: 'x', role: 'agent' })
      .returning()
    const past = new Date(Date.now() - 60_000)
    const future = new Date(Date.now() + 3_600_000)
    await database.db.insert(refreshTokens).values([
      { jti: randomUUID(), family: randomUUID(), userId: user.id, expiresAt: past },
      { jti: randomUUID(), family: randomUUID(), userId: user.id, expiresAt: future },
    ])
    const { accounts } = createServices(database.db, testEnv)
    await registerHousekeeping(queue, database.db, accounts, '0 3 * * *')
    const at = await until(() => lastHousekeeping(database.db))
    expect(Date.parse(at)).toBeGreaterThan(Date.now() - 60_000)
    const left = await database.db.select().from(refreshTokens)
    expect(left.map((r) => r.expiresAt.getTime())).toEqual([future.getTime()])

    const app = await buildApp({ database, env: testEnv, queue })
    try {
      const res = await app.inject({ url: paths.health })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({
        status: 'ok',
        database: { ok: true },
        queue: { ok: true, workers: 1, last_housekeeping_at: at },
      })
    } finally {
      await app.close()
    }
  })

  it('delivers jobs sent through the queue module to a registered handler', async () => {
    const seen: number[] = []
    await queue.register<{ n: number }>(
      'test-echo',
      async (data) => {
        seen.push(data.n)
      },
      { pollingIntervalSeconds: 0.5 },
    )
    await queue.send('test-echo', { n: 7 })
    await until(async () => (seen.length ? seen : null))
    expect(seen).toEqual([7])
  })
})
