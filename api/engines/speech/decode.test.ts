import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeAudio } from './decode'
import { SpeechError } from './errors'
import { flacClaiming, rms, writeWav } from './test-audio'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
const tone = (hz: number, rate: number, seconds: number, level = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => level * Math.sin((2 * Math.PI * hz * i) / rate))

async function failure(promise: Promise<unknown>): Promise<SpeechError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SpeechError)
  return error as SpeechError
}

describe('decodeAudio', () => {
  // the fixtures hold one 3.10 s sentence (fixtures/README.md)
  it.each([
    ['speech.mp3', 'MP3 at 22.05 kHz'],
    ['speech-opus.ogg', 'Ogg Opus at 48 kHz'],
    ['speech-vorbis.ogg', 'Ogg Vorbis at 22.05 kHz'],
    ['speech.flac', 'FLAC at 8 kHz'],
    ['speech.m4a', 'AAC in M4A at 22.05 kHz'],
    ['speech.webm', 'Opus in WebM at 48 kHz'],
  ])('decodes %s (%s) to 16 kHz mono of the right length', async (name) => {
    const audio = await decodeAudio(fixture(name))
    expect(audio.sampleRate).toBe(16000)
    expect(audio.durationS).toBeGreaterThan(3.0)
    expect(audio.durationS).toBeLessThan(3.25)
    expect(audio.channels).toHaveLength(1)
    expect(audio.mono.length).toBe(audio.channels[0].length)
    expect(Math.abs(audio.mono.length / 16000 - audio.durationS)).toBeLessThan(0.01)
    expect(rms(audio.mono)).toBeGreaterThan(0.05) // speech, not silence
  })

  it('keeps the two channels of a stereo call apart and mixes them for mono', async () => {
    const left = tone(200, 44100, 2)
    const right = tone(700, 44100, 2)
    const audio = await decodeAudio(writeWav({ sampleRate: 44100, channels: [left, right] }))
    expect(audio.channels).toHaveLength(2)
    expect(audio.durationS).toBe(2)
    const at = 16000
    expect(audio.mono[at]).toBeCloseTo((audio.channels[0][at] + audio.channels[1][at]) / 2, 6)
    expect(rms(audio.channels[0])).toBeCloseTo(0.5 / Math.SQRT2, 2)
  })

  it('treats a stereo file with the same sound twice, or one side silent, as mono', async () => {
    const voice = tone(300, 16000, 1)
    expect((await decodeAudio(writeWav({ sampleRate: 16000, channels: [voice, voice] }))).channels).toHaveLength(1)
    const silent = new Float32Array(voice.length)
    const oneSided = await decodeAudio(writeWav({ sampleRate: 16000, channels: [silent, voice] }))
    expect(oneSided.channels).toHaveLength(1)
    expect(rms(oneSided.mono)).toBeCloseTo(rms(voice) / 2, 2)
  })

  it('mixes more than two channels down to one', async () => {
    const channels = [100, 200, 300, 400, 500, 600].map((hz) => tone(hz, 48000, 0.5, 0.1))
    const audio = await decodeAudio(writeWav({ sampleRate: 48000, channels }))
    expect(audio.channels).toHaveLength(1)
    expect(audio.durationS).toBe(0.5)
  })

  it('upsamples 8 kHz telephone audio', async () => {
    const audio = await decodeAudio(writeWav({ sampleRate: 8000, channels: [tone(440, 8000, 1.5)] }))
    expect(audio.mono.length).toBe(24000)
  })

  it('refuses bytes that are not audio, a renamed program among them', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, ...new Array(500).fill(0)])
    const error = await failure(decodeAudio(exe))
    expect(error.code).toBe('unsupported')
    expect(error.message).toMatch(/WAV, MP3, M4A, OGG, FLAC or WebM/)
  })

  it.each([
    ['speech.flac', 'FLAC'],
    ['speech-opus.ogg', 'OGG'],
    ['speech.m4a', 'M4A'],
    ['speech.webm', 'WEBM'],
  ])('calls %s corrupt when its audio is garbage after the header', async (name, label) => {
    const bytes = fixture(name)
    for (let i = 64; i < bytes.length; i++) bytes[i] = (i * 7919) & 255
    const error = await failure(decodeAudio(bytes))
    expect(error.code).toBe('corrupt')
    expect(error.message).toContain(label)
  })

  it('calls a WAV header with no samples corrupt', async () => {
    const empty = writeWav({ sampleRate: 16000, channels: [new Float32Array(0)] })
    expect((await failure(decodeAudio(empty))).code).toBe('corrupt')
  })

  it('stops decoding as soon as the audio runs past the limit', async () => {
    const long = writeWav({ sampleRate: 8000, channels: [tone(440, 8000, 3)] })
    const error = await failure(decodeAudio(long, { maxSeconds: 2 }))
    expect(error.code).toBe('too_long')
    await expect(decodeAudio(long, { maxSeconds: 4 })).resolves.toMatchObject({ durationS: 3 })
    // a header that claims less than the file holds is caught by the decoding itself
    const understated = await failure(decodeAudio(flacClaiming(1), { maxSeconds: 2 }))
    expect(understated.code).toBe('too_long')
  })

  it('refuses a recording whose header says it is too long, before decoding it', async () => {
    const error = await failure(decodeAudio(flacClaiming(10 * 60 * 60)))
    expect(error.code).toBe('too_long')
    expect(error.message).toBe('Recordings can be 120 minutes at most; this one is 10 h 0 min.')
  })

  it('decodes a file larger than one read chunk (1 MiB) without a seam', async () => {
    const input = tone(250, 16000, 40, 0.3) // 1.28 MB of 16-bit PCM
    const audio = await decodeAudio(writeWav({ sampleRate: 16000, channels: [input] }))
    expect(audio.mono.length).toBe(input.length)
    let worst = 0
    for (let i = 0; i < input.length; i++) worst = Math.max(worst, Math.abs(audio.mono[i] - input[i]))
    expect(worst).toBeLessThan(1e-4)
  })
})

describe('decodeAudio and cancellation', () => {
  it('stops when the caller has aborted', async () => {
    const bytes = writeWav({ sampleRate: 16000, channels: [tone(300, 16000, 1)] })
    await expect(decodeAudio(bytes, { signal: AbortSignal.abort(new Error('job cancelled')) })).rejects.toThrow(
      'job cancelled',
    )
  })
})
