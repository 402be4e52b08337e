import { SAMPLE_RATE } from './decode'

/*
 * Telephone audio for a wideband model. Debian's en-us model was trained on 16 kHz speech with
 * mel filters up to 6.8 kHz (its feat.params), and its feat.params overrides the command line, so
 * CMU's narrowband front end (-samprate 8000 -upperf 3500 …) cannot be set; tried with a copy of
 * the model's folder, a filter bank the model was not trained on gets 93% of words wrong. What
 * goes wrong instead is the empty band: audio resampled from 8 kHz has nothing above 4 kHz, so the
 * upper filters' log energies sink far below anything in training and every cepstrum is skewed.
 * A faint noise floor in that band under the speech (as a wideband line carries), at a fixed
 * speech level, and half a second of lead-in so the voice-activity and noise estimates start on
 * silence: on the bench's 8 kHz calls (bench/speech.ts) WER 0.51 → 0.35 (tuning) and 0.54 → 0.43
 * (held-out) mono, 0.62 → 0.38 and 0.66 → 0.45 stereo. The floor stays out of the pauses: spread
 * everywhere, it filled them with invented words and the held-out calls gained nothing.
 */

/** Below this source rate the recording carries no sound above 4–5.5 kHz. */
export const NARROWBAND_BELOW_HZ = 12000
/** Speech level (RMS over the louder samples) the recording is scaled to. */
const SPEECH_RMS = 0.08
const LOUD = 0.005
/** Peak of the high-band noise floor (its spectrum rises as sin⁴, so it is mostly above 4 kHz). */
const FLOOR = 0.005
export const LEAD_IN_S = 0.5

export const isNarrowband = (sourceRate: number) => sourceRate < NARROWBAND_BELOW_HZ

/** A small deterministic generator (mulberry32), so the same file always gives the same words. */
function noiseSource(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1
  }
}

/** The RMS of the samples louder than LOUD, relative to the full scale; 0 for silence. */
function speechRms(x: Float32Array): number {
  let sum = 0
  let count = 0
  for (const v of x) {
    if (Math.abs(v) > LOUD) {
      sum += v * v
      count++
    }
  }
  return count ? Math.sqrt(sum / count) : 0
}

/**
 * 16 kHz samples of a narrowband recording made fit for the wideband model: levelled, given a
 * noise floor above the telephone band, and LEAD_IN_S of silence either side (word times must
 * then be moved back by LEAD_IN_S).
 */
export function widenForModel(samples: Float32Array): Float32Array {
  const rms = speechRms(samples)
  const gain = rms ? Math.min(SPEECH_RMS / rms, 100) : 1
  const lead = Math.round(LEAD_IN_S * SAMPLE_RATE)
  const out = new Float32Array(samples.length + 2 * lead)
  const random = noiseSource(samples.length)
  const voiced = speechGate(samples)
  let [w1, w2] = [0, 0]
  for (let i = 0; i < samples.length; i++) {
    // white noise differenced twice: a high-pass whose output is mostly above 4 kHz
    const w = random()
    const high = (w - 2 * w1 + w2) / 4
    w2 = w1
    w1 = w
    out[lead + i] = Math.max(-1, Math.min(1, samples[i] * gain + FLOOR * voiced[Math.floor(i / GATE_HOP)] * high))
  }
  return out
}

/** Samples per step of the speech gate (20 ms). */
const GATE_HOP = SAMPLE_RATE / 50

/**
 * 1 where there is speech (a 20 ms window's RMS over LOUD, spread 60 ms either side), else 0: the
 * floor goes only under speech, so pauses stay silent and the recogniser's voice-activity
 * detection still finds them (a floor everywhere filled the pauses with invented words).
 */
function speechGate(samples: Float32Array): Float32Array {
  const steps = Math.ceil(samples.length / GATE_HOP)
  const loud = new Uint8Array(steps)
  for (let k = 0; k < steps; k++) {
    let sum = 0
    const end = Math.min(samples.length, (k + 1) * GATE_HOP)
    for (let i = k * GATE_HOP; i < end; i++) sum += samples[i] * samples[i]
    loud[k] = Math.sqrt(sum / Math.max(1, end - k * GATE_HOP)) > LOUD ? 1 : 0
  }
  const gate = new Float32Array(steps)
  for (let k = 0; k < steps; k++) {
    for (let j = Math.max(0, k - 3); j <= Math.min(steps - 1, k + 3); j++) if (loud[j]) gate[k] = 1
  }
  return gate
}
