import { describe, expect, it } from 'vitest'
import { intentClassifier, intentFeatures } from './intents'

const LOST = 1
const HOURS = 2
const FEES = 3

const classifier = intentClassifier([
  { label: LOST, text: 'I lost my card' },
  { label: LOST, text: 'My wallet was stolen with my debit card in it' },
  { label: LOST, text: 'How do I cancel a missing card?' },
  { label: HOURS, text: 'What time do you open on Saturday?' },
  { label: HOURS, text: 'Are your branches open on a Sunday?' },
  { label: HOURS, text: 'When do the phone lines close?' },
  { label: FEES, text: 'How much is the monthly account fee?' },
  { label: FEES, text: 'Do you charge for using my card abroad?' },
  { label: FEES, text: 'What are the overdraft charges?' },
])

const best = (text: string) => {
  const p = classifier.probabilities(intentFeatures(text))
  return [...p].sort((a, b) => b[1] - a[1])[0]!
}

describe('intentClassifier', () => {
  it('reads a question it was not trained on as the intent whose examples share its words', () => {
    expect(best('someone stole my card')[0]).toBe(LOST)
    expect(best('is the branch open saturdays')[0]).toBe(HOURS)
    expect(best('what fees do you charge each month')[0]).toBe(FEES)
  })

  it('answers a probability for every label, summing to one', () => {
    const p = classifier.probabilities(intentFeatures('lost card'))
    expect([...p.keys()].sort()).toEqual([LOST, HOURS, FEES])
    expect([...p.values()].reduce((s, v) => s + v, 0)).toBeCloseTo(1, 6)
    expect(p.get(LOST)!).toBeGreaterThan(0.5)
  })

  it('is unsure of a question none of its intents is about', () => {
    const [, surest] = best('can I get a mortgage for a new house')
    expect(surest).toBeLessThan(classifier.probabilities(intentFeatures('I lost my card')).get(LOST)!)
  })

  it('gives the same model for the same examples, and a sure answer when there is one intent', () => {
    const again = intentClassifier([
      { label: LOST, text: 'I lost my card' },
      { label: HOURS, text: 'What time do you open?' },
    ])
    const twice = intentClassifier([
      { label: LOST, text: 'I lost my card' },
      { label: HOURS, text: 'What time do you open?' },
    ])
    expect([...again.probabilities(intentFeatures('card gone'))]).toEqual([
      ...twice.probabilities(intentFeatures('card gone')),
    ])
    expect(intentClassifier([{ label: FEES, text: 'fees' }]).probabilities(intentFeatures('anything'))).toEqual(
      new Map([[FEES, 1]]),
    )
  })

  it('reads a follow-up with the question before it at a lower weight', () => {
    const features = intentFeatures('and on sundays?')
    intentFeatures('when do you open', 0.6, features)
    expect(features.get('w:open')).toBeCloseTo(0.6)
    expect(best('and on sundays?')[0]).toBe(HOURS)
  })
})
