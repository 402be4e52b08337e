import type { Db } from '../../db/client'
import { knowledgeIndex, type KnowledgeIndex } from '../../engines/chat/knowledge'
import { indexedChunks, knowledgeVersion } from './store/knowledge'

type Cache = { version: string; index: KnowledgeIndex } | null

const caches = new WeakMap<Db, { current: Cache; building: Promise<Cache> | null }>()

/**
 * The knowledge base's search index in this process, built from the indexed chunks and built again
 * when the database's version of the knowledge base changes (an article re-indexed, moved or
 * deleted, by this process or another): every API copy answers from the same articles.
 */
export async function knowledgeOf(db: Db): Promise<KnowledgeIndex> {
  let entry = caches.get(db)
  if (!entry) caches.set(db, (entry = { current: null, building: null }))
  const version = await knowledgeVersion(db)
  if (entry.current?.version === version) return entry.current.index
  const state = entry
  state.building ??= (async () => {
    try {
      const index = knowledgeIndex(await indexedChunks(db))
      state.current = { version, index }
      return state.current
    } finally {
      state.building = null
    }
  })()
  return (await state.building)!.index
}
