/** What an upload may be. Matroska audio (.mka) is read as webm: same container, same demuxer. */
export const ACCEPTED_AUDIO = [
  { ext: 'wav', mime: 'audio/wav' },
  { ext: 'mp3', mime: 'audio/mpeg' },
  { ext: 'm4a', mime: 'audio/mp4' },
  { ext: 'ogg', mime: 'audio/ogg' },
  { ext: 'flac', mime: 'audio/flac' },
  { ext: 'webm', mime: 'audio/webm' },
] as const satisfies readonly { ext: string; mime: string }[]

export type AudioFormat = (typeof ACCEPTED_AUDIO)[number]
type Ext = AudioFormat['ext']

const format = (ext: Ext): AudioFormat => ACCEPTED_AUDIO.find((f) => f.ext === ext)!
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0))

/** An MPEG audio frame header: 11 sync bits, a version other than reserved, layer I–III (layer 00 is ADTS AAC). */
export const mpegFrame = (b: Uint8Array, at: number) =>
  b.length >= at + 4 &&
  b[at] === 0xff &&
  (b[at + 1] & 0xe0) === 0xe0 &&
  (b[at + 1] & 0x18) !== 0x08 &&
  (b[at + 1] & 0x06) !== 0 &&
  (b[at + 2] & 0xf0) !== 0xf0 &&
  (b[at + 2] & 0x0c) !== 0x0c

/** The size of a leading ID3v2 tag (header, synchsafe size, optional footer), 0 when there is none. */
export function id3Length(b: Uint8Array): number {
  if (!ascii(b, 0, 'ID3') || b.length < 10) return 0
  const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f)
  return 10 + size + (b[5] & 0x10 ? 10 : 0)
}

/** The EBML DocType ("webm" or "matroska") from the header element at the start of the file. */
function ebmlDocType(b: Uint8Array): string | null {
  const head = b.subarray(0, 64)
  for (let i = 4; i + 3 < head.length; i++) {
    if (head[i] !== 0x42 || head[i + 1] !== 0x82) continue
    const size = head[i + 2] & 0x7f // one-byte EBML size (0x80 | n), as muxers write DocType
    if (!(head[i + 2] & 0x80)) return null
    return String.fromCharCode(...head.subarray(i + 3, i + 3 + size))
  }
  return null
}

/**
 * The type of an upload from its bytes (magic numbers), never from its name or the browser's word;
 * null when it is not one of the accepted audio formats (an .exe renamed .mp3 starts "MZ").
 */
export function sniffAudio(bytes: Uint8Array): AudioFormat | null {
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return format('wav')
  if (ascii(bytes, 0, 'OggS')) return format('ogg')
  if (ascii(bytes, 0, 'fLaC')) return format('flac')
  if (ascii(bytes, 4, 'ftyp')) return format('m4a')
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const docType = ebmlDocType(bytes)
    return docType === 'webm' || docType === 'matroska' ? format('webm') : null
  }
  const tag = id3Length(bytes)
  if (tag) {
    // ID3 also prefixes FLAC; an MP3 needs a frame header where the tag ends (or the tag is all we have)
    if (ascii(bytes, tag, 'fLaC')) return format('flac')
    return tag >= bytes.length || mpegFrame(bytes, tag) ? format('mp3') : null
  }
  // a bare MPEG stream: one frame header is too easy to hit by chance, so ask for a second
  if (mpegFrame(bytes, 0))
    return mpegFrameLength(bytes, 0) && mpegFrame(bytes, mpegFrameLength(bytes, 0)) ? format('mp3') : null
  return null
}

export const bitrates = {
  // kbit/s by [MPEG-1?][layer 3,2,1][index]
  v1: [
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  ],
  v2: [
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  ],
}
export const sampleRates = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const

/** The byte length of the MPEG audio frame at `at` (0 for free-format frames, which we do not chase). */
export function mpegFrameLength(b: Uint8Array, at: number): number {
  const version = ((b[at + 1] >> 3) & 3) as 0 | 2 | 3
  const layer = (b[at + 1] >> 1) & 3 // 3 = layer I, 2 = II, 1 = III
  const kbps = (version === 3 ? bitrates.v1 : bitrates.v2)[layer === 3 ? 2 : layer === 2 ? 1 : 0][b[at + 2] >> 4]
  const rate = sampleRates[version][(b[at + 2] >> 2) & 3]
  const padding = (b[at + 2] >> 1) & 1
  if (!kbps) return 0
  if (layer === 3) return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4
  const perFrame = layer === 1 && version !== 3 ? 72 : 144
  return Math.floor((perFrame * kbps * 1000) / rate) + padding
}
