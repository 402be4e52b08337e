import { bytesSource, headerDuration, tooLongMessage } from './duration'
import { abortError, SpeechError } from './errors'
import { Resampler } from './resample'
import { sniffAudio, type AudioFormat } from './sniff'

export const SAMPLE_RATE = 16000
/** ARCHITECTURE §4: recordings up to two hours. */
export const MAX_SECONDS = 2 * 60 * 60
/** Less than this is an empty or broken file, not a recording. */
const MIN_SECONDS = 0.1

export type DecodedAudio = {
  sampleRate: typeof SAMPLE_RATE
  /** The file's own rate: below 12 kHz (telephone audio) the model needs help, see narrowband.ts. */
  sourceRate: number
  durationS: number
  mono: Float32Array
  /** One channel, or two kept apart (a call recorded agent left, customer right). */
  channels: Float32Array[]
}

type Codec = 'wav' | 'mp3' | 'flac' | 'opus' | 'oga' | 'm4a' | 'webm'
type StreamDecoder = {
  (chunk?: Uint8Array): Promise<{ channelData: Float32Array[]; sampleRate: number }>
  free(): void
}

const CHUNK_BYTES = 1 << 20

/** Which of audio-decode's codecs reads the file; Ogg carries Opus, Vorbis or FLAC. */
function codecOf(format: AudioFormat, bytes: Uint8Array): Codec {
  if (format.ext !== 'ogg') return format.ext
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64))
  if (head.includes('OpusHead')) return 'opus'
  if (head.includes('\x7fFLAC')) return 'flac'
  return 'oga'
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Decodes any accepted format in Node (WebAssembly codecs from npm, no system ffmpeg) to 16 kHz
 * Float32 PCM, with the channels of a stereo file kept apart. It decodes and resamples a chunk at
 * a time and stops at `maxSeconds`, so a small file that unpacks to days of audio is refused
 * before it fills memory.
 */
export async function decodeAudio(
  bytes: Uint8Array,
  { maxSeconds = MAX_SECONDS, signal }: { maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<DecodedAudio> {
  const format = sniffAudio(bytes)
  if (!format) {
    throw new SpeechError(
      'unsupported',
      'This file is not a recording in a format we accept (WAV, MP3, M4A, OGG, FLAC or WebM).',
    )
  }
  // a header that admits to too much is refused before a byte is decoded (the upload checks it too)
  const claimed = await headerDuration(bytesSource(bytes), format.ext)
  if (claimed !== null && claimed > maxSeconds) throw new SpeechError('too_long', tooLongMessage(claimed, maxSeconds))
  const codec = codecOf(format, bytes)
  const { default: decode } = await import('audio-decode')
  let decoder: StreamDecoder
  try {
    decoder = (await decode[codec]()) as StreamDecoder
  } catch (e) {
    throw new SpeechError('engine_failed', `The ${codec} decoder could not start: ${describe(e)}`, { cause: e })
  }

  const maxSamples = Math.round(maxSeconds * SAMPLE_RATE)
  const parts: Float32Array[][] = []
  let resamplers: Resampler[] | null = null
  let length = 0
  const take = (channelData: Float32Array[], sampleRate: number) => {
    if (!channelData.length || !channelData[0].length) return
    if (!(sampleRate > 0)) throw new Error(`invalid sample rate ${sampleRate}`)
    // more than two channels (surround) has no agent/customer meaning: mix it down
    const input = channelData.length > 2 ? [mix(channelData)] : channelData
    if (!resamplers) {
      resamplers = input.map(() => new Resampler(sampleRate, SAMPLE_RATE))
      input.forEach(() => parts.push([]))
    }
    if (resamplers[0].inRate !== sampleRate) throw new Error('the sample rate changes mid-stream')
    resamplers.forEach((r, c) => parts[c].push(r.push(input[c % input.length])))
    length += parts[0].at(-1)!.length
    if (length > maxSamples) throw tooLong(maxSeconds)
  }

  try {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      if (signal?.aborted) throw abortError(signal)
      const out = await decoder(bytes.subarray(at, at + CHUNK_BYTES))
      take(out.channelData, out.sampleRate)
    }
    const rest = await decoder()
    take(rest.channelData, rest.sampleRate)
  } catch (e) {
    decoder.free()
    if (e instanceof SpeechError || signal?.aborted) throw e
    throw new SpeechError('corrupt', `The ${format.ext.toUpperCase()} file could not be decoded: ${describe(e)}.`, {
      cause: e,
    })
  }
  if (!resamplers) throw noAudio(format)
  ;(resamplers as Resampler[]).forEach((r, c) => parts[c].push(r.flush()))
  let channels = parts.map(concat)
  if (channels[0].length < MIN_SECONDS * SAMPLE_RATE) throw noAudio(format)
  if (channels[0].length > maxSamples) throw tooLong(maxSeconds)
  if (channels.length === 2 && !reallyStereo(channels[0], channels[1])) channels = [mix(channels)]
  return {
    sampleRate: SAMPLE_RATE,
    sourceRate: (resamplers as Resampler[])[0].inRate,
    durationS: Math.round((channels[0].length / SAMPLE_RATE) * 100) / 100,
    mono: channels.length === 1 ? channels[0] : mix(channels),
    channels,
  }
}

const noAudio = (format: AudioFormat) =>
  new SpeechError('corrupt', `The ${format.ext.toUpperCase()} file holds no audio (or less than a tenth of a second).`)
const tooLong = (maxSeconds: number) =>
  new SpeechError(
    'too_long',
    `The recording is longer than ${Math.round(maxSeconds / 60)} minutes, the most we transcribe.`,
  )

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function mix(channels: Float32Array[]): Float32Array {
  const n = Math.min(...channels.map((c) => c.length))
  const out = new Float32Array(n)
  for (const c of channels) for (let i = 0; i < n; i++) out[i] += c[i] / channels.length
  return out
}

/**
 * Whether two channels carry different sound. Dual-mono files (the same signal twice) and files
 * with one channel silent are one voice track, which then needs diarisation rather than
 * channel-per-speaker labels.
 */
function reallyStereo(a: Float32Array, b: Float32Array): boolean {
  let ea = 0
  let eb = 0
  let diff = 0
  for (let i = 0; i < a.length; i++) {
    ea += a[i] * a[i]
    eb += b[i] * b[i]
    diff += (a[i] - b[i]) ** 2
  }
  const quiet = 1e-4 // -40 dB
  if (ea <= eb * quiet || eb <= ea * quiet) return false
  return diff > quiet * Math.max(ea, eb)
}
