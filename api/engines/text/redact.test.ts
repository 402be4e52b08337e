import { describe, expect, it } from 'vitest'
import { luhn, redactSegments } from './redact'

type Seg = { speaker: 'agent' | 'customer'; start: number; end: number; text: string }
const said = (text: string, speaker: Seg['speaker'] = 'customer', start = 0): Seg => ({
  speaker,
  start,
  end: start + 5,
  text,
})
const redact = (text: string) => redactSegments([said(text)])
const textOf = (text: string) => redact(text).segments[0].text

describe('redacting card numbers', () => {
  it('replaces a card number written as digits when it passes the Luhn check', () => {
    const { segments, redactions } = redact('Sure, it is 4111 1111 1111 1111, expiry next year.')
    expect(segments[0].text).toBe('Sure, it is [card number], expiry next year.')
    expect(redactions).toEqual([
      { kind: 'card', segmentIndex: 0, original: '4111 1111 1111 1111', replacement: '[card number]' },
    ])
  })

  it('reads dashes, a run without spaces and 13 to 19 digits', () => {
    expect(textOf('card 4012-8888-8888-1881 ok')).toBe('card [card number] ok')
    expect(textOf('number 5555555555554444')).toBe('number [card number]')
    expect(textOf('amex 378282246310005 thanks')).toBe('amex [card number] thanks')
    expect(textOf('old visa 4222222222222')).toBe('old visa [card number]') // 13 digits
  })

  it('leaves a long reference in numerals that fails the Luhn check and is no card', () => {
    expect(luhn('1234567812345678')).toBe(false)
    expect(textOf('Your order reference is 1234567812345678.')).toBe('Your order reference is 1234567812345678.')
  })

  it('catches a card number spoken digit by digit, with "double" and "oh"', () => {
    const { segments, redactions } = redact(
      'yes it is four one one one one one one one one one one one double one one one',
    )
    expect(segments[0].text).toBe('yes it is [card number]')
    expect(redactions[0].kind).toBe('card')
  })

  it('catches a card spoken in pairs ("forty one eleven") and with fillers and pauses inside', () => {
    expect(textOf('forty one eleven, eleven eleven, um, eleven eleven, eleven eleven.')).toBe('[card number].')
    expect(textOf('four one one one... uh... one one one one, one one one one, er, one one one one')).toBe(
      '[card number]',
    )
  })

  it('redacts a spoken 16-digit number even when a misheard digit breaks the Luhn check', () => {
    const { redactions } = redact('four one one one one one one one one one one one one one one two')
    expect(redactions.map((r) => r.kind)).toEqual(['card'])
  })

  it('joins a number the speaker split over two segments and redacts both parts', () => {
    const { segments, redactions } = redactSegments([
      said('my card is four one one one one one one one', 'customer', 10),
      { speaker: 'customer', start: 16, end: 20, text: 'one one one one one one one one thanks' },
    ])
    expect(segments.map((s) => s.text)).toEqual(['my card is [card number]', '[card number] thanks'])
    expect(redactions.map((r) => [r.kind, r.segmentIndex])).toEqual([
      ['card', 0],
      ['card', 1],
    ])
  })

  it('does not join digits across a change of speaker', () => {
    const { segments } = redactSegments([
      said('the code is one two three', 'agent', 0),
      said('four five six', 'customer', 6),
    ])
    expect(segments.map((s) => s.text)).toEqual(['the code is one two three', 'four five six'])
  })
})

describe('redacting national ids', () => {
  it('replaces a US social security number written 3-2-4', () => {
    const { segments, redactions } = redact('It is 123-45-6789.')
    expect(segments[0].text).toBe('It is [national id].')
    expect(redactions[0]).toMatchObject({ kind: 'national_id', original: '123-45-6789' })
  })

  it('calls nine spoken digits a national id when the call asks for a social security number', () => {
    const { segments, redactions } = redactSegments([
      said('Can I take your social security number please?', 'agent', 0),
      said('one two three four five six seven eight nine', 'customer', 5),
    ])
    expect(segments[1].text).toBe('[national id]')
    expect(redactions[0]).toMatchObject({ kind: 'national_id', segmentIndex: 1 })
  })

  it('replaces a UK National Insurance number, written or spoken letter by letter', () => {
    expect(textOf('My NI number is QQ 12 34 56 C, I think.')).toBe('My NI number is [national id], I think.')
    expect(textOf('it is QQ123456C')).toBe('it is [national id]')
    expect(textOf('q q one two three four five six c')).toBe('[national id]')
  })

  it('accepts an NI number without its final letter when the call talks of national insurance', () => {
    expect(textOf('national insurance number AB 12 34 56 and that is it')).toBe(
      'national insurance number [national id] and that is it',
    )
  })
})

