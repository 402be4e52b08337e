import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestDatabase } from '#api/test-utils'
import { cachedLlm } from '../engines/llm/cache'
import type { ChatMessage, Llm } from '../engines/llm/client'
import { scoreCall } from '../engines/scoring/llm-judge'
import type { Segment, TemplateCategory } from '../engines/scoring/score'
import type { Database } from './client'
import { databaseAnswerCache } from './llm-cache'
import { llmCache } from './schema'

/*
 * The scoring judge's answers kept in the database: the same transcript and template version asked
 * of the same model once, answered the same every time; anything else asked afresh.
 */

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const template: TemplateCategory[] = [
  {
    id: 1,
    name: 'Opening',
    weight: 1,
    auto_failed: false,
    questions: [
      { id: 11, text: 'Greeting?', weight: 1, expected: 'yes', phrases: ['thank you for calling'], speaker: 'agent' },
    ],
  },
]
const call: Segment[] = [
  { speaker: 'agent', start: 0, end: 4, text: 'Thanks for calling Acme, Priya speaking.' },
  { speaker: 'customer', start: 4.5, end: 8, text: 'Hi, my card was charged twice.' },
]

/** A model that answers yes or no at random (as an unpinned model might), counting what it is asked. */
function flakyModel(model = 'judge-1') {
  const asked: ChatMessage[][] = []
  const llm: Llm = {
    model,
    async json(messages, schema) {
      asked.push(messages)
      const value = Math.random() < 0.5 ? 'yes' : 'no'
      return schema.parse({
        answers: [
          { question_id: 11, value, evaluation_key_word: null, start_seconds: null, justification: `Said ${value}.` },
        ],
      })
    },
  }
  return { llm, asked }
}

describe('the LLM answer cache', () => {
  it('asks once per transcript, template version and model, and gives the same result every time', async () => {
    const { llm, asked } = flakyModel()
    const judge = cachedLlm(llm, databaseAnswerCache(database.db))
    const first = await scoreCall(template, call, judge)
    expect(first.engine).toBe('llm')
    for (let i = 0; i < 5; i++) expect(await scoreCall(template, call, judge)).toEqual(first)
    expect(asked).toHaveLength(1)
    // another transcript, another version of the question, another model: each asked anew
    await scoreCall(template, [...call, { speaker: 'agent', start: 9, end: 10, text: 'Goodbye.' }], judge)
    const edited = [{ ...template[0]!, questions: [{ ...template[0]!.questions[0]!, text: 'Greeted the caller?' }] }]
    await scoreCall(edited, call, judge)
    expect(asked).toHaveLength(3)
    const other = flakyModel('judge-2')
    await scoreCall(template, call, cachedLlm(other.llm, databaseAnswerCache(database.db)))
    expect(other.asked).toHaveLength(1)
    expect(await database.db.$count(llmCache)).toBe(4)
  })

  it('asks afresh when a kept answer no longer fits, and is passed by when the cache fails', async () => {
    const { llm, asked } = flakyModel('judge-3')
    const kept = new Map<string, unknown>()
    const cache = {
      get: async (key: string) => kept.get(key),
      set: async (key: string, _model: string, answer: unknown) => void kept.set(key, answer),
    }
    const schema = z.object({ answers: z.array(z.object({ question_id: z.number() })) })
    const messages: ChatMessage[] = [{ role: 'user', content: 'Score this' }]
    await cachedLlm(llm, cache).json(messages, schema)
    for (const key of kept.keys()) kept.set(key, { something: 'else' })
    await cachedLlm(llm, cache).json(messages, schema)
    expect(asked).toHaveLength(2)
    const broken = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) }
    await expect(cachedLlm(llm, broken).json(messages, schema)).resolves.toMatchObject({
      answers: [{ question_id: 11 }],
    })
  })

  it('asks again when told to (fresh), and keeps the new answer for the next time', async () => {
    const { llm, asked } = flakyModel('judge-4')
    const judge = cachedLlm(llm, databaseAnswerCache(database.db))
    const schema = z.object({ answers: z.array(z.object({ question_id: z.number(), value: z.string() })) })
    const messages: ChatMessage[] = [{ role: 'user', content: 'Summarise again' }]
    await judge.json(messages, schema)
    const again = await judge.json(messages, schema, { fresh: true })
    expect(asked).toHaveLength(2)
    expect(await judge.json(messages, schema)).toEqual(again)
    expect(asked).toHaveLength(2)
  })
})
