import { describe, expect, it } from 'vitest'
import { diariseMono, labelByChannel, mergeTurns, unitsOf } from './diarise'
import { frameF0, medianF0 } from './pitch'
import type { Phrase } from './types'

const RATE = 16000

/** A buzzy voice-like tone (sawtooth) at `hz` from `start` to `end` seconds in `signal`. */
function voice(signal: Float32Array, hz: number, start: number, end: number) {
  for (let i = Math.round(start * RATE); i < Math.round(end * RATE); i++) {
    signal[i] = 0.3 * (((i * hz) / RATE) % 1) - 0.15
  }
}

const phrase = (start: number, end: number, text: string): Phrase => ({ start, end, text })

describe('pitch', () => {
  it('finds the fundamental of a voiced frame and nothing in silence', () => {
    const signal = new Float32Array(RATE)
    voice(signal, 150, 0, 0.5)
    expect(frameF0(signal, 1000)).toBeCloseTo(150, -0.5)
    expect(frameF0(signal, RATE * 0.7)).toBeNull()
    expect(medianF0(signal, 0, 0.5)).toBeCloseTo(150, -0.5)
    expect(medianF0(signal, 0.6, 0.9)).toBeNull()
  })
})

describe('units and turns', () => {
  it('cuts phrases at pauses between their words and keeps phrases without word times whole', () => {
    const units = unitsOf([
      {
        start: 0,
        end: 3,
        text: 'hello there how are you',
        words: [
          { text: 'hello', start: 0, end: 0.4 },
          { text: 'there', start: 0.45, end: 0.8 },
          { text: 'how', start: 1.5, end: 1.7 },
          { text: 'are', start: 1.75, end: 1.9 },
          { text: 'you', start: 1.95, end: 2.2 },
        ],
      },
      phrase(4, 5, 'fine thanks'),
    ])
    expect(units).toEqual([
      { start: 0, end: 0.8, text: 'hello there' },
      { start: 1.5, end: 2.2, text: 'how are you' },
      { start: 4, end: 5, text: 'fine thanks' },
    ])
  })

  it('joins one speaker’s close units into a segment, rounded to two decimals', () => {
    expect(
      mergeTurns([
        { speaker: 'agent', start: 0.123, end: 1.456, text: 'hello' },
        { speaker: 'agent', start: 2, end: 3.333, text: 'there' },
        { speaker: 'customer', start: 3.5, end: 4, text: 'hi' },
        { speaker: 'agent', start: 9, end: 10, text: 'later' },
      ]),
    ).toEqual([
      { speaker: 'agent', start: 0.12, end: 3.33, text: 'hello there' },
      { speaker: 'customer', start: 3.5, end: 4, text: 'hi' },
      { speaker: 'agent', start: 9, end: 10, text: 'later' },
    ])
  })

  it('labels a stereo call by channel and sorts by start', () => {
    const segments = labelByChannel([
      [phrase(0, 2, 'thank you for calling'), phrase(5, 6, 'sure')],
      [phrase(2.5, 4.5, 'hi there')],
    ])
    expect(segments.map((s) => [s.speaker, s.start])).toEqual([
      ['agent', 0],
      ['customer', 2.5],
      ['agent', 5],
    ])
  })
})

describe('diarising a mono call', () => {
  const call = () => {
    const signal = new Float32Array(RATE * 10)
    voice(signal, 110, 0, 2) // low voice
    voice(signal, 230, 2.3, 4) // high voice, after a short pause
    voice(signal, 115, 4.2, 6)
    voice(signal, 220, 6.3, 8)
    return signal
  }
  const phrases = [
    phrase(0, 2, 'good morning you are through to support'),
    phrase(2.3, 4, 'hello i have a question'),
    phrase(4.2, 6, 'of course go ahead'),
    phrase(6.3, 8, 'it is about delivery'),
  ]

  it('tells two voices apart by pitch, even with pauses too short for turn-taking', () => {
    const { segments, method } = diariseMono(phrases, call())
    expect(method).toBe('pitch')
    expect(segments.map((s) => s.speaker)).toEqual(['agent', 'customer', 'agent', 'customer'])
  })

  it('makes the agent the voice that says what agents say, even when the customer speaks first', () => {
    const signal = call()
    const flipped = [
      phrase(0, 2, "hi i'm calling about my card"),
      phrase(2.3, 4, 'thank you for calling how can i help'),
      phrase(4.2, 6, 'it was declined'),
      phrase(6.3, 8, 'let me check'),
    ]
    const { segments } = diariseMono(flipped, signal)
    expect(segments.map((s) => s.speaker)).toEqual(['customer', 'agent', 'customer', 'agent'])
  })

  it('falls back to alternating turns at long pauses when pitch cannot tell the voices apart but the words can', () => {
    const signal = new Float32Array(RATE * 10)
    for (const [start, end] of [
      [0, 1],
      [1.1, 2],
      [3, 4],
      [5, 6],
    ]) {
      voice(signal, 150, start, end)
    }
    const { segments, method } = diariseMono(
      [phrase(0, 1, 'hello'), phrase(1.1, 2, 'welcome to acme'), phrase(3, 4, 'i want to pay'), phrase(5, 6, 'right')],
      signal,
    )
    expect(method).toBe('turns')
    expect(segments.map((s) => [s.speaker, s.text])).toEqual([
      ['agent', 'hello welcome to acme'],
      ['customer', 'i want to pay'],
      ['agent', 'right'],
    ])
  })

  it('keeps one voice as one speaker when neither pitch nor words show a second party', () => {
    const signal = new Float32Array(RATE * 10)
    for (const [start, end] of [
      [0, 2],
      [2.4, 4],
      [5, 7],
    ]) {
      voice(signal, 150, start, end)
    }
    const phrases = [phrase(0, 2, 'thank you for calling'), phrase(2.4, 4, 'how can i help'), phrase(5, 7, 'goodbye')]
    const { segments, method } = diariseMono(phrases, signal)
    expect(method).toBe('one voice')
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(['agent']))
  })

  it('returns nothing for nothing heard', () => {
    expect(diariseMono([], new Float32Array(RATE)).segments).toEqual([])
  })
})
