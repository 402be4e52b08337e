import type { ApiEnv } from '../env'
import type { Database } from '../db/client'
import { createServices } from '../services'
import { createLlm } from '../engines/llm/client'
import { registerHousekeeping } from './housekeeping'
import { registerScoring } from './scoring'
import type { Queue } from './queue'

/** Every queue and handler, registered the same way by the API (WORKERS > 0) and by start:worker. */
export async function registerJobs(queue: Queue, database: Database, env: ApiEnv) {
  const { accounts } = createServices(database.db, env)
  await registerHousekeeping(queue, database.db, accounts, env.housekeepingCron)
  await registerScoring(queue, database.db, env.llm ? createLlm(env.llm) : null)
}
