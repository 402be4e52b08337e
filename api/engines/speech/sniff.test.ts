import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ACCEPTED_AUDIO, sniffAudio } from './sniff'
import { writeWav } from './test-audio'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

describe('sniffAudio', () => {
  it.each([
    ['speech.mp3', 'mp3', 'audio/mpeg'],
    ['speech-opus.ogg', 'ogg', 'audio/ogg'],
    ['speech-vorbis.ogg', 'ogg', 'audio/ogg'],
    ['speech.flac', 'flac', 'audio/flac'],
    ['speech.m4a', 'm4a', 'audio/mp4'],
    ['speech.webm', 'webm', 'audio/webm'],
  ])('knows %s from its bytes', (name, ext, mime) => {
    expect(sniffAudio(fixture(name))).toEqual({ ext, mime })
  })

  it('knows WAV, and the list of accepted formats is the six the upload takes', () => {
    expect(sniffAudio(writeWav({ sampleRate: 8000, channels: [new Float32Array(80)] }))?.ext).toBe('wav')
    expect(ACCEPTED_AUDIO.map((f) => f.ext)).toEqual(['wav', 'mp3', 'm4a', 'ogg', 'flac', 'webm'])
  })

  it('refuses a program renamed .mp3, text, an image and empty or random bytes', () => {
    expect(sniffAudio(bytes('MZ', 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff))).toBeNull()
    expect(sniffAudio(bytes('%PDF-1.7\n'))).toBeNull()
    expect(sniffAudio(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))).toBeNull()
    expect(sniffAudio(new Uint8Array())).toBeNull()
    expect(sniffAudio(bytes('hello, this is not audio'))).toBeNull()
    const noise = new Uint8Array(4096).map((_, i) => (i * 2654435761) >>> 24)
    expect(sniffAudio(noise)).toBeNull()
  })

  it('needs two MPEG frames in a row before calling bare bytes MP3', () => {
    const mp3 = fixture('speech.mp3')
    const tag = 10 + ((mp3[6] << 21) | (mp3[7] << 14) | (mp3[8] << 7) | mp3[9])
    expect(sniffAudio(mp3.subarray(tag))?.ext).toBe('mp3') // frames without the ID3 tag
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64, ...new Array(600).fill(0x55)))).toBeNull()
  })

  it('sees FLAC behind an ID3 tag, and refuses an ID3 tag in front of something else', () => {
    const id3 = bytes('ID3', 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0)
    expect(sniffAudio(new Uint8Array([...id3, ...fixture('speech.flac')]))?.ext).toBe('flac')
    expect(sniffAudio(new Uint8Array([...id3, ...bytes('MZ', 0, 0, 0, 0)]))).toBeNull()
  })

  it('takes Matroska and WebM but no other EBML document', () => {
    const ebml = (docType: string) => bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length, docType)
    expect(sniffAudio(ebml('webm'))?.ext).toBe('webm')
    expect(sniffAudio(ebml('matroska'))?.ext).toBe('webm')
    expect(sniffAudio(ebml('other'))).toBeNull()
  })
})
