import { describe, expect, it } from 'vitest'
import { scoringBuckets, scoringEvents } from '#contract/agent-scoring'
import { nextBucket } from './state'

describe('the scoring state machine (docs/decisions/015)', () => {
  it('scores a pending item into ai_reviewed, and only a pending one', () => {
    expect(nextBucket('pending', 'scored')).toBe('ai_reviewed')
    for (const bucket of ['ai_reviewed', 'ai_accepted', 'ai_rejected'] as const) {
      expect(nextBucket(bucket, 'scored')).toBeNull()
    }
  })

  it('keeps a failed or not-scorable item in pending', () => {
    expect(nextBucket('pending', 'failed')).toBe('pending')
    expect(nextBucket('pending', 'not_scorable')).toBe('pending')
    expect(nextBucket('ai_reviewed', 'failed')).toBeNull()
  })

  it('decides a reviewed item, lets a decision be changed, and never decides a pending one', () => {
    expect(nextBucket('ai_reviewed', 'accepted')).toBe('ai_accepted')
    expect(nextBucket('ai_reviewed', 'rejected')).toBe('ai_rejected')
    expect(nextBucket('ai_accepted', 'rejected')).toBe('ai_rejected')
    expect(nextBucket('ai_rejected', 'accepted')).toBe('ai_accepted')
    expect(nextBucket('pending', 'accepted')).toBeNull()
    expect(nextBucket('pending', 'rejected')).toBeNull()
    // the same decision twice is not a change
    expect(nextBucket('ai_accepted', 'accepted')).toBeNull()
    expect(nextBucket('ai_rejected', 'rejected')).toBeNull()
  })

  it('claims only what is still to be worked, and never moves it', () => {
    expect(nextBucket('pending', 'claimed')).toBe('pending')
    expect(nextBucket('ai_reviewed', 'claimed')).toBe('ai_reviewed')
    expect(nextBucket('ai_accepted', 'claimed')).toBeNull()
  })

  it('creates items only as pending: no event leads back to creation', () => {
    for (const bucket of scoringBuckets) expect(nextBucket(bucket, 'created')).toBeNull()
    const reachable = new Set(
      scoringBuckets.flatMap((from) => scoringEvents.map((event) => nextBucket(from, event))).filter(Boolean),
    )
    expect([...reachable].sort()).toEqual([...scoringBuckets].sort())
  })
})
