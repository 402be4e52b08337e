import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordings } from '../../../db/schema'
import { goodCall } from '../../evaluations/fixtures'
import { setupTestApp, type TestApp } from '../../../test-utils'
import { recordingSentiment } from '../../../engines/text/sentiment'
import { fillRecordingSentiment } from './sentiment'
import { sentimentSummary, analyse } from '../../../engines/text/analyse'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

const angry = [
  { speaker: 'customer' as const, start: 0, end: 3, text: 'This is terrible, I am furious and disgusted.' },
  { speaker: 'agent' as const, start: 3, end: 6, text: 'I am sorry to hear that.' },
]

describe('recording sentiment', () => {
  it("is each speaker's mean, as sentiment_analysis/ reports it", () => {
    const summary = sentimentSummary(analyse(goodCall))
    expect(recordingSentiment(goodCall)).toEqual({ customer: summary.customer.score, agent: summary.agent.score })
    expect(recordingSentiment(angry).customer).toBeLessThan(0)
    expect(recordingSentiment([{ speaker: 'agent', start: 0, end: 1, text: 'Hello.' }]).customer).toBeNull()
  })

  it('fills the columns of transcribed recordings that have none, once', async () => {
    const rows = await t.db
      .insert(recordings)
      .values([
        { status: 'completed', segments: goodCall },
        { status: 'completed', segments: angry },
        { status: 'pending', segments: [] },
      ])
      .returning({ id: recordings.id })
    expect(await fillRecordingSentiment(t.db, { batch: 1 })).toBe(2)
    const read = () =>
      t.db
        .select({ id: recordings.id, customer: recordings.customerSentiment, agent: recordings.agentSentiment })
        .from(recordings)
        .orderBy(recordings.id)
    const [good, bad, pending] = await read()
    expect(good.id).toBe(rows[0].id)
    expect(good.customer).toBeCloseTo(recordingSentiment(goodCall).customer!, 5)
    expect(good.agent).toBeCloseTo(recordingSentiment(goodCall).agent!, 5)
    expect(bad.customer).toBeLessThan(0)
    expect(pending).toMatchObject({ customer: null, agent: null })
    expect(await fillRecordingSentiment(t.db)).toBe(0)
  })
})