describe('redacting phone numbers', () => {
  it('replaces a UK mobile and a US number written as digits', () => {
    expect(textOf('call me on 07700 900123 after six')).toBe('call me on [phone number] after six')
    expect(textOf('or (555) 123-4567 at work')).toBe('or [phone number] at work')
    expect(textOf('or +44 20 7946 0958')).toBe('or [phone number]')
  })

  it('catches a phone number spoken as words with "oh", "double" and "triple"', () => {
    const { segments, redactions } = redact('it is oh seven seven double oh nine triple oh one two three')
    expect(segments[0].text).toBe('it is [phone number]')
    expect(redactions[0]).toMatchObject({
      kind: 'phone',
      original: 'oh seven seven double oh nine triple oh one two three',
    })
  })

  it('reads "eight hundred" in a toll-free number', () => {
    expect(textOf('one eight hundred five five five one two one two')).toBe('[phone number]')
  })

  it('redacts several numbers in one segment and says which is which', () => {
    const { segments, redactions } = redact('home 07700 900123, card 4111 1111 1111 1111, done')
    expect(segments[0].text).toBe('home [phone number], card [card number], done')
    expect(redactions.map((r) => r.kind)).toEqual(['phone', 'card'])
  })

  it('keeps the other fields of each segment and leaves the input untouched', () => {
    const input = [said('my number is 07700 900123', 'customer', 12)]
    const { segments } = redactSegments(input)
    expect(segments[0]).toEqual({ speaker: 'customer', start: 12, end: 17, text: 'my number is [phone number]' })
    expect(input[0].text).toBe('my number is 07700 900123')
  })
})

describe('reading numbers as a recogniser writes them', () => {
  const turns = (...lines: Array<[Seg['speaker'], string, number?]>) => {
    let at = 0
    return redactSegments(
      lines.map(([speaker, text, pause = 0.5]) => {
        const start = at + pause
        at = start + 4
        return { speaker, start, end: at, text }
      }),
    )
  }

  it('redacts a card read in groups around the agent\'s "mhm" as one card, not two phone numbers', () => {
    const { segments, redactions } = turns(
      ['customer', 'four nine two nine one two three four'],
      ['agent', 'mhm'],
      ['customer', 'five six seven eight nine zero one five'],
    )
    expect(segments.map((s) => s.text)).toEqual(['[card number]', 'mhm', '[card number]'])
    expect(redactions.map((r) => [r.kind, r.segmentIndex])).toEqual([
      ['card', 0],
      ['card', 2],
    ])
  })

  it('joins card groups after "and then" or a long pause when together they pass the Luhn check', () => {
    expect(textOf('five five four four three three two two and then one one zero zero nine nine eight nine')).toBe(
      '[card number]',
    )
    const { redactions } = turns(
      ['customer', 'five three zero zero one two zero zero'],
      ['customer', 'three four zero zero five six zero five', 6],
    )
    expect(redactions.map((r) => r.kind)).toEqual(['card', 'card'])
  })

  it('keeps two phone numbers apart: a loose join must make one number', () => {
    const { redactions } = turns(
      ['customer', 'oh seven seven oh oh nine oh oh one two three'],
      ['agent', 'ok'],
      ['customer', 'oh seven seven oh oh nine oh oh four five six'],
    )
    expect(redactions.map((r) => [r.kind, r.original])).toEqual([
      ['phone', 'oh seven seven oh oh nine oh oh one two three'],
      ['phone', 'oh seven seven oh oh nine oh oh four five six'],
    ])
  })

  it('joins a phone number split by a pause or an "mhm" when the parts make its shape', () => {
    expect(
      turns(['customer', 'oh seven nine one one'], ['customer', 'one two three four five six', 4]).segments,
    ).toEqual([
      expect.objectContaining({ text: '[phone number]' }),
      expect.objectContaining({ text: '[phone number]' }),
    ])
    const { segments } = turns(
      ['customer', 'oh seven seven oh oh'],
      ['agent', 'mhm'],
      ['customer', 'nine oh oh seven eight nine'],
    )
    expect(segments.map((s) => s.text)).toEqual(['[phone number]', 'mhm', '[phone number]'])
  })

  it('reads "plus four four", "nine hundred" and pairs in a spoken phone number', () => {
    expect(textOf('plus four four seven seven oh oh nine oh oh one two three')).toBe('[phone number]')
    expect(textOf('oh seven seven double oh nine hundred one two three')).toBe('[phone number]')
  })

  it('leaves a reference the agent reads out, and a code spelt with letters', () => {
    for (const text of [
      'your case number is two four six eight one three five',
      'the booking reference is 7 7 3 2 1 0 4 5',
      'your order number is 5 5 2 1 3 6 7 8 9',
      'the tracking number is one z nine nine nine a a one oh one two three four five six seven eight four',
    ]) {
      expect(redact(text).redactions, text).toEqual([])
    }
  })
})

