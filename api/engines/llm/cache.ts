import { createHash } from 'node:crypto'
import type { Llm } from './client'

/** Where answers are kept (the database in the API, a Map in tests). */
export type AnswerCache = {
  get(key: string): Promise<unknown | undefined>
  set(key: string, model: string, answer: unknown): Promise<void>
}

/** The key of one request: the model and every message, hashed (a changed transcript or template is a new key). */
export function requestKey(model: string, messages: unknown) {
  return createHash('sha256')
    .update(JSON.stringify([model, messages]))
    .digest('hex')
}

/**
 * The LLM with its answers kept: the same request (model, transcript, template version's questions)
 * is sent once; after that the kept answer is parsed again with the caller's schema, so a cached
 * answer that no longer fits is asked afresh. With temperature 0 this makes a result repeatable.
 * A cache that fails is passed by: the question is asked, never lost.
 */
export function cachedLlm(llm: Llm, cache: AnswerCache): Llm {
  return {
    model: llm.model,
    async json(messages, schema, options) {
      const key = requestKey(llm.model, messages)
      const kept = options?.fresh ? undefined : await cache.get(key).catch(() => undefined)
      if (kept !== undefined) {
        const parsed = schema.safeParse(kept)
        if (parsed.success) return parsed.data
      }
      const answer = await llm.json(messages, schema, options)
      await cache.set(key, llm.model, answer).catch(() => {})
      return answer
    },
    // a stream is a live answer: nothing to keep
    ...(llm.stream && { stream: llm.stream.bind(llm) }),
  }
}
