import { z } from 'zod'

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  queue: z.object({ ok: z.boolean(), workers: z.number().int(), last_housekeeping_at: z.string().nullable() }),
  version: z.string(),
  uptime_s: z.number(),
})
export type Health = z.infer<typeof health>
