import { eq } from 'drizzle-orm'
import type { AnswerCache } from '../engines/llm/cache'
import type { Db } from './client'
import { llmCache } from './schema'

/** The LLM's answers kept in the database (table llm_cache), shared by the API and its workers. */
export function databaseAnswerCache(db: Db): AnswerCache {
  return {
    async get(key) {
      const [row] = await db.select({ answer: llmCache.answer }).from(llmCache).where(eq(llmCache.key, key))
      return row?.answer
    },
    async set(key, model, answer) {
      // a fresh answer (asked again on purpose) replaces the kept one
      await db
        .insert(llmCache)
        .values({ key, model, answer })
        .onConflictDoUpdate({ target: llmCache.key, set: { model, answer, createdAt: new Date() } })
    },
  }
}
