import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { templateInput } from '#contract/templates'
import { scoreTranscript, type Segment } from '#api/engines/scoring/score'
import { seedDemo } from '#api/seed/seed'
import { demoTemplates } from '#api/seed/templates-data'
import { getTemplate, listTemplates } from '#api/modules/templates/store'
import { toEngineTemplate } from '#api/modules/templates/to-engine'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
beforeAll(async () => {
  t = await setupTestApp()
})
afterAll(() => t.close())

const goodCall: Segment[] = [
  {
    speaker: 'agent',
    start: 0,
    end: 7,
    text: 'Good morning, thank you for calling Acme Bank, my name is Priya. How can I help you?',
  },
  { speaker: 'customer', start: 7.5, end: 12, text: 'Hi, I was charged twice and I would like my money back.' },
  {
    speaker: 'agent',
    start: 12.5,
    end: 19,
    text: 'I understand. Before we go on, could you confirm your full name and verify your date of birth?',
  },
  { speaker: 'customer', start: 19.5, end: 23, text: 'Dana Whitfield, fourth of May 1986.' },
  {
    speaker: 'agent',
    start: 40,
    end: 52,
    text: 'Thanks for holding. I can see the problem. What I will do is reverse the second charge; refunds take three to five working days.',
  },
  { speaker: 'agent', start: 80, end: 85, text: 'Is there anything else I can help with today?' },
  { speaker: 'customer', start: 85.5, end: 87, text: "No, that's everything, thanks." },
  { speaker: 'agent', start: 88, end: 92, text: 'Thank you for calling, have a great day.' },
]

describe('demo QA templates', () => {
  it('are valid templates by the contract', () => {
    for (const template of demoTemplates) {
      const parsed = templateInput.safeParse(template)
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
      expect(template.categories.length).toBeGreaterThanOrEqual(4)
      expect(template.categories.filter((c) => c.auto_failed)).toHaveLength(1)
    }
  })

  it('are seeded once, authored by the QA supervisor', async () => {
    await seedDemo(t.db)
    expect((await seedDemo(t.db)).templatesCreated).toBe(0)
    const { rows } = await listTemplates(t.db, { status: 'active', limit: 10, offset: 0 })
    expect(rows.map((r) => r.name).sort()).toEqual(['Collections compliance', 'Inbound customer service'])
    expect(rows.every((r) => r.updated_by === 'Daniel Okafor')).toBe(true)
  })

  it('score a well-handled inbound call high, and the same call without identity checks at 0', async () => {
    const { rows } = await listTemplates(t.db, { q: 'Inbound', status: 'active', limit: 1, offset: 0 })
    const inbound = toEngineTemplate((await getTemplate(t.db, rows[0].template_internal_id))!)
    const good = scoreTranscript(inbound, goodCall)
    expect(good.auto_fail).toBe(false)
    expect(good.score).toBeGreaterThanOrEqual(80)
    const refund = good.categories[2].questions[2]
    expect(refund).toMatchObject({ value: 'yes', evaluation_key_word: 'refunds take' })

    const unverified = goodCall.map((s) =>
      s.start === 12.5 ? { ...s, text: 'I understand, let me look at that for you.' } : s,
    )
    expect(scoreTranscript(inbound, unverified)).toMatchObject({ score: 0, auto_fail: true })
  })
})
