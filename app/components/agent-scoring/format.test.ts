import { describe, expect, it } from 'vitest'
import {
  channelLabel,
  rejectReasons,
  scoringBucketLabel,
  scoringBuckets,
  scoringOrderings,
  SCORING_TEXT_MAX,
} from '#contract/agent-scoring'
import * as format from './format'

describe('agent scoring labels and formats', () => {
  it('copies the contract’s buckets, labels and orderings (the browser bundle takes no zod)', () => {
    expect(format.BUCKETS).toEqual([...scoringBuckets])
    expect(format.bucketLabel).toEqual(scoringBucketLabel)
    expect(format.channelLabel).toEqual(channelLabel)
    expect(Object.keys(format.reasonLabel)).toEqual([...rejectReasons])
    expect(format.PASTE_MAX).toBe(SCORING_TEXT_MAX)
    expect(format.orderingOptions.map((o) => o.value).sort()).toEqual(
      scoringOrderings.filter((o) => o !== 'confidence').sort(),
    )
  })

  it('says how long an item has waited', () => {
    expect(format.formatAge(20)).toBe('1 min')
    expect(format.formatAge(40 * 60)).toBe('40 min')
    expect(format.formatAge(5 * 3600 + 20 * 60)).toBe('5 h 20 min')
    expect(format.formatAge(3 * 86_400)).toBe('3 d')
    expect(format.formatAge(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h')
    expect(format.formatAge(null)).toBe('—')
  })

  it('says why a pending item needs attention', () => {
    expect(format.attentionReason({ failure_reason: null, not_scorable_reason: 'other_language' })).toBe(
      'Not scorable: in another language',
    )
    expect(format.attentionReason({ failure_reason: 'No speech found', not_scorable_reason: null })).toBe(
      'Scoring failed: No speech found',
    )
  })
})
