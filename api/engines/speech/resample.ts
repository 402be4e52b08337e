/*
 * A band-limited (windowed-sinc) resampler. Going down, the sinc's cut-off sits below the new
 * Nyquist frequency so nothing above it folds back as alias noise into the speech band; going up
 * (8 kHz telephone audio to 16 kHz), the same filter interpolates without imaging. Streaming, so a
 * long recording never has to sit in memory at its original rate.
 */

const ZERO_CROSSINGS = 16 // each side of the centre, at the lower of the two rates
const KAISER_BETA = 8.6 // about 85 dB of stop-band attenuation
const ROLL_OFF = 0.94 // the pass band ends at 94% of the lower Nyquist frequency
const MAX_PHASES = 1024

function besselI0(x: number): number {
  let sum = 1
  let term = 1
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2
    sum += term
    if (term < sum * 1e-12) break
  }
  return sum
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a)

export class Resampler {
  readonly inRate: number
  readonly outRate: number
  private readonly taps: number // filter length, even: `half` input samples each side
  private readonly half: number
  private readonly phases: number
  private readonly exact: boolean // one filter per output phase (rational ratio with few phases)
  private readonly kernel: Float32Array // phases × taps
  private history: Float32Array // input from absolute index `base` on
  private base: number
  private received = 0
  private produced = 0

  constructor(inRate: number, outRate: number) {
    if (!(inRate > 0 && outRate > 0 && Number.isInteger(inRate) && Number.isInteger(outRate))) {
      throw new RangeError(`Cannot resample ${inRate} Hz to ${outRate} Hz`)
    }
    this.inRate = inRate
    this.outRate = outRate
    const cutoff = Math.min(1, outRate / inRate) * ROLL_OFF // of the input Nyquist frequency
    this.half = Math.ceil(ZERO_CROSSINGS / cutoff)
    this.taps = 2 * this.half
    const ratioPhases = outRate / gcd(inRate, outRate)
    this.exact = ratioPhases <= MAX_PHASES
    this.phases = this.exact ? ratioPhases : MAX_PHASES
    this.kernel = new Float32Array(this.phases * this.taps)
    const reach = this.half
    const norm = besselI0(KAISER_BETA)
    for (let p = 0; p < this.phases; p++) {
      const frac = p / this.phases
      let sum = 0
      for (let j = 0; j < this.taps; j++) {
        // tap j reads input k = floor(t) - half + 1 + j, at distance d = t - k
        const d = frac + this.half - 1 - j
        const x = cutoff * d
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x)
        const r = d / reach
        const window = Math.abs(r) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - r * r)) / norm
        const h = cutoff * sinc * window
        this.kernel[p * this.taps + j] = h
        sum += h
      }
      // unity gain at DC for every phase, so no phase-dependent ripple
      for (let j = 0; j < this.taps; j++) this.kernel[p * this.taps + j] /= sum
    }
    this.history = new Float32Array(this.half) // silence before the first sample
    this.base = -this.half
  }

  /** Feeds input samples; returns the output samples that are now fully determined. */
  push(input: Float32Array): Float32Array {
    if (this.inRate === this.outRate) {
      this.received += input.length
      this.produced += input.length
      return input.slice()
    }
    const joined = new Float32Array(this.history.length + input.length)
    joined.set(this.history)
    joined.set(input, this.history.length)
    this.history = joined
    this.received += input.length
    return this.drain(this.base + this.history.length)
  }

  /** Ends the stream: the last outputs, computed against silence after the input. */
  flush(): Float32Array {
    if (this.inRate === this.outRate) return new Float32Array(0)
    const padded = new Float32Array(this.history.length + this.half + 1)
    padded.set(this.history)
    this.history = padded
    const total = Math.ceil((this.received * this.outRate) / this.inRate)
    return this.drain(this.base + this.history.length, total)
  }

  /** Outputs every sample whose filter reach ends before `available` (an absolute input index). */
  private drain(available: number, limit = Infinity): Float32Array {
    const { inRate, outRate, half, taps, phases, kernel, history, base } = this
    const room = Math.min(limit - this.produced, Math.ceil(((available - base + 1) * outRate) / inRate) + 1)
    const out = new Float32Array(Math.max(0, room))
    let count = 0
    while (count < out.length) {
      const num = this.produced * inRate // exact: below 2^53 for any call we accept
      let k = Math.floor(num / outRate)
      const rem = num - k * outRate
      let phase = this.exact ? (rem * phases) / outRate : Math.round((rem / outRate) * phases)
      if (phase === phases) {
        phase = 0
        k++
      }
      const first = k - half + 1
      if (first + taps > available) break
      let acc = 0
      const offset = phase * taps
      const at = first - base
      for (let j = 0; j < taps; j++) acc += history[at + j] * kernel[offset + j]
      out[count++] = acc
      this.produced++
    }
    // keep only what later outputs can still reach
    const nextK = Math.floor((this.produced * inRate) / outRate)
    const keepFrom = Math.max(base, nextK - half)
    if (keepFrom > base) {
      this.history = history.slice(keepFrom - base)
      this.base = keepFrom
    }
    return out.subarray(0, count)
  }
}

/** Resamples a whole signal at once. */
export function resample(input: Float32Array, inRate: number, outRate: number): Float32Array {
  if (inRate === outRate) return input.slice()
  const r = new Resampler(inRate, outRate)
  const a = r.push(input)
  const b = r.flush()
  const out = new Float32Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}
