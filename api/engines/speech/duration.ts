import { bitrates, id3Length, mpegFrame, mpegFrameLength, sampleRates, type AudioFormat } from './sniff'

/*
 * A recording's length from its container header, read before anything is decoded, so a 10-hour
 * upload is refused without unpacking it. Null means the header does not say (a WebM from a
 * browser's MediaRecorder, a streamed WAV): the decoder's own limit still applies then, as it
 * does to a file whose header claims less than it holds.
 */

/** Random access to a file that may not be in memory (a stored upload). `end` is exclusive. */
export type ByteSource = { size: number; read(start: number, end: number): Promise<Uint8Array> }

export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: async (start, end) => bytes.subarray(start, Math.min(end, bytes.length)),
})

const dv = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength)
const text = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, Math.min(b.length, at + length)))
/** Headers are small; a parser walking boxes or chunks gives up after this many. */
const MAX_STEPS = 256

/** Seconds of audio the header of a file of this (sniffed) format claims, or null when it does not say. */
export async function headerDuration(source: ByteSource, ext: AudioFormat['ext']): Promise<number | null> {
  try {
    const seconds = await parsers[ext](source)
    return seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : null
  } catch {
    // a header too broken to read is the decoder's to report
    return null
  }
}

const parsers: Record<AudioFormat['ext'], (source: ByteSource) => Promise<number | null>> = {
  wav: wavDuration,
  flac: flacDuration,
  mp3: mp3Duration,
  ogg: oggDuration,
  m4a: mp4Duration,
  webm: webmDuration,
}

/** RIFF: the data chunk's size over the fmt chunk's bytes per second. */
async function wavDuration(source: ByteSource) {
  let byteRate = 0
  for (let at = 12, step = 0; at + 8 <= source.size && step < MAX_STEPS; step++) {
    const head = await source.read(at, at + 24)
    const id = text(head, 0, 4)
    const size = dv(head).getUint32(4, true)
    if (id === 'fmt ' && head.length >= 20) byteRate = dv(head).getUint32(16, true)
    if (id === 'data') {
      if (!byteRate) return null
      // streamed WAVs write 0 or 0xFFFFFFFF: the data then runs to the end of the file
      const rest = source.size - at - 8
      const bytes = size === 0 || size === 0xffffffff ? rest : size
      return bytes / byteRate
    }
    at += 8 + size + (size & 1)
  }
  return null
}

/** The STREAMINFO block's sample rate and total samples (20 and 36 bits); FLAC says 0 when unknown. */
function streamInfo(b: Uint8Array, at: number) {
  const rate = (b[at + 10] << 12) | (b[at + 11] << 4) | (b[at + 12] >> 4)
  const samples = (b[at + 13] & 0x0f) * 2 ** 32 + dv(b).getUint32(at + 14)
  return rate && samples ? samples / rate : null
}

async function flacDuration(source: ByteSource) {
  const tag = id3Length(await source.read(0, 10))
  const b = await source.read(tag, tag + 4 + 4 + 34)
  if (text(b, 0, 4) !== 'fLaC' || (b[4] & 0x7f) !== 0 || b.length < 42) return null
  return streamInfo(b, 8)
}

const samplesPerFrame = (version: number, layer: number) =>
  layer === 3 ? 384 : layer === 1 && version !== 3 ? 576 : 1152

/** The Xing/Info or VBRI frame count of the first frame, else size over the first frame's bitrate (CBR). */
async function mp3Duration(source: ByteSource) {
  const tag = id3Length(await source.read(0, 10))
  const b = await source.read(tag, tag + 4096)
  let at = 0
  while (at < b.length - 4 && !(mpegFrame(b, at) && mpegFrameLength(b, at))) at++
  if (at >= b.length - 4) return null
  const version = (b[at + 1] >> 3) & 3
  const layer = (b[at + 1] >> 1) & 3
  const rate = sampleRates[version as 0 | 2 | 3][(b[at + 2] >> 2) & 3]
  const mono = b[at + 3] >> 6 === 3
  const perFrame = samplesPerFrame(version, layer)
  const xing = at + 4 + (version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17)
  const tagName = text(b, xing, 4)
  if ((tagName === 'Xing' || tagName === 'Info') && b.length >= xing + 12 && dv(b).getUint32(xing + 4) & 1) {
    return (dv(b).getUint32(xing + 8) * perFrame) / rate
  }
  if (text(b, at + 36, 4) === 'VBRI' && b.length >= at + 36 + 18) {
    return (dv(b).getUint32(at + 36 + 14) * perFrame) / rate
  }
  const kbps = (version === 3 ? bitrates.v1 : bitrates.v2)[layer === 3 ? 2 : layer === 2 ? 1 : 0][b[at + 2] >> 4]
  const tail = await source.read(Math.max(0, source.size - 128), source.size)
  const id3v1 = text(tail, 0, 3) === 'TAG' ? 128 : 0
  return ((source.size - tag - at - id3v1) * 8) / (kbps * 1000)
}