describe('redacting dates of birth', () => {
  it('replaces a date spoken in words where the agent asked for the date of birth', () => {
    const { segments, redactions } = redactSegments([
      said('can you confirm your date of birth', 'agent', 0),
      said('it is the third of march nineteen eighty two', 'customer', 5),
    ])
    expect(segments[1].text).toBe('it is the [date of birth]')
    expect(redactions).toEqual([
      {
        kind: 'date_of_birth',
        segmentIndex: 1,
        original: 'third of march nineteen eighty two',
        replacement: '[date of birth]',
      },
    ])
  })

  it('reads the ways a date of birth is said and written', () => {
    expect(textOf('I was born on the fourth of May, nineteen eighty six.')).toBe('I was born on the [date of birth].')
    expect(textOf('date of birth march the third nineteen eighty two')).toBe('date of birth [date of birth]')
    expect(textOf('d o b zero three zero three eighty two')).toBe('d o b [date of birth]')
    expect(textOf('dob oh four oh seven nineteen seventy five')).toBe('dob [date of birth]')
    expect(textOf('my date of birth is 03/03/1982')).toBe('my date of birth is [date of birth]')
    expect(textOf('DOB is 1982-03-03.')).toBe('DOB is [date of birth].')
    expect(textOf('born March 3, 1982')).toBe('born [date of birth]')
    expect(textOf('date of birth the eleventh of the eleventh sixty two')).toBe('date of birth the [date of birth]')
    expect(textOf('born on the first of april two thousand and three')).toBe('born on the [date of birth]')
  })

  it('masks a date of birth split over two turns of the customer', () => {
    const { segments } = redactSegments([
      said('date of birth please', 'agent', 0),
      said('um the sixth of', 'customer', 5),
      said('january nineteen eighty four', 'customer', 10.5),
    ])
    expect(segments.map((s) => s.text)).toEqual(['date of birth please', 'um the [date of birth]', '[date of birth]'])
  })

  it('leaves other dates and years alone', () => {
    for (const text of [
      'delivery on the third of march between nine and five',
      'it arrived on the ninth of june two thousand and twenty four',
      'my son was born in two thousand and ten',
      'the meeting is on 03-04-2025 at 14:00',
      'i was born in nineteen seventy two and moved here on the third of may two thousand',
    ]) {
      expect(redact(text).redactions, text).toEqual([])
    }
  })

  it('does not take a date the agent names after the customer answered for a date of birth', () => {
    const { segments } = redactSegments([
      said('date of birth please', 'agent', 0),
      said('fifth of may nineteen ninety', 'customer', 5),
      said('thanks, the payment goes out on the fifth of june', 'agent', 10),
    ])
    expect(segments.map((s) => s.text)).toEqual([
      'date of birth please',
      '[date of birth]',
      'thanks, the payment goes out on the fifth of june',
    ])
  })
})

describe('leaving ordinary numbers alone', () => {
  const ordinary = [
    'That will be twenty-five pounds.',
    'Your balance is £1,250.75 as of today.',
    'Your balance is one thousand two hundred and fifty pounds and seventy five pence.',
    'The payment of 1250000 pounds cleared.',
    'We moved here on the fourth of May, nineteen eighty six.',
    'The appointment is on 12/05/2024 at 10:30.',
    'We open at nine thirty and close at five.',
    'It was in 2019, maybe 2020.',
    'I have two kids and three dogs, one of them is seven.',
    'It costs 49.99 a month for 12 months.',
    'Oh, I see, one moment please.',
    'Press one, then two, then the hash key.',
    'The last four digits are 1234.',
    'Your reference is 55 12.',
  ]
  it.each(ordinary)('"%s"', (text) => {
    const { segments, redactions } = redact(text)
    expect(redactions).toEqual([])
    expect(segments[0].text).toBe(text)
  })

  it('returns no redactions for an empty transcript', () => {
    expect(redactSegments([])).toEqual({ segments: [], redactions: [] })
  })
})
