import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  emotionAnalysis,
  emotions,
  profanityResult,
  sentimentAnalysis,
  sentimentTiming,
  wordCloudData,
  type TranscriptSegment,
} from '#contract/evaluations'
import { paths } from '#contract/paths'
import { recordings } from '#api/db/schema'
import { createAnalysisCache } from '#api/modules/evaluations/store/analysis'
import { makeEvaluation } from '#api/modules/evaluations/fixtures'
import { setupEvaluationWorld, type Person, type Who } from '#api/modules/evaluations/test-setup'
import type { TestApp } from '#api/test-utils'

const angryCall: TranscriptSegment[] = [
  { speaker: 'agent', start: 0, end: 5, text: 'Good morning, thank you for calling, my name is Sam, how can I help?' },
  {
    speaker: 'customer',
    start: 5,
    end: 12,
    text: 'This is ridiculous. I have been charged twice and I am furious about it.',
  },
  {
    speaker: 'agent',
    start: 12,
    end: 18,
    text: 'I am sorry about that. Can I verify your date of birth? I will refund the charge.',
  },
  { speaker: 'customer', start: 40, end: 46, text: 'What the fuck, this is the third time the charge has happened.' },
  { speaker: 'agent', start: 46, end: 52, text: 'I understand. The refund is confirmed.' },
  { speaker: 'customer', start: 52, end: 58, text: 'Okay. Thank you.' },
]

let t: TestApp
let as: Record<Who, Person>
let angry: number
let angryRecording: number

const get = (path: string, id: number, who: Who = 'auditor') =>
  t.app.inject({ method: 'GET', url: `${path}?call_evaluation_id=${id}`, headers: as[who].auth })
const profanity = (id: unknown, who: Who = 'auditor') =>
  t.app.inject({
    method: 'PUT',
    url: paths.profanityIdentification,
    payload: { call_evaluation_id: id },
    headers: as[who].auth,
  })

beforeAll(async () => {
  const world = await setupEvaluationWorld()
  ;({ t, as } = world)
  const evaluation = await makeEvaluation(t.db, world.basics, {
    agentId: as.agent.id,
    templateVersionId: world.versionId,
    segments: angryCall,
  })
  angry = evaluation.id
  angryRecording = evaluation.recordingId
})
afterAll(() => t.close())

describe('per-call analysis', () => {
  it('sentiment: per speaker, overall from the customer', async () => {
    const res = await get(paths.sentimentAnalysis, angry)
    expect(res.statusCode).toBe(200)
    const data = sentimentAnalysis.parse(res.json().data)
    expect(data.call_evaluation_id).toBe(angry)
    expect(data.customer.negative).toBeGreaterThanOrEqual(2)
    expect(data.customer.positive + data.customer.neutral + data.customer.negative).toBe(3)
    expect(data.agent.positive + data.agent.neutral + data.agent.negative).toBe(3)
    expect(data.overall).toBe('negative')
  })

  it('word cloud: content words with who said them', async () => {
    const data = wordCloudData.parse((await get(paths.sentimentWordCloud, angry)).json().data)
    expect(data.words.find((w) => w.word === 'charge')).toMatchObject({ count: 3, agent: 1, customer: 2 })
    expect(data.words.some((w) => w.word === 'the')).toBe(false)
  })

  it('timing: ten slices over the call', async () => {
    const data = sentimentTiming.parse((await get(paths.sentimentTiming, angry)).json().data)
    expect(data.points).toHaveLength(10)
    expect(data.points[0]).toMatchObject({ start_time: '00:00:00', start_seconds: 0 })
    expect(data.points[0].customer).toBeLessThan(0)
  })

  it('emotions: every emotion of the lexicon per speaker', async () => {
    const data = emotionAnalysis.parse((await get(paths.emotionAnalysis, angry)).json().data)
    expect(Object.keys(data.customer).sort()).toEqual([...emotions].sort())
    expect(data.customer.anger).toBeGreaterThan(0)
    expect(data.agent.anger).toBe(0)
  })

  it('profanity: who said it, when, censored', async () => {
    const res = await profanity(angry, 'visitor')
    expect(res.statusCode).toBe(200)
    const data = profanityResult.parse(res.json().data)
    expect(data.count).toBe(1)
    expect(data.hits[0]).toMatchObject({ speaker: 'customer', word: 'fuck', start_time: '00:00:40' })
    expect(data.hits[0].text).not.toContain('fuck')
  })

  it('a call without a transcript yet has empty results, not an error', async () => {
    await t.db.update(recordings).set({ segments: [] }).where(eq(recordings.id, angryRecording))
    try {
      expect(sentimentTiming.parse((await get(paths.sentimentTiming, angry)).json().data).points).toEqual([])
      expect(wordCloudData.parse((await get(paths.sentimentWordCloud, angry)).json().data).words).toEqual([])
      expect(profanityResult.parse((await profanity(angry)).json().data).count).toBe(0)
      const sentiment = sentimentAnalysis.parse((await get(paths.sentimentAnalysis, angry)).json().data)
      expect(sentiment).toMatchObject({ overall: 'neutral', customer: { score: null, positive: 0 } })
    } finally {
      await t.db.update(recordings).set({ segments: angryCall }).where(eq(recordings.id, angryRecording))
    }
    // the cache notices the transcript is back
    expect(wordCloudData.parse((await get(paths.sentimentWordCloud, angry)).json().data).words.length).toBeGreaterThan(
      0,
    )
  })

  it('agents only for their own calls; unknown 404; malformed 400', async () => {
    for (const path of [
      paths.sentimentAnalysis,
      paths.sentimentWordCloud,
      paths.sentimentTiming,
      paths.emotionAnalysis,
    ]) {
      expect((await get(path, angry, 'agent')).statusCode, path).toBe(200)
      expect((await get(path, angry, 'agent2')).statusCode, path).toBe(403)
      expect((await get(path, 99999)).statusCode, path).toBe(404)
      const bad = await t.app.inject({ method: 'GET', url: `${path}?call_evaluation_id=x`, headers: as.auditor.auth })
      expect(bad.statusCode, path).toBe(400)
      expect((await t.app.inject({ method: 'GET', url: `${path}?call_evaluation_id=${angry}` })).statusCode).toBe(401)
    }
    expect((await profanity(angry, 'agent2')).statusCode).toBe(403)
    expect((await profanity(99999)).statusCode).toBe(404)
    expect((await profanity('x')).statusCode).toBe(400)
  })
})

describe('the analysis cache', () => {
  const segments = (text: string): TranscriptSegment[] => [{ speaker: 'agent', start: 0, end: 2, text }]

  it('analyses a recording once per transcript and forgets the least recently used', () => {
    const cache = createAnalysisCache(2)
    const a = cache.get('r1', segments('Thank you for calling.'))
    expect(cache.get('r1', segments('Thank you for calling.'))).toBe(a)
    const edited = cache.get('r1', segments('Sorry for the wait.'))
    expect(edited).not.toBe(a)
    expect(edited[0].segment.text).toBe('Sorry for the wait.')
    const b = cache.get('r2', segments('Hello.'))
    cache.get('r1', segments('Sorry for the wait.'))
    cache.get('r3', segments('Goodbye.'))
    expect(cache.size).toBe(2)
    // 2 was the least recently used, so it went; 1 stayed
    expect(cache.get('r1', segments('Sorry for the wait.'))).toBe(edited)
    expect(cache.get('r2', segments('Hello.'))).not.toBe(b)
  })
})
