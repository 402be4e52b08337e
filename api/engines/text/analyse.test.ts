import { describe, expect, it } from 'vitest'
import type { Segment } from '../scoring/match'
import { analyse, emotionProfile, findProfanity, sentimentSummary, sentimentTimeline, wordCloud } from './analyse'

const call: Segment[] = [
  { speaker: 'agent', start: 0, end: 5, text: 'Good morning, thank you for calling, how can I help?' },
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
    text: 'I am sorry about that. I can see the duplicate charge and I will refund it.',
  },
  { speaker: 'customer', start: 40, end: 46, text: 'What the fuck, this is the third time the charge has happened.' },
  {
    speaker: 'agent',
    start: 46,
    end: 52,
    text: 'I understand. The refund is confirmed and you will see it in three working days.',
  },
  { speaker: 'customer', start: 52, end: 58, text: 'Okay, brilliant. Thank you so much, that was really helpful.' },
]

describe('the text engines', () => {
  const analysed = analyse(call)

  it('reads each utterance as positive or negative', () => {
    expect(analysed[1].sentiment).toBeLessThan(0)
    expect(analysed[5].sentiment).toBeGreaterThan(0.3)
    const summary = sentimentSummary(analysed)
    expect(summary.customer).toMatchObject({ positive: 1, negative: 2 })
    expect(summary.agent.score).toBeGreaterThan(summary.customer.score!)
  })

  it('follows sentiment over the call, per speaker, with gaps where a speaker is silent', () => {
    const timeline = sentimentTimeline(analysed, 4)
    expect(timeline.map((p) => p.start_time)).toEqual(['00:00:00', '00:00:14', '00:00:29', '00:00:43'])
    expect(timeline[0].customer).toBeLessThan(0)
    expect(timeline[1]).toMatchObject({ agent: null, customer: null })
    expect(timeline[3].customer).toBeGreaterThan(0)
    expect(sentimentTimeline([], 4)).toEqual([])
  })

  it('counts content words by lemma, with who said them', () => {
    const cloud = wordCloud(analysed)
    const charge = cloud.find((w) => w.word === 'charge')!
    // "charged", "charge", "charge": one lemma, said by both
    expect(charge).toMatchObject({ count: 3, agent: 1, customer: 2 })
    expect(cloud[0].word).toBe('charge')
    expect(cloud.some((w) => ['the', 'and', 'is'].includes(w.word))).toBe(false)
    expect(cloud.find((w) => w.word === 'refund')).toMatchObject({ count: 2, agent: 2, customer: 0 })
  })

  it("leaves people's and companies' names and stray punctuation out of the word cloud", () => {
    const named = analyse([
      { speaker: 'agent', start: 0, end: 4, text: 'Thank you for calling Acme Bank, my name is Priya.' },
      { speaker: 'customer', start: 4, end: 9, text: 'Hi Priya, this is Rebecca Stone. My refund is late, again.' },
    ])
    const words = wordCloud(named).map((w) => w.word)
    expect(words).toContain('refund')
    for (const name of ['priya', 'rebecca', 'stone', 'acme']) expect(words).not.toContain(name)
    expect(words.every((w) => /^[\p{L}\p{N}-]+$/u.test(w))).toBe(true)
  })

  it("profiles each speaker's emotions from the lexicon", () => {
    const profile = emotionProfile(analysed)
    expect(profile.customer.anger).toBeGreaterThan(0)
    expect(profile.customer.gratitude).toBeGreaterThan(0)
    expect(profile.agent.anger).toBe(0)
    expect(profile.agent.trust).toBeGreaterThan(0)
  })

  it('finds profanity, says who said it and when, and censors it', () => {
    const hits = findProfanity(call)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ speaker: 'customer', word: 'fuck', start_time: '00:00:40' })
    expect(hits[0].text).not.toContain('fuck')
    expect(hits[0].text).toMatch(/^What the \S{4}, this is the third time/)
    expect(findProfanity([{ speaker: 'agent', start: 0, end: 2, text: 'Let me assess the class schedule.' }])).toEqual(
      [],
    )
    expect(findProfanity([{ speaker: 'agent', start: 0, end: 2, text: 'this is sh1t' }])).toHaveLength(1)
  })
})
