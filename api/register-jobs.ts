import type { ApiEnv } from './env'
import type { Database } from './db/client'
import { createServices } from './services'
import { createLlm } from './engines/llm/client'
import { cachedLlm } from './engines/llm/cache'
import { databaseAnswerCache } from './db/llm-cache'
import { registerHousekeeping } from './modules/accounts/job'
import { registerOcr } from './modules/ocr/job'
import { registerChatbot } from './modules/chatbot/job'
import { registerReshub } from './modules/reshub/job'
import { registerScoring } from './modules/evaluations/job'
import { registerItemScoring, scoreItemsOfRecording } from './modules/agent-scoring/job'
import { registerSummarization } from './modules/summaries/job'
import { registerTranscription } from './modules/speech/job'
import { registerShowcaseFace } from './seed/showcase/face'
import type { BlobStore } from './lib/blob-store'
import type { Queue } from './jobs/queue'

/** Every queue and handler, registered the same way by the API (WORKERS > 0) and by start:worker. */
export async function registerJobs(queue: Queue, database: Database, env: ApiEnv, blobs: BlobStore) {
  const { db } = database
  const { accounts } = createServices(db, env)
  const llm = env.llm ? cachedLlm(createLlm(env.llm), databaseAnswerCache(db)) : null
  await registerHousekeeping(queue, db, accounts, env.housekeepingCron)
  await registerScoring(queue, db, llm)
  await registerItemScoring(queue, db, llm)
  await registerTranscription(queue, {
    db,
    blobs,
    speech: env.speech,
    llm,
    // an uploaded call in agent scoring is scored once its transcript is there
    onSettled: (recordingId) => scoreItemsOfRecording(queue, db, llm, recordingId),
  })
  await registerSummarization(queue, db, llm)
  await registerOcr(queue, { db, blobs })
  await registerChatbot(queue, db, blobs)
  await registerReshub(queue, db)
  // the demo's face recognition showcase (SEED_SHOWCASE): its people and scans, made in a worker
  await registerShowcaseFace(queue, { db, blobs, threshold: env.faceThreshold })
  await queue.startSweeping()
}
