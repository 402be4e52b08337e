import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NO_ACTION_ITEMS, summarizeExtractive, summaryTypes, toTurns, type SummaryType } from '.'
import { scoredSentences } from './extractive'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

type Facts = Partial<Record<SummaryType, (string | RegExp)[]>>

/**
 * What a person writing each summary by hand would keep, per fixture and type, and what would be
 * a mistake to include (greetings, closings, security answers).
 */
const calls: { file: string; keep: Facts; drop: (string | RegExp)[] }[] = [
  {
    file: 'billing-dispute.txt',
    keep: {
      brief: ['84.20', /refund/i],
      detailed: [/charged twice/, '84.20', /refund the duplicate payment/, 'RF-20931', 'Friday the 14th'],
      bullet_points: ['84.20', /refund/, 'RF-20931'],
      action_items: [/Agent: I'm going to refund/, /email confirming the refund/, /Friday the 14th/],
      call_notes: [/^Reason for contact: .*charged twice/m, /^Resolution: .*refund .*RF-20931/m, /Friday the 14th/],
    },
    drop: ['1979', '22 Mill Lane', /lovely day/],
  },
  {
    file: 'card-lost.txt',
    keep: {
      brief: [/lost my debit card/, /replacement card/],
      detailed: ['4417', 'FC-558102', '£4.50', /replacement card.*five working days/],
      bullet_points: ['FC-558102', /replacement card/],
      action_items: [/fraud claim/, /replacement card/, /Customer \(asked by Agent\): .*cut it up/],
      call_notes: [/^Reason for contact: .*lost my debit card/m, /^Resolution: .*FC-558102/m, /cut it up/],
    },
    drop: ['BS3 4QT', 'Sarah Okafor', /through to Harbour Bank/],
  },
  {
    file: 'address-change.txt',
    keep: {
      brief: [/change the address/, /updated the address/],
      detailed: ['14 Elm Road', 'LS6 2AB', '28th of May', '£298'],
      bullet_points: ['28th of May', '£14'],
      action_items: [
        /Speaker 1: I'll email your updated policy documents today/,
        /Speaker 2 \(asked by Speaker 1\): Please check/,
      ],
      call_notes: [
        /^Reason for contact: .*moved house/m,
        /^Resolution: .*updated the address/m,
        /^- .*within fourteen days/m,
      ],
    },
    drop: ['1988', /Enjoy the new home/],
  },
  {
    file: 'technical-fault.txt',
    keep: {
      brief: [/broadband keeps dropping/, /Thursday the 12th of June/],
      detailed: ['12th of June', '8am and 1pm', 'FLT-77812', '£20', /line test has found a fault/],
      bullet_points: ['12th of June', 'FLT-77812'],
      action_items: [/booked the engineer/, /over eighteen/, /text the day before/],
      call_notes: [
        /^Reason for contact: .*broadband keeps dropping/m,
        /^Resolution: .*12th of June.*FLT-77812/m,
        /over eighteen/,
      ],
    },
    drop: ['8 Station Road', 'Helen Price'],
  },
  {
    file: 'cancellation-retention.txt',
    keep: {
      brief: [/cancel my contract/, '£18'],
      detailed: ['£32', '£18', '24 months', '1st of May'],
      bullet_points: ['£32', '£18'],
      action_items: [/text and an email today/, /1st of May/],
      call_notes: [
        /^Reason for contact: .*cancel my contract/m,
        /^Resolution: .*switched you to the loyalty plan/m,
        /1st of May/,
      ],
    },
    drop: ['1990', '07700 900461', /recorded for training/],
  },
  {
    file: 'asr-late-fee.txt',
    keep: {
      brief: [/late payment fee of twelve pounds/, /remove the twelve pound late fee/],
      detailed: [/twentieth/, 'four four seven one nine', 'fourteen pounds thirty'],
      bullet_points: [/twelve pound/, /twentieth/],
      action_items: [/Agent: .*remove the twelve pound late fee/, /Agent: I'll send a letter/],
      call_notes: [
        /^Reason for contact: .*late payment fee/m,
        /^Resolution: .*remove the twelve pound late fee/m,
        'four four seven one nine',
      ],
    },
    drop: ['nineteen eighty five', 'daniel roberts'],
  },
]

/** Never in any summary of any call. */
const neverKept = [
  /thanks? (you )?for calling/i,
  /how (can|may) I help/i,
  /\bbye\b/i,
  /date of birth/i,
  /anything else/i,
  /\bum\b/i,
]

const has = (text: string, fact: string | RegExp) => (typeof fact === 'string' ? text.includes(fact) : fact.test(text))

describe('summarizeExtractive on contact-centre calls', () => {
  for (const call of calls) {
    describe(call.file, () => {
      const text = fixture(call.file)
      for (const type of summaryTypes) {
        it(`${type}: keeps the facts, drops greetings and security answers`, () => {
          const { summary } = summarizeExtractive(text, type)
          for (const fact of call.keep[type] ?? [])
            expect(has(summary, fact), `${String(fact)} in\n${summary}`).toBe(true)
          for (const noise of [...neverKept, ...call.drop])
            expect(has(summary, noise), `${String(noise)} in\n${summary}`).toBe(false)
        })
      }
    })
  }
})

describe('the shape of each type', () => {
  const text = fixture('technical-fault.txt')
  const total = scoredSentences(text).length

  it('brief: two or three sentences', () => {
    const { sentences, summary } = summarizeExtractive(text, 'brief')
    expect(sentences.length).toBeGreaterThanOrEqual(2)
    expect(sentences.length).toBeLessThanOrEqual(3)
    expect(summary.split('\n').every((l) => /^(Customer|Agent): /.test(l))).toBe(true)
  })

  it('detailed: about a fifth of the sentences, in their original order', () => {
    const { sentences } = summarizeExtractive(text, 'detailed')
    expect(sentences.length).toBeGreaterThanOrEqual(Math.floor(total * 0.15))
    expect(sentences.length).toBeLessThanOrEqual(Math.ceil(total * 0.3))
    const turns = sentences.map((s) => s.turn)
    expect(turns).toEqual([...turns].sort((a, b) => a - b))
  })

  it('bullet_points and action_items: "- " lines', () => {
    for (const type of ['bullet_points', 'action_items'] as const) {
      const lines = summarizeExtractive(text, type).summary.split('\n')
      expect(lines.length).toBeGreaterThan(1)
      for (const line of lines) expect(line).toMatch(/^- \S/)
    }
  })

  it('call_notes: reason for contact, resolution and follow-ups', () => {
    expect(summarizeExtractive(text, 'call_notes').summary).toMatch(
      /^Reason for contact: [^\n]+\nResolution: [^\n]+\nFollow-ups:(\n- [^\n]+)+$/,
    )
  })

  it('tells the agent from the customer by what they say, not by who speaks first', () => {
    const swapped = fixture('address-change.txt').replace(/Speaker ([12])/g, (_, n) => `Speaker ${n === '1' ? 2 : 1}`)
    expect(summarizeExtractive(swapped, 'action_items').summary).toMatch(
      /^- Speaker 2: The £14 difference .*\n- Speaker 2: I'll email .*\n- Speaker 1 \(asked by Speaker 2\): Please check/,
    )
  })

  it('maxSentences bounds the summary', () => {
    expect(summarizeExtractive(text, 'detailed', { maxSentences: 3 }).sentences).toHaveLength(3)
    expect(summarizeExtractive(text, 'bullet_points', { maxSentences: 2 }).summary.split('\n')).toHaveLength(2)
  })

  it('action_items says so when nothing was promised', () => {
    const call = `Agent: Thanks for calling City Library, how can I help?
Customer: Hi, what time do you close on Saturdays?
Agent: We close at four o'clock on Saturdays and we're closed on Sundays.
Customer: Okay, great, thanks.
Agent: You're welcome, bye.`
    expect(summarizeExtractive(call, 'action_items')).toMatchObject({ summary: NO_ACTION_ITEMS, sentences: [] })
    expect(summarizeExtractive(call, 'call_notes').summary).toMatch(/Follow-ups:\n- None$/)
  })

  it('summarises a document (no speakers) with the same types', () => {
    const doc = `Quarterly service report

Complaints about double charges rose sharply in March: 340 customers were charged twice when the payment system retried successful payments.
Average handling time fell from 6 minutes 10 seconds to 5 minutes 40 seconds after the new billing screen went live on 3 March.
The centre handled 12,400 calls in March, up 8% on February.

Actions
- The payments team will fix the retry logic by 30 April.
- Team leaders must review all refunds over £100.`
    expect(summarizeExtractive(doc, 'brief').summary).toMatch(/charged twice/)
    expect(summarizeExtractive(doc, 'action_items').summary).toBe(
      '- The payments team will fix the retry logic by 30 April.\n- Team leaders must review all refunds over £100.',
    )
  })

  it('returns an empty summary for empty input', () => {
    expect(summarizeExtractive('', 'brief')).toEqual({ summary: '', engine: 'extractive', sentences: [] })
    expect(summarizeExtractive([], 'action_items').summary).toBe(NO_ACTION_ITEMS)
  })
})

describe('maximal marginal relevance', () => {
  it('never keeps two sentences that say the same thing', () => {
    // the agent reads the new address back word for word
    const detailed = summarizeExtractive(fixture('address-change.txt'), 'detailed').summary
    expect(detailed.match(/14 Elm Road/g)).toHaveLength(1)

    const repeated = `Customer: I'm calling because I was charged twice for my March bill, two payments of £60.
Agent: I'm sorry, let me look into that for you.
Customer: Yes I was charged twice for my March bill, two payments of £60 went out.
Agent: I can see both payments of £60 on the account.
Customer: So I was charged twice for the March bill, that's two payments of £60.
Agent: I'll refund the second £60 payment today and you'll see it within five working days.
Customer: Thanks.`
    for (const type of ['brief', 'detailed', 'bullet_points'] as const) {
      const { summary } = summarizeExtractive(repeated, type)
      expect(summary.match(/charged twice/g), summary).toHaveLength(1)
      expect(summary).toMatch(/refund the second £60 payment/)
    }
  })
})

describe('determinism and speed', () => {
  it('gives the same answer every time, from a string or from its turns', () => {
    const text = fixture('card-lost.txt')
    for (const type of summaryTypes) {
      const first = summarizeExtractive(text, type)
      expect(summarizeExtractive(text, type)).toEqual(first)
      expect(summarizeExtractive(toTurns(text), type)).toEqual(first)
    }
  })

  it('summarises a 30-minute call (about 4,500 words) well under a second', () => {
    const files = ['billing-dispute.txt', 'card-lost.txt', 'technical-fault.txt', 'cancellation-retention.txt']
    const parts: string[] = []
    while (parts.join(' ').split(/\s+/).length < 4_500) parts.push(fixture(files[parts.length % files.length]))
    const call = parts.join('\n')
    summarizeExtractive(call, 'brief') // loads the language model
    for (const type of summaryTypes) {
      // the best of three, so a busy test machine does not decide the figure
      const times = [0, 1, 2].map(() => {
        const start = performance.now()
        expect(summarizeExtractive(call, type).summary.length).toBeGreaterThan(0)
        return performance.now() - start
      })
      expect(Math.min(...times), type).toBeLessThan(1_000)
    }
  })
})
