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
      await db.insert(llmCache).values({ key, model, answer }).onConflictDoNothing()
    },
  }
}
