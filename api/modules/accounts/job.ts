import { type AccountsService, recordHousekeepingRun } from './store'
import type { Db } from '../../db/client'
import type { Queue } from '../../jobs/queue'

export const HOUSEKEEPING = 'housekeeping'
// the health route reads the last run from here

export async function runHousekeeping(db: Db, accounts: AccountsService) {
  const purged = await accounts.purgeExpired()
  const at = new Date().toISOString()
  await recordHousekeepingRun(db, at)
  return { purged, at }
}

/** Purges spent refresh tokens and old login failures on a cron, and once at start. */
export async function registerHousekeeping(queue: Queue, db: Db, accounts: AccountsService, cron: string) {
  await queue.register(HOUSEKEEPING, () => runHousekeeping(db, accounts), { retryLimit: 1 })
  await queue.schedule(HOUSEKEEPING, cron)
  await queue.send(HOUSEKEEPING, {}, { singletonKey: 'startup', singletonSeconds: 60 })
}
