import { describe, expect, it } from 'vitest'
import { isNarrowband, LEAD_IN_S, widenForModel } from './narrowband'
import { rms } from './test-audio'

describe('telephone audio for the wideband model', () => {
  it('calls 8 and 11.025 kHz recordings narrowband, 16 and 22.05 kHz not', () => {
    expect([8000, 11025, 16000, 22050].map(isNarrowband)).toEqual([true, true, false, false])
  })

  it('levels the speech, floors the empty high band, leads in with silence, and always the same way', () => {
    const quiet = Float32Array.from({ length: 16000 }, (_, i) => 0.01 * Math.sin((2 * Math.PI * 300 * i) / 16000))
    const out = widenForModel(quiet)
    const lead = LEAD_IN_S * 16000
    expect(out.length).toBe(quiet.length + 2 * lead)
    expect(rms(out, 0, lead)).toBe(0)
    expect(rms(out, lead, lead + quiet.length)).toBeGreaterThan(0.05)
    expect(rms(out, lead, lead + quiet.length)).toBeLessThan(0.1)
    // the floor: a sample-to-sample difference far above what a 300 Hz tone alone makes
    let diff = 0
    for (let i = lead + 1; i < lead + quiet.length; i++) diff += (out[i] - out[i - 1]) ** 2
    expect(Math.sqrt(diff / quiet.length)).toBeGreaterThan(0.002)
    expect(widenForModel(quiet)).toEqual(out)
  })

  it('keeps the pauses between words silent, so the recogniser still hears them as pauses', () => {
    const tone = (n: number) =>
      Float32Array.from({ length: n }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 300 * i) / 16000))
    // 0.5 s of speech, 1 s of pause, 0.5 s of speech
    const call = new Float32Array(32000)
    call.set(tone(8000), 0)
    call.set(tone(8000), 24000)
    const out = widenForModel(call)
    const lead = LEAD_IN_S * 16000
    // the middle of the pause, clear of the gate's 60 ms spread either side
    expect(rms(out, lead + 10000, lead + 22000)).toBe(0)
    expect(rms(out, lead + 1000, lead + 7000)).toBeGreaterThan(0.05)
  })
})
