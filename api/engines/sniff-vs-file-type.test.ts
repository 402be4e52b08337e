import { readFileSync } from 'node:fs'
import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import { sniffImage } from './face/sniff'
import { sniffDocument } from './ocr/sniff'
import { sniffAudio } from './speech/sniff'

/*
 * Why the uploads keep their own magic-byte sniffers (docs/decisions/014) rather than `file-type`:
 * on what our uploads meet, file-type agrees except in two cases that matter, shown here. If a
 * file-type release stops missing them, this test fails: then switch to it.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./speech/fixtures/${name}`, import.meta.url)))
const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

describe('our sniffers against file-type 21', () => {
  it('agree on the real recordings and images', async () => {
    for (const [name, ext] of [
      ['speech.mp3', 'mp3'],
      ['speech.flac', 'flac'],
      ['speech.m4a', 'm4a'],
    ] as const) {
      expect(sniffAudio(fixture(name))?.ext).toBe(ext)
      expect((await fileTypeFromBuffer(fixture(name)))?.ext).toBe(ext)
    }
    const png = bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13, 'IHDR', 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0)
    expect(sniffImage(png)?.mime).toBe('image/png')
    expect((await fileTypeFromBuffer(png))?.mime).toBe('image/png')
  })

  it('file-type calls one stray MPEG frame header in front of junk an MP3; ours asks for a second frame', async () => {
    const junk = bytes(0xff, 0xfb, 0x90, 0x64, ...new Array(600).fill(0x55))
    expect(sniffAudio(junk)).toBeNull()
    expect((await fileTypeFromBuffer(junk))?.ext).toBe('mp3')
  })

  it('file-type misses a PDF whose header is not at byte 0, which PDF readers (and ours) accept within the first kilobyte', async () => {
    const pdf = bytes('\n\n%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')
    expect(sniffDocument(pdf)?.ext).toBe('pdf')
    expect(await fileTypeFromBuffer(pdf)).toBeUndefined()
  })
})
