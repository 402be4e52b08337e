import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, errorBody } from '#contract/envelope'
import { type Health, health } from '#contract/health'
import { paths } from '#contract/paths'
import type { Database } from '../../db/client'
import { lastHousekeeping } from '../accounts/job'
import type { Queue } from '../../jobs/queue'
import { ok } from '../../lib/reply'
import { version } from '../../lib/version'

type Options = { database: Database; queue?: Queue }

export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { database, queue }) => {
  app.get(
    paths.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Database and queue status (503 when degraded)',
        response: { 200: envelope(health), 503: envelope(health), 400: errorBody },
      },
    },
    async (_request, reply) => {
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
    },
  )
}
