import { describe, expect, it } from 'vitest'
import { HttpError } from '../../lib/http-error'
import { chatFromJson, chatFromText, emailFromEml, emailFromText, type Sides } from './conversation'

const sides: Sides = { agentNames: ['Priya Shah'], client: 'Acme Bank' }

describe('a pasted chat', () => {
  it('reads role labels and the agent’s own name, and joins unlabelled lines to the message above', () => {
    const turns = chatFromText(
      [
        'Customer: hi, my card was declined',
        'Priya: Thanks for messaging Acme Bank, I can help with that.',
        'Could you confirm your date of birth?',
        'CUSTOMER: 4 May 1988',
        'agent: Thanks, the card is unblocked.',
      ].join('\n'),
      sides,
    )
    expect(turns).toEqual([
      { speaker: 'customer', text: 'hi, my card was declined' },
      {
        speaker: 'agent',
        text: 'Thanks for messaging Acme Bank, I can help with that. Could you confirm your date of birth?',
      },
      { speaker: 'customer', text: '4 May 1988' },
      { speaker: 'agent', text: 'Thanks, the card is unblocked.' },
    ])
  })

  it('keeps timestamps as seconds from the first message', () => {
    const turns = chatFromText(
      '[10:02] Customer: hello\n[10:03] Agent: Hi, Priya here.\n[10:05] Customer: thanks',
      sides,
    )
    expect(turns.map((t) => t.start)).toEqual([0, 60, 180])
  })

  it('reads times from 00: as minutes and seconds into the chat', () => {
    const turns = chatFromText('[00:05] Customer: hello\n[00:42] Agent: Hi, Priya here.', sides)
    expect(turns.map((t) => t.start)).toEqual([0, 37])
  })

  it('drops times that run backwards rather than guess', () => {
    const turns = chatFromText('[10:05] Customer: hello\n[10:02] Agent: Hi', sides)
    expect(turns.every((t) => t.start === undefined)).toBe(true)
  })

  it('does not take a sentence with a dash for a label', () => {
    const turns = chatFromText('Customer: I paid - twice - this month', sides)
    expect(turns).toEqual([{ speaker: 'customer', text: 'I paid - twice - this month' }])
  })

  it('says how to write it when the first line has no label (422)', () => {
    expect(() => chatFromText('hello there\nAgent: hi', sides)).toThrow(HttpError)
    try {
      chatFromText('hello there', sides)
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(422)
      expect((error as HttpError).errors?.text?.[0]).toMatch(/Agent: Hello/)
    }
  })
})

describe('a chat as JSON', () => {
  it('takes a list of turns with optional times', () => {
    const json = JSON.stringify([
      { speaker: 'customer', text: 'hi', at: 5 },
      { speaker: 'agent', text: 'Hello, Priya here', at: 9 },
    ])
    expect(chatFromJson(Buffer.from(json))).toEqual([
      { speaker: 'customer', text: 'hi', start: 0 },
      { speaker: 'agent', text: 'Hello, Priya here', start: 4 },
    ])
  })

  it('refuses anything else with a clear message', () => {
    expect(() => chatFromJson(Buffer.from('{not json'))).toThrow('not valid JSON')
    expect(() => chatFromJson(Buffer.from('[{"speaker":"bot","text":"hi"}]'))).toThrow('list of')
    expect(() => chatFromJson(Buffer.from('[]'))).toThrow('list of')
  })
})

const thread = [
  'Dear Mr Jones,',
  '',
  'Thank you for your e-mail. I have refunded the duplicate charge of £42.',
  '',
  'Kind regards,',
  'Priya Shah, Acme Bank',
  '',
  'On Mon, 3 Nov 2026 at 09:12, Tom Jones <tom@example.com> wrote:',
  '> Hello, I was charged twice for the same order.',
  '> Tom',
].join('\n')

describe('an e-mail thread', () => {
  it('comes out oldest first, each message on its sender’s side', () => {
    expect(emailFromText(thread, sides)).toEqual([
      { speaker: 'customer', text: 'Hello, I was charged twice for the same order. Tom' },
      {
        speaker: 'agent',
        text: 'Dear Mr Jones, Thank you for your e-mail. I have refunded the duplicate charge of £42. Kind regards, Priya Shah, Acme Bank',
      },
    ])
  })

  it('splits an Outlook-style thread at its From: headers', () => {
    const outlook = [
      'Hi Tom, the refund is on its way. Priya',
      '-----Original Message-----',
      'From: Tom Jones <tom@example.com>',
      'Sent: 3 November 2026 09:12',
      'Subject: Double charge',
      'I was charged twice.',
    ].join('\n')
    expect(emailFromText(outlook, sides).map((t) => [t.speaker, t.text])).toEqual([
      ['customer', 'I was charged twice.'],
      ['agent', 'Hi Tom, the refund is on its way. Priya'],
    ])
  })

  it('reads an .eml: the sender decides the top message’s side', async () => {
    const eml = [
      'From: Priya Shah <priya.shah@acmebank.example>',
      'To: Tom Jones <tom@example.com>',
      'Subject: Re: Double charge',
      'Content-Type: text/plain; charset=utf-8',
      '',
      thread,
    ].join('\r\n')
    const turns = await emailFromEml(Buffer.from(eml), sides)
    expect(turns.map((t) => t.speaker)).toEqual(['customer', 'agent'])
    expect(turns[1]!.text).toContain('refunded the duplicate charge')
  })

  it('takes a customer’s .eml as the customer’s', async () => {
    const eml = 'From: Tom Jones <tom@example.com>\r\nSubject: Help\r\n\r\nMy card is blocked, please call me.'
    expect(await emailFromEml(Buffer.from(eml), sides)).toEqual([
      { speaker: 'customer', text: 'My card is blocked, please call me.' },
    ])
  })
})
