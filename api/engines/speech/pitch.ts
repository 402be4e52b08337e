import { SAMPLE_RATE } from './decode'

/*
 * Voice pitch (F0) by YIN (de Cheveigné & Kawahara, 2002): the lag where the cumulative-mean
 * normalised difference of a frame with itself first dips below a threshold. Enough to tell a
 * lower voice from a higher one, which is all diarisation asks of it.
 */

const MIN_F0 = 60
const MAX_F0 = 400
const FRAME_S = 0.032
const THRESHOLD = 0.15
const SILENCE_RMS = 0.01 // -40 dBFS

/** F0 in Hz of the frame starting at `at`, or null when it is unvoiced or silent. */
export function frameF0(samples: Float32Array, at: number, rate = SAMPLE_RATE): number | null {
  const size = Math.round(FRAME_S * rate)
  const minLag = Math.floor(rate / MAX_F0)
  const maxLag = Math.ceil(rate / MIN_F0)
  if (at < 0 || at + size + maxLag > samples.length) return null
  let energy = 0
  for (let i = 0; i < size; i++) energy += samples[at + i] ** 2
  if (Math.sqrt(energy / size) < SILENCE_RMS) return null
  const d = new Float64Array(maxLag + 1)
  for (let lag = 1; lag <= maxLag; lag++) {
    let sum = 0
    for (let i = 0; i < size; i++) {
      const diff = samples[at + i] - samples[at + i + lag]
      sum += diff * diff
    }
    d[lag] = sum
  }
  let running = 0
  for (let lag = 1; lag <= maxLag; lag++) {
    running += d[lag]
    const cmnd = running ? (d[lag] * lag) / running : 1
    if (lag >= minLag && cmnd < THRESHOLD) {
      // walk down to the local minimum, then refine it between the neighbouring lags
      let best = lag
      while (best + 1 <= maxLag && d[best + 1] < d[best]) best++
      const [a, b, c] = [d[best - 1], d[best], d[best + 1] ?? d[best]]
      const shift = a - 2 * b + c > 0 ? (a - c) / (2 * (a - 2 * b + c)) : 0
      return rate / (best + shift)
    }
  }
  return null
}

/** The median F0 over up to `frames` frames spread across [start, end) seconds, or null if none is voiced. */
export function medianF0(samples: Float32Array, start: number, end: number, frames = 60): number | null {
  const from = Math.floor(start * SAMPLE_RATE)
  const to = Math.floor(end * SAMPLE_RATE)
  const hop = Math.max(SAMPLE_RATE / 100, (to - from) / frames)
  const found: number[] = []
  for (let at = from; at < to; at += hop) {
    const f0 = frameF0(samples, Math.round(at))
    if (f0) found.push(f0)
  }
  if (found.length < 3) return null
  found.sort((a, b) => a - b)
  return found[Math.floor(found.length / 2)]
}
