import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { toTurns } from '.'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

describe('toTurns', () => {
  it('reads "Agent:"/"Customer:" lines with [hh:mm:ss] times', () => {
    const turns = toTurns(fixture('billing-dispute.txt'))
    expect(turns).toHaveLength(25)
    expect(turns[0]).toEqual({
      speaker: 'Agent',
      start: 1,
      text: 'Thank you for calling Northwind Energy, my name is Priya, how can I help you today?',
    })
    expect(turns[1]).toMatchObject({ speaker: 'Customer', start: 6 })
    expect(turns.at(-1)).toEqual({ speaker: 'Customer', start: 156, text: 'Bye.' })
  })

  it('reads "Speaker 1:"/"Speaker 2:" labels', () => {
    const turns = toTurns(fixture('address-change.txt'))
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']))
    expect(turns[7]).toEqual({ speaker: 'Speaker 2', text: "It's 14 Elm Road, Leeds, LS6 2AB." })
  })

  it('joins continuation lines, takes times after a label or on a line of their own, and keeps one-off labels as speech', () => {
    const turns = toTurns(
      'Agent: Hello, how can I help?\nCustomer: my card\nReference: RF-1 is on the letter\nAgent (00:01:02): Thanks.\n[00:01:30]\nCustomer: I moved\nlast week.',
    )
    expect(turns).toEqual([
      { speaker: 'Agent', text: 'Hello, how can I help?' },
      { speaker: 'Customer', text: 'my card Reference: RF-1 is on the letter' },
      { speaker: 'Agent', start: 62, text: 'Thanks.' },
      { speaker: 'Customer', start: 90, text: 'I moved last week.' },
    ])
  })

  it('reads subtitle cues as timed turns', () => {
    const turns = toTurns(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nHello there.\n\n2\n00:00:05.500 --> 00:00:09.000\nI am calling about my bill.\n',
    )
    expect(turns).toEqual([
      { start: 1, text: 'Hello there.' },
      { start: 5.5, text: 'I am calling about my bill.' },
    ])
  })

  it('splits prose into sentences, joining wrapped lines and keeping list items apart', () => {
    const turns = toTurns(
      'Quarterly report\n\nThe centre handled 12,400 calls in March. Handling time\nfell by 30 seconds.\n\n- The payments team will fix the retry logic.\n- Leaders must review refunds.\n\nNote: figures exclude Leeds.',
    )
    expect(turns.map((t) => t.text)).toEqual([
      'Quarterly report',
      'The centre handled 12,400 calls in March.',
      'Handling time fell by 30 seconds.',
      'The payments team will fix the retry logic.',
      'Leaders must review refunds.',
      'Note: figures exclude Leeds.',
    ])
    expect(turns.every((t) => t.speaker === undefined)).toBe(true)
  })

  it('cuts speech-recognition output with no punctuation and no speakers into sentence-sized turns', () => {
    const flat = fixture('asr-late-fee.txt')
      .split('\n')
      .map((l) => l.replace(/^\w+: /, ''))
      .join(' ')
    const turns = toTurns(flat)
    expect(turns.length).toBeGreaterThan(8)
    for (const t of turns) expect(t.text.split(' ').length).toBeLessThanOrEqual(40)
    expect(turns.map((t) => t.text).join(' ')).toBe(flat.replace(/\s+/g, ' ').trim())
    // a cut never parts "I'm ringing" from its "because"
    expect(turns.some((t) => /ringing because/.test(t.text))).toBe(true)
  })

  it('keeps lower-case ASR speaker labels', () => {
    const turns = toTurns(fixture('asr-late-fee.txt'))
    expect(turns[1]).toMatchObject({ speaker: 'customer' })
    expect(turns[1].text).toMatch(/^hi um yeah i'm ringing because/)
  })

  it('returns nothing for blank text', () => {
    expect(toTurns('  \n\n ')).toEqual([])
  })
})