/** The id header's clock (Opus always 48 kHz, less its pre-skip), then the last page's granule position. */
async function oggDuration(source: ByteSource) {
  const first = await source.read(0, 27 + 255 + 64)
  if (text(first, 0, 4) !== 'OggS') return null
  const serial = dv(first).getUint32(14, true)
  const packet = 27 + first[26]
  let rate = 0
  let skip = 0
  if (text(first, packet, 8) === 'OpusHead') {
    rate = 48000
    skip = dv(first).getUint16(packet + 10, true)
  } else if (text(first, packet, 7) === '\x01vorbis') rate = dv(first).getUint32(packet + 12, true)
  else if (text(first, packet, 5) === '\x7fFLAC') {
    const info = packet + 13 + 4
    rate = (first[info + 10] << 12) | (first[info + 11] << 4) | (first[info + 12] >> 4)
  }
  if (!rate) return null
  // a page is at most 27 + 255 + 255 * 255 bytes, so the last one starts within this tail
  const start = Math.max(0, source.size - 2 * 65536)
  const tail = await source.read(start, source.size)
  for (let at = tail.lastIndexOf(0x4f); at >= 0; at = at > 0 ? tail.lastIndexOf(0x4f, at - 1) : -1) {
    if (tail.length < at + 27 || text(tail, at, 4) !== 'OggS' || tail[at + 4] !== 0) continue
    if (dv(tail).getUint32(at + 14, true) !== serial) continue
    const granule = dv(tail).getBigInt64(at + 6, true)
    if (granule < 0n) continue
    return Math.max(0, Number(granule) - skip) / rate
  }
  return null
}

/** An ISO BMFF box header at `at`: its type, where its body starts and where it ends. */
async function box(source: ByteSource, at: number) {
  const b = await source.read(at, at + 16)
  if (b.length < 8) return null
  let size = dv(b).getUint32(0)
  let body = at + 8
  if (size === 1 && b.length >= 16) {
    size = Number(dv(b).getBigUint64(8))
    body = at + 16
  } else if (size === 0) size = source.size - at
  if (size < body - at) return null
  return { type: text(b, 4, 4), body, end: at + size }
}

/** The moov box's mvhd: duration over timescale (the moov may sit after the audio, as here in ffmpeg's default). */
async function mp4Duration(source: ByteSource) {
  let moov: { body: number; end: number } | null = null
  for (let at = 0, step = 0; at < source.size && step < MAX_STEPS && !moov; step++) {
    const found = await box(source, at)
    if (!found) return null
    if (found.type === 'moov') moov = found
    at = found.end
  }
  for (let at = moov?.body ?? Infinity, step = 0; moov && at < moov.end && step < MAX_STEPS; step++) {
    const found = await box(source, at)
    if (!found) return null
    if (found.type === 'mvhd') {
      const b = await source.read(found.body, found.body + 32)
      const v1 = b[0] === 1
      const timescale = dv(b).getUint32(v1 ? 20 : 12)
      const duration = v1 ? Number(dv(b).getBigUint64(24)) : dv(b).getUint32(16)
      // fragmented files leave it 0 (or all ones) and carry the length in their fragments
      if (!timescale || !duration || duration === 0xffffffff) return null
      return duration / timescale
    }
    at = found.end
  }
  return null
}

/** An EBML variable-length integer at `at`: its value and length (`keepMarker` for element ids). */
function vint(b: Uint8Array, at: number, keepMarker = false) {
  const first = b[at]
  if (!first) return null
  const length = Math.clz32(first) - 23
  if (at + length > b.length) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]
    allOnes &&= b[at + i] === 0xff
  }
  return { value, length, unknown: !keepMarker && allOnes }
}

async function element(source: ByteSource, at: number) {
  const b = await source.read(at, at + 12)
  const id = vint(b, 0, true)
  const size = id && vint(b, id.length)
  if (!id || !size) return null
  const body = at + id.length + size.length
  return { id: id.value, body, end: size.unknown ? Infinity : body + size.value }
}

const SEGMENT = 0x18538067
const INFO = 0x1549a966
const CLUSTER = 0x1f43b675
const TIMECODE_SCALE = 0x2ad7b1
const DURATION = 0x4489

/** Segment › Info › Duration (a float, in TimecodeScale nanoseconds). Browsers' recordings leave it out. */
async function webmDuration(source: ByteSource) {
  const header = await element(source, 0)
  const segment = header && (await element(source, header.end))
  if (!segment || segment.id !== SEGMENT) return null
  for (let at = segment.body, step = 0; at < Math.min(segment.end, source.size) && step < MAX_STEPS; step++) {
    const child = await element(source, at)
    if (!child || child.id === CLUSTER || child.end === Infinity) return null
    if (child.id === INFO) {
      const info = await source.read(child.body, Math.min(child.end, child.body + 4096))
      let scale = 1_000_000
      let duration: number | null = null
      for (let i = 0; i < info.length;) {
        const id = vint(info, i, true)
        const size = id && vint(info, i + id.length)
        if (!id || !size) break
        const body = i + id.length + size.length
        if (id.value === TIMECODE_SCALE) scale = Number(readUint(info, body, size.value))
        if (id.value === DURATION && (size.value === 4 || size.value === 8) && body + size.value <= info.length) {
          duration = size.value === 4 ? dv(info).getFloat32(body) : dv(info).getFloat64(body)
        }
        i = body + size.value
      }
      return duration === null ? null : (duration * scale) / 1e9
    }
    at = child.end
  }
  return null
}

function readUint(b: Uint8Array, at: number, length: number) {
  let value = 0
  for (let i = 0; i < length; i++) value = value * 256 + (b[at + i] ?? 0)
  return value
}

/** "10 h 0 min", "95 min": how long a recording is, rounded up to the minute. */
export function formatLength(seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export const tooLongMessage = (seconds: number, maxSeconds: number) =>
  `Recordings can be ${Math.round(maxSeconds / 60)} minutes at most; this one is ${formatLength(seconds)}.`
