import { eq } from 'drizzle-orm'
import type { AccountsService } from './store'
import type { Db } from '../../db/client'
import { systemState } from '../../db/schema'
import type { Queue } from '../../jobs/queue'

export const HOUSEKEEPING = 'housekeeping'
const LAST_RUN = 'housekeeping_last_run'

export async function runHousekeeping(db: Db, accounts: AccountsService) {
  const purged = await accounts.purgeExpired()
  const at = new Date().toISOString()
  await db
    .insert(systemState)
    .values({ key: LAST_RUN, value: at })
    .onConflictDoUpdate({ target: systemState.key, set: { value: at, updatedAt: new Date() } })
  return { purged, at }
}

export async function lastHousekeeping(db: Db): Promise<string | null> {
  const [row] = await db.select().from(systemState).where(eq(systemState.key, LAST_RUN))
  return row?.value ?? null
}

/** Purges spent refresh tokens and old login failures on a cron, and once at start. */
export async function registerHousekeeping(queue: Queue, db: Db, accounts: AccountsService, cron: string) {
  await queue.register(HOUSEKEEPING, () => runHousekeeping(db, accounts), { retryLimit: 1 })
  await queue.schedule(HOUSEKEEPING, cron)
  await queue.send(HOUSEKEEPING, {}, { singletonKey: 'startup', singletonSeconds: 60 })
}
