import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resample } from './resample'

/*
 * Real speech for the tests and the bench: Debian's espeak-ng says known words, and these helpers
 * put them together into a two-party call (mono, stereo, or squeezed into an 8 kHz telephone
 * band) with a tiny WAV reader and writer of their own.
 *
 * The voices are espeak's Klatt variants: pocketsphinx's acoustic model was trained on human
 * speech, and on espeak's default formant voices (en-us+m3, en-gb+f3) it gets about 85-90% of
 * words wrong, on the Klatt ones about 40%, which leaves a WER bound that still means something.
 * The agent's voice is pitched low (-p 35), the customer's high (-p 85).
 */

export type Voice = { name: string; pitch: number; speed: number }
export const AGENT_VOICE: Voice = { name: 'en-us+klatt', pitch: 35, speed: 170 }
export const CUSTOMER_VOICE: Voice = { name: 'en-us+klatt5', pitch: 85, speed: 165 }

export type Turn = { speaker: 'agent' | 'customer'; text: string }

/** A short bank call: twelve seconds of each voice, words a telephone banking call would use. */
export const BANK_CALL: Turn[] = [
  { speaker: 'agent', text: 'thank you for calling acme bank my name is sarah how can i help you today' },
  { speaker: 'customer', text: 'hi i would like to check the balance on my account please' },
  { speaker: 'agent', text: 'of course can you confirm your date of birth for me' },
  { speaker: 'customer', text: 'yes it is the fourth of may nineteen eighty six' },
  { speaker: 'agent', text: 'thank you your balance is two hundred pounds is there anything else' },
  { speaker: 'customer', text: 'no that is all thank you very much goodbye' },
]

export type Pcm = { sampleRate: number; channels: Float32Array[] }

/** Reads 8/16-bit integer or 32-bit float PCM WAV; tolerates the unknown sizes espeak writes to a pipe. */
export function readWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file')
  let format = 0
  let channels = 0
  let sampleRate = 0
  let bits = 0
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(at)
    const size = view.getUint32(at + 4, true)
    if (id === 'fmt ') {
      format = view.getUint16(at + 8, true)
      channels = view.getUint16(at + 10, true)
      sampleRate = view.getUint32(at + 12, true)
      bits = view.getUint16(at + 22, true)
    } else if (id === 'data') {
      const end = Math.min(bytes.length, at + 8 + size)
      const width = bits / 8
      const frames = Math.floor((end - at - 8) / (width * channels))
      const out = Array.from({ length: channels }, () => new Float32Array(frames))
      for (let f = 0; f < frames; f++) {
        for (let c = 0; c < channels; c++) {
          const p = at + 8 + (f * channels + c) * width
          out[c][f] =
            format === 3
              ? view.getFloat32(p, true)
              : bits === 16
                ? view.getInt16(p, true) / 32768
                : (bytes[p] - 128) / 128
        }
      }
      return { sampleRate, channels: out }
    }
    at += 8 + size + (size & 1)
  }
  throw new Error('WAV file without data')
}

/** 16-bit PCM WAV with one or more channels, interleaved. */
export function writeWav({ sampleRate, channels }: Pcm): Uint8Array {
  const frames = channels[0].length
  const n = channels.length
  const bytes = new Uint8Array(44 + frames * n * 2)
  const view = new DataView(bytes.buffer)
  const text = (at: number, s: string) => [...s].forEach((ch, i) => (bytes[at + i] = ch.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, 36 + frames * n * 2, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, n, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * n * 2, true)
  view.setUint16(32, n * 2, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, frames * n * 2, true)
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < n; c++) {
      const s = Math.max(-1, Math.min(1, channels[c][f]))
      view.setInt16(44 + (f * n + c) * 2, Math.round(s * 32767), true)
    }
  }
  return bytes
}

/** espeak-ng saying `text` in `voice`, at 16 kHz. */
export function speak(text: string, voice: Voice): Float32Array {
  const wav = execFileSync('espeak-ng', [
    '-v',
    voice.name,
    '-p',
    String(voice.pitch),
    '-s',
    String(voice.speed),
    '--stdout',
    text,
  ])
  const { sampleRate, channels } = readWav(new Uint8Array(wav))
  return resample(channels[0], sampleRate, 16000)
}

