import type { Db } from '../../db/client'
import type { Queue } from '../../jobs/queue'
import { purgeExpiredConversations } from './store/conversations'
import { reindexArticles } from './store/knowledge'
import type { BlobStore } from '../../lib/blob-store'

export const REINDEX_KNOWLEDGE = 'reindex-knowledge'
export const PURGE_CONVERSATIONS = 'purge-conversations'

/**
 * Re-indexes an edited article: a job where there is a queue (the article shows "waiting to be
 * indexed" until a worker has cut it into chunks), at once where there is none (tests, a server
 * without workers' database).
 */
export async function requestReindex(queue: Queue | undefined, db: Db, articleId: number) {
  if (!queue) return reindexArticles(db, articleId)
  await queue.send(REINDEX_KNOWLEDGE, { article_id: articleId }, { singletonKey: `article-${articleId}` })
}

/** The re-index queue, and the daily purge of conversations past their retention (with their voice recordings). */
export async function registerChatbot(queue: Queue, db: Db, blobs: BlobStore | null, cron = '17 3 * * *') {
  await queue.register<{ article_id?: number }>(REINDEX_KNOWLEDGE, (data) => reindexArticles(db, data.article_id), {
    retryLimit: 3,
  })
  await queue.register(
    PURGE_CONVERSATIONS,
    async () => {
      const purged = await purgeExpiredConversations(db)
      if (blobs) await Promise.all(purged.audioKeys.map((key) => blobs.remove(key).catch(() => {})))
      return { conversations: purged.conversations }
    },
    { retryLimit: 1 },
  )
  await queue.schedule(PURGE_CONVERSATIONS, cron)
  // whatever was edited while no worker ran
  await queue.send(REINDEX_KNOWLEDGE, {}, { singletonKey: 'startup', singletonSeconds: 60 })
}
