import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '#contract/endpoints'
import type { Health } from '#contract/health'
import type { Database } from '../../db/client'
import { lastHousekeeping } from '../accounts/store'
import type { Queue } from '../../jobs/queue'
import { route } from '../../lib/endpoint'
import { ok } from '../../lib/reply'
import { version } from '../../lib/version'

type Options = { database: Database; queue?: Queue }

export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { database, queue }) => {
  route(app, endpoints.health, async (_request, reply) => {
    const db = await database
      .ping()
      .then((latency) => ({ ok: true, latency }))
      .catch(() => ({ ok: false, latency: -1 }))
    const [queueOk, lastRun] = await Promise.all([
      queue ? queue.ping() : false,
      db.ok ? lastHousekeeping(database.db).catch(() => null) : null,
    ])
    const body: Health = {
      status: db.ok && queueOk ? 'ok' : 'degraded',
      database: { ok: db.ok, driver: database.driver, latency_ms: db.latency },
      queue: { ok: queueOk, workers: queue?.workers ?? 0, last_housekeeping_at: lastRun },
      version,
      uptime_s: Math.round(process.uptime()),
    }
    reply.status(body.status === 'ok' ? 200 : 503)
    return ok(body, body.status === 'ok' ? 'Healthy' : 'Degraded')
  })
}
