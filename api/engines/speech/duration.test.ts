import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bytesSource, formatLength, headerDuration, tooLongMessage } from './duration'
import { sniffAudio } from './sniff'
import { flacClaiming, writeWav } from './test-audio'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
const TEN_HOURS = 10 * 60 * 60

async function duration(bytes: Uint8Array) {
  const format = sniffAudio(bytes)
  expect(format).not.toBeNull()
  return headerDuration(bytesSource(bytes), format!.ext)
}

/** Where `marker` first occurs, for patching a header field after it. */
function find(bytes: Uint8Array, marker: string | number[], from = 0) {
  const at = Buffer.from(bytes).indexOf(
    typeof marker === 'string' ? Buffer.from(marker, 'latin1') : Buffer.from(marker),
    from,
  )
  expect(at).toBeGreaterThanOrEqual(0)
  return at
}

describe('headerDuration', () => {
  // the fixtures hold one 3.10 s sentence; encoders pad a little (AAC priming, MP3 frames)
  it.each(['speech.mp3', 'speech-opus.ogg', 'speech-vorbis.ogg', 'speech.flac', 'speech.m4a', 'speech.webm'])(
    'reads %s from its header',
    async (name) => {
      const seconds = await duration(fixture(name))
      expect(seconds).toBeGreaterThan(3.0)
      expect(seconds).toBeLessThan(3.3)
    },
  )

  it('reads a WAV from its fmt and data chunks, and a streamed one from its size', async () => {
    const wav = writeWav({ sampleRate: 8000, channels: [new Float32Array(12000), new Float32Array(12000)] })
    expect(await duration(wav)).toBe(1.5)
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true)
    expect(await duration(wav)).toBe(1.5)
    // a header alone, claiming ten hours of 16 kHz mono
    const header = writeWav({ sampleRate: 16000, channels: [new Float32Array(16)] })
    new DataView(header.buffer).setUint32(40, TEN_HOURS * 16000 * 2, true)
    expect(await duration(header)).toBe(TEN_HOURS)
  })

  it('sees ten hours claimed by each format with a tiny body', async () => {
    expect(await duration(flacClaiming(TEN_HOURS))).toBe(TEN_HOURS)

    // MPEG-2 layer III at 22.05 kHz: 576 samples a frame, counted in the Info frame
    const mp3 = fixture('speech.mp3')
    new DataView(mp3.buffer).setUint32(find(mp3, 'Info') + 8, (TEN_HOURS * 22050) / 576)
    expect(await duration(mp3)).toBe(TEN_HOURS)

    // Ogg Opus: the last page's granule position, at 48 kHz after the pre-skip
    const opus = fixture('speech-opus.ogg')
    const preSkip = new DataView(opus.buffer).getUint16(find(opus, 'OpusHead') + 10, true)
    const last = Buffer.from(opus).lastIndexOf('OggS')
    new DataView(opus.buffer).setBigInt64(last + 6, BigInt(TEN_HOURS * 48000 + preSkip), true)
    expect(await duration(opus)).toBe(TEN_HOURS)

    // M4A: mvhd (version 0) duration over its timescale, in a moov after the audio
    const m4a = fixture('speech.m4a')
    const mvhd = find(m4a, 'mvhd') + 4
    const view = new DataView(m4a.buffer)
    view.setUint32(mvhd + 16, TEN_HOURS * view.getUint32(mvhd + 12))
    expect(await duration(m4a)).toBe(TEN_HOURS)

    // WebM: Segment › Info › Duration, a float in milliseconds (the default TimecodeScale)
    const webm = fixture('speech.webm')
    const at = find(webm, [0x44, 0x89]) + 2
    const size = webm[at] & 0x7f
    if (size === 8) new DataView(webm.buffer).setFloat64(at + 1, TEN_HOURS * 1000)
    else new DataView(webm.buffer).setFloat32(at + 1, TEN_HOURS * 1000)
    expect(await duration(webm)).toBe(TEN_HOURS)
  })

  it('says nothing rather than guess when the header is cut off', async () => {
    expect(await duration(fixture('speech.m4a').subarray(0, 200))).toBeNull()
    expect(await duration(fixture('speech.flac').subarray(0, 20))).toBeNull()
  })
})

describe('tooLongMessage', () => {
  it('says the limit and the length', () => {
    expect(tooLongMessage(TEN_HOURS, 7200)).toBe('Recordings can be 120 minutes at most; this one is 10 h 0 min.')
    expect(formatLength(7201)).toBe('2 h 1 min')
    expect(formatLength(45 * 60)).toBe('45 min')
  })
})
