import { describe, expect, it } from 'vitest'
import { seededKnowledge } from '#tests/fixtures/chatbot/seeded-index'
import { answerFromKnowledge, checkCitations, DONT_KNOW } from './answer'
import { ANSWER_CONFIDENCE, answerConfidence, fitAnswerability } from './answerability'

const { campaignIds, index } = seededKnowledge()
const acme = campaignIds.get('ACME-RETAIL')!
const contoso = campaignIds.get('CONTOSO-PATIENT')!

const ask = (campaignId: number, message: string, previous?: string[]) =>
  answerFromKnowledge(index, { campaignId, message, previous })

describe('answerFromKnowledge on the seeded knowledge base', () => {
  it('answers a question told as a story, though most of its words are not in any article', () => {
    const reply = ask(
      acme,
      "I took out a loan with you last year for my kitchen and I've had a bit of a windfall from my nan, can I pay the rest off early without a penalty?",
    )
    expect(reply.dontKnow).toBe(false)
    expect(reply.confidence).toBeGreaterThanOrEqual(ANSWER_CONFIDENCE)
    expect(reply.citations[0]!.chunk.title).toBe('Paying off your loan early or overpaying')
    expect(reply.answer).toMatch(/\[1\]/)
  })

  it('finds the article a rare word names, not the one a common word fills ("translator" against "appointment")', () => {
    const reply = ask(contoso, 'my mum only speaks Polish, can we get a translator for her appointment?')
    expect(reply.retrieved[0]!.title).toBe('Interpreters and accessibility')
  })

  it('says it does not know what no article covers, and offers the closest articles', () => {
    for (const question of [
      'Can I get a mortgage with you?',
      'Can I open an ISA with you?',
      'Do you do car insurance?',
    ]) {
      const reply = ask(acme, question)
      expect(reply.dontKnow, question).toBe(true)
      expect(reply.answer).toBe(DONT_KNOW)
      expect(reply.citations).toEqual([])
    }
    expect(ask(acme, 'Can I open an ISA with you?').closest.length).toBeGreaterThan(0)
  })

  it('reads a follow-up with the question before it', () => {
    const alone = ask(acme, 'and on saturdays?')
    const followUp = ask(acme, 'and on saturdays?', ['What time do your phone lines open?'])
    expect(followUp.dontKnow).toBe(false)
    expect(followUp.citations[0]!.chunk.title).toMatch(/opening hours/i)
    expect(followUp.confidence).toBeGreaterThan(alone.confidence)
  })

  it('cites only chunks retrieved for the answer', () => {
    const reply = ask(acme, 'I forgot my PIN')
    for (const c of reply.citations) expect(reply.retrieved).toContain(c.chunk)
    const checked = checkCitations('Call us [1]. Or see [7] and [0].', reply.retrieved.slice(0, 2))
    expect(checked.text).toBe('Call us [1]. Or see and.')
    expect(checked.citations.map((c) => c.n)).toEqual([1])
  })
})

describe('answerability', () => {
  it('is more confident the more of the question a chunk covers, the clearer its lead, the stronger its match, the nearer a question its article answers and the surer the intent classifier', () => {
    const base = { coverage: 0.5, margin: 1.5, strength: 60, nearestQuestion: 0.5, intent: 0.3 }
    const c = answerConfidence(base)
    expect(answerConfidence({ ...base, coverage: 0.9 })).toBeGreaterThan(c)
    expect(answerConfidence({ ...base, margin: 4 })).toBeGreaterThan(c)
    expect(answerConfidence({ ...base, strength: 200 })).toBeGreaterThan(c)
    expect(answerConfidence({ ...base, nearestQuestion: 0.9 })).toBeGreaterThan(c)
    expect(answerConfidence({ ...base, intent: 0.9 })).toBeGreaterThan(c)
  })

  it('fits weights that tell answered examples from unanswered ones', () => {
    const examples = [
      ...[0.9, 0.8, 1, 0.7].map((coverage) => ({
        signals: { coverage, margin: 3, strength: 150, nearestQuestion: coverage, intent: coverage },
        answers: true,
      })),
      ...[0.2, 0.3, 0.1, 0.4].map((coverage) => ({
        signals: { coverage, margin: 1.1, strength: 20, nearestQuestion: 0, intent: 0.1 },
        answers: false,
      })),
    ]
    const weights = fitAnswerability(examples)
    for (const e of examples) expect(answerConfidence(e.signals, weights) >= 0.5).toBe(e.answers)
  })
})
