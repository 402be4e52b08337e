import { describe, expect, it } from 'vitest'
import { resample, Resampler } from './resample'
import { rms } from './test-audio'

const sine = (hz: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate))

/** Amplitude of one frequency (Goertzel), over the middle of the signal to skip the edges. */
function amplitude(x: Float32Array, hz: number, rate: number): number {
  const from = Math.floor(x.length / 4)
  const to = Math.floor((3 * x.length) / 4)
  const w = (2 * Math.PI * hz) / rate
  let re = 0
  let im = 0
  for (let i = from; i < to; i++) {
    re += x[i] * Math.cos(w * i)
    im -= x[i] * Math.sin(w * i)
  }
  return (2 * Math.hypot(re, im)) / (to - from)
}

describe('the resampler', () => {
  it('keeps a tone in the speech band at its frequency and level, 44.1 kHz to 16 kHz', () => {
    const out = resample(sine(1000, 44100, 1), 44100, 16000)
    expect(out.length).toBe(16000)
    expect(amplitude(out, 1000, 16000)).toBeCloseTo(1, 2)
  })

  it('filters out what lies above the new Nyquist frequency instead of folding it back', () => {
    // 10 kHz at 44.1 kHz would alias to 6 kHz at 16 kHz without the low-pass
    const out = resample(sine(10000, 44100, 1), 44100, 16000)
    expect(amplitude(out, 6000, 16000)).toBeLessThan(0.001)
    expect(rms(out, 2000, 14000)).toBeLessThan(0.001)
  })

  it('upsamples 8 kHz telephone audio without images above 4 kHz', () => {
    const out = resample(sine(1000, 8000, 1), 8000, 16000)
    expect(out.length).toBe(16000)
    expect(amplitude(out, 1000, 16000)).toBeCloseTo(1, 2)
    expect(amplitude(out, 7000, 16000)).toBeLessThan(0.001)
  })

  it('gives the same samples fed in pieces as fed whole, for rates with and without a small ratio', () => {
    for (const [from, to] of [
      [48000, 16000],
      [22050, 16000],
      [44056, 16000],
    ]) {
      const input = sine(440, from, 0.5)
      const whole = resample(input, from, to)
      const r = new Resampler(from, to)
      const parts = [1, 777, 4096, 5000].map((n, i, all) => {
        const start = all.slice(0, i).reduce((a, b) => a + b, 0)
        return r.push(input.subarray(start, start + n))
      })
      const rest = r.push(input.subarray(1 + 777 + 4096 + 5000))
      const pieces = [...parts, rest, r.flush()].flatMap((p) => [...p])
      expect(pieces.length).toBe(whole.length)
      expect(Math.max(...pieces.map((v, i) => Math.abs(v - whole[i])))).toBeLessThan(1e-6)
    }
  })

  it('passes audio already at the target rate through unchanged', () => {
    const input = sine(300, 16000, 0.1)
    expect(resample(input, 16000, 16000)).toEqual(input)
  })

  it('refuses a rate that is not a positive whole number', () => {
    expect(() => new Resampler(0, 16000)).toThrow(RangeError)
    expect(() => new Resampler(44100.5, 16000)).toThrow(RangeError)
  })
})