export type Conversation = {
  sampleRate: 16000
  /** Each speaker on a channel of their own: agent first. */
  agent: Float32Array
  customer: Float32Array
  mono: Float32Array
  turns: (Turn & { start: number; end: number })[]
  /** Everything said, in order, and per speaker. */
  reference: { all: string; agent: string; customer: string }
}

/** The turns one after another with `gapS` of silence between them (and around them). */
export function conversation(turns: Turn[] = BANK_CALL, { gapS = 0.8 } = {}): Conversation {
  const rate = 16000
  const spoken = turns.map((t) => ({
    ...t,
    audio: speak(t.text, t.speaker === 'agent' ? AGENT_VOICE : CUSTOMER_VOICE),
  }))
  const gap = Math.round(gapS * rate)
  const length = spoken.reduce((n, t) => n + t.audio.length + gap, gap)
  const agent = new Float32Array(length)
  const customer = new Float32Array(length)
  let at = gap
  const timed = spoken.map((t) => {
    ;(t.speaker === 'agent' ? agent : customer).set(t.audio, at)
    const start = at / rate
    at += t.audio.length + gap
    return { speaker: t.speaker, text: t.text, start, end: start + t.audio.length / rate }
  })
  const mono = new Float32Array(length)
  for (let i = 0; i < length; i++) mono[i] = agent[i] + customer[i]
  const said = (who?: Turn['speaker']) =>
    turns
      .filter((t) => !who || t.speaker === who)
      .map((t) => t.text)
      .join(' ')
  return {
    sampleRate: rate,
    agent,
    customer,
    mono,
    turns: timed,
    reference: { all: said(), agent: said('agent'), customer: said('customer') },
  }
}

/** A second-order (RBJ cookbook) filter run over the signal in place. */
function biquad(x: Float32Array, rate: number, type: 'lowpass' | 'highpass', cutoff: number): Float32Array {
  const w = (2 * Math.PI * cutoff) / rate
  const alpha = Math.sin(w) / Math.SQRT2
  const cos = Math.cos(w)
  const b1 = type === 'lowpass' ? 1 - cos : -(1 + cos)
  const b0 = type === 'lowpass' ? b1 / 2 : (1 + cos) / 2
  const a0 = 1 + alpha
  const [nb0, nb1, nb2, na1, na2] = [b0 / a0, b1 / a0, b0 / a0, (-2 * cos) / a0, (1 - alpha) / a0]
  let [x1, x2, y1, y2] = [0, 0, 0, 0]
  for (let i = 0; i < x.length; i++) {
    const y = nb0 * x[i] + nb1 * x1 + nb2 * x2 - na1 * y1 - na2 * y2
    x2 = x1
    x1 = x[i]
    y2 = y1
    y1 = y
    x[i] = y
  }
  return x
}

/** What a phone line leaves of a 16 kHz signal: 8 kHz samples, 300–3400 Hz (fourth-order each side). */
export function telephone(signal16k: Float32Array): Float32Array {
  const narrow = resample(signal16k, 16000, 8000)
  for (const [type, cutoff] of [
    ['highpass', 300],
    ['highpass', 300],
    ['lowpass', 3400],
    ['lowpass', 3400],
  ] as const) {
    biquad(narrow, 8000, type, cutoff)
  }
  return narrow
}

/** Root-mean-square level of a signal's slice. */
export function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0
  for (let i = from; i < to; i++) sum += x[i] * x[i]
  return Math.sqrt(sum / Math.max(1, to - from))
}

/**
 * The FLAC fixture (3.1 s at 8 kHz) with a STREAMINFO that claims `seconds`: what a long upload
 * looks like to a header check, without the bytes.
 */
export function flacClaiming(seconds: number): Uint8Array {
  const bytes = new Uint8Array(readFileSync(new URL('./fixtures/speech.flac', import.meta.url)))
  const samples = seconds * 8000
  bytes[8 + 13] = (bytes[8 + 13] & 0xf0) | Math.floor(samples / 2 ** 32)
  new DataView(bytes.buffer).setUint32(8 + 14, samples % 2 ** 32)
  return bytes
}
