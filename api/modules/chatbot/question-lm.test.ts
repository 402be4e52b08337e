import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { knowledgeIndex, type KnowledgeChunk } from '#api/engines/chat/knowledge'
import { pocketsphinxStatus } from '#api/engines/speech/engines/pocketsphinx'
import { questionLmOf } from './question-lm'

const canBuild = (await pocketsphinxStatus()).ok

const chunk = (id: number, campaignId: number, title: string, text: string): KnowledgeChunk => ({
  id,
  articleId: id,
  campaignId,
  title,
  keywords: [],
  questions: [],
  text,
})

describe('questionLmOf', () => {
  it.skipIf(!canBuild)(
    'builds a language model of one campaign’s articles, once per version of the knowledge base',
    async () => {
      const chunks = [
        chunk(1, 1, 'Opening hours', 'Our phone lines are open from eight a.m. to eight p.m.'),
        chunk(2, 2, 'Meter readings', 'Send us a meter reading every month.'),
      ]
      const index = knowledgeIndex(chunks)
      const file = await questionLmOf(index, 1)
      expect(file).toMatch(/\.arpa$/)
      const arpa = await readFile(file!, 'utf8')
      expect(arpa).toContain('\\data\\')
      expect(arpa).toMatch(/\bphone\b/)
      expect(arpa).not.toMatch(/\bmeter\b/)
      // the same index answers the same promise; a new index (a re-index) builds again
      expect(questionLmOf(index, 1)).toBe(questionLmOf(index, 1))
      const reindexed = knowledgeIndex([...chunks, chunk(3, 1, 'Lost card', 'Freeze your card in the app.')])
      const again = await questionLmOf(reindexed, 1)
      expect(again).not.toBe(file)
      expect(await readFile(again!, 'utf8')).toMatch(/\bfreeze\b/)
    },
  )

  it('answers null for a campaign without articles: the recogniser’s general model is used', async () => {
    expect(await questionLmOf(knowledgeIndex([]), 7)).toBeNull()
  })
})
