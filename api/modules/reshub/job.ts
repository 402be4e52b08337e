import type { Db } from '../../db/client'
import type { Queue } from '../../jobs/queue'
import { topUpClinic } from '../../seed/clinic/seed'
import { createConfirmationTasks } from './store/tasks'

export const RESHUB_REMINDERS = 'reshub-reminders'
export const RESHUB_TOP_UP = 'reshub-top-up'

/**
 * The reservation hub's scheduled work (as the housekeeping job is scheduled; a second run adds
 * nothing): every hour, confirmation calls for the appointments of the next two days; every night,
 * the demo clinic's weeks around today kept filled (past visits closed as fulfilled or no-show, new
 * bookings ahead), so a demo opened months after its first start never shows an empty calendar.
 */
export async function registerReshub(queue: Queue, db: Db, cron = '7 * * * *', topUpCron = '41 2 * * *') {
  await queue.register(RESHUB_TOP_UP, () => topUpClinic(db, new Date()), { retryLimit: 2 })
  await queue.schedule(RESHUB_TOP_UP, topUpCron)
  await queue.send(RESHUB_TOP_UP, {}, { singletonKey: 'startup', singletonSeconds: 300 })
  await queue.register(RESHUB_REMINDERS, async () => ({ created: await createConfirmationTasks(db, new Date()) }), {
    retryLimit: 2,
  })
  await queue.schedule(RESHUB_REMINDERS, cron)
  // whatever fell due while no worker ran
  await queue.send(RESHUB_REMINDERS, {}, { singletonKey: 'startup', singletonSeconds: 60 })
}
