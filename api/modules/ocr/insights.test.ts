import { describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import type { ChatMessage, Llm } from '../../engines/llm/client'
import { answerQuestion, NO_ANSWER, passagesOf, unitsOf } from './insights'

const invoice = [
  'Northwind Traders Ltd',
  'Invoice number INV-1042',
  'Invoice date 2024-03-12',
  'Consulting services 100.00',
  'Subtotal 100.00',
  'VAT 18.00',
  'Total 118.00',
  'Please pay the balance within thirty days.',
  'Thank you for your business.',
].join('\n')

const letter = {
  page: 2,
  text: `Dear customer, your contract for the fibre line ends on
31 December 2025. After that date the monthly fee rises to 45.00. You can
cancel at any time by calling us.`,
}

function fakeLlm(answer: (messages: ChatMessage[]) => unknown) {
  const requests: ChatMessage[][] = []
  const llm: Llm = {
    model: 'fake',
    json: vi.fn(async <S extends z.ZodTypeAny>(messages: ChatMessage[], schema: S) => {
      requests.push(messages)
      return schema.parse(await answer(messages))
    }),
  }
  return { llm, requests }
}

describe('passages', () => {
  it('joins prose that wrapped onto the next line and cuts it into sentences', () => {
    expect(unitsOf(letter.text)).toEqual([
      'Dear customer, your contract for the fibre line ends on 31 December 2025.',
      'After that date the monthly fee rises to 45.00.',
      'You can cancel at any time by calling us.',
    ])
  })

  it('keeps the lines of a layout apart and groups a few of them per passage, never across pages', () => {
    const passages = passagesOf([{ page: 1, text: invoice }, letter])
    expect(passages.map((p) => p.units.length)).toEqual([3, 3, 3, 3])
    expect(passages[2]).toMatchObject({
      page: 1,
      text: 'Total 118.00 Please pay the balance within thirty days. Thank you for your business.',
    })
    expect(passages[3]!.page).toBe(2)
  })

  it('does not end a sentence at "No."', () => {
    expect(unitsOf('Invoice No. 5 is due. Pay now.')).toEqual(['Invoice No. 5 is due.', 'Pay now.'])
  })
})

describe('answerQuestion by retrieval', () => {
  const pages = [{ page: 1, text: invoice }, letter]

  it('answers "What is the total?" with the total line, and the passage it is in first', async () => {
    const answer = await answerQuestion(pages, 'What is the total?')
    expect(answer.engine).toBe('retrieval')
    expect(answer.answer).toBe('Total 118.00')
    expect(answer.passages[0]).toMatchObject({ page: 1 })
    expect(answer.passages[0]!.text).toContain('Total 118.00')
    expect(answer.passages.length).toBeLessThanOrEqual(3)
    const scores = answer.passages.map((p) => p.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
  })

  it('finds a code, a date and a synonym', async () => {
    expect((await answerQuestion(pages, 'What is the invoice number?')).answer).toBe('Invoice number INV-1042')
    expect((await answerQuestion(pages, 'When does the contract end?')).answer).toBe(
      'Dear customer, your contract for the fibre line ends on 31 December 2025.',
    )
    expect((await answerQuestion(pages, 'How much VAT was charged?')).answer).toBe('VAT 18.00')
    const fee = await answerQuestion(pages, 'What is the monthly fee?')
    expect(fee.answer).toBe('After that date the monthly fee rises to 45.00.')
    expect(fee.passages[0]!.page).toBe(2)
  })

  it('says plainly when the document does not say', async () => {
    await expect(answerQuestion(pages, 'Who won the football match?')).resolves.toEqual({
      question: 'Who won the football match?',
      answer: NO_ANSWER,
      passages: [],
      engine: 'retrieval',
    })
  })
})

describe('answerQuestion with an LLM', () => {
  const pages = [{ page: 1, text: invoice }]

  it('lets the model answer from the retrieved passages only', async () => {
    const { llm, requests } = fakeLlm(() => ({ answer: 'The total is 118.00.' }))
    const answer = await answerQuestion(pages, 'What is the total?', { llm })
    expect(answer).toMatchObject({ answer: 'The total is 118.00.', engine: 'llm' })
    expect(answer.passages[0]!.text).toContain('Total 118.00')
    const [system, user] = requests[0]!
    expect(system!.content).toContain(NO_ANSWER)
    expect(user!.content).toContain('[1] (page 1) Total 118.00')
    expect(user!.content).toContain('Question: What is the total?')
  })

  it('falls back to the quote when the model fails, and does not ask it when nothing matches', async () => {
    const errors: unknown[] = []
    const broken = fakeLlm(() => ({ wrong: 'shape' }))
    const answer = await answerQuestion(pages, 'What is the total?', {
      llm: broken.llm,
      onLlmError: (e) => errors.push(e),
    })
    expect(answer).toMatchObject({ answer: 'Total 118.00', engine: 'retrieval' })
    expect(errors).toHaveLength(1)

    const idle = fakeLlm(() => ({ answer: 'invented' }))
    const none = await answerQuestion(pages, 'Who won the football match?', { llm: idle.llm })
    expect(none.answer).toBe(NO_ANSWER)
    expect(idle.requests).toHaveLength(0)
  })
})
