import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { decodeAudio, SAMPLE_RATE } from '../../engines/speech'
import { writeWav } from '../../engines/speech/test-audio'
import { degrade, renderPage, TEST_PAGES } from '../../engines/ocr/test-pages'
import { detectFaces, type FaceBox } from '../../engines/face'
import { cropAround, RECAPTURES, readSample, withMoire } from '../../engines/face/samples'
import { projectRoot } from '../../lib/project-root'
import { audioPath, callTranscript, type CallSegment } from '../calls'
import type { PhotoSource, ShowcaseDocument, ShowcaseRecording, ShowcaseSummary } from './plan'

/*
 * The showcase's inputs, made from what the repository ships: document pages drawn from their SVG,
 * the demo calls' audio, their transcripts as text, and face photos. This is what a person would
 * upload; the engines make everything else from it.
 */

/**
 * A document page as its file: PNG as drawn, or JPEG as a phone photographs it. A page drawn blank
 * (a machine without the fonts its SVG names, or any font) is refused rather than uploaded.
 */
export async function documentFile(doc: ShowcaseDocument): Promise<Buffer> {
  const page = TEST_PAGES.find((p) => p.id === doc.page)
  if (!page) throw new Error(`No test page "${doc.page}"`)
  const png = await renderPage(page)
  const { channels } = await sharp(png).stats()
  if (channels.every((c) => c.min === c.max)) {
    throw new Error(
      `The page ${doc.page} was drawn blank: install a font such as ${page.font} (fonts-dejavu, fonts-liberation)`,
    )
  }
  return doc.as ? degrade(png, doc.as) : png
}

/** Silence kept around a speaker's turn on their own channel (no more than the pause to the next turn). */
const PAD_S = 0.25

/** The turns that end by `clipS`, and where the audio is cut (a moment after the last of them). */
function clipped(segments: CallSegment[], clipS: number | undefined) {
  if (clipS === undefined) return { segments, endS: Infinity }
  const kept = segments.filter((s) => s.end <= clipS)
  if (!kept.length) throw new Error(`No turn of the call ends within ${clipS} s`)
  return { segments: kept, endS: kept.at(-1)!.end + 0.6 }
}

/**
 * A demo call's recording as uploaded: the shipped Ogg Opus file when it is mono and whole; else a
 * 16-bit WAV made from its decoded audio: cut after the turns that fit in `clipS`, and for stereo
 * each speaker on a channel of their own (agent left, customer right), silence on the other.
 */
export async function recordingFile(rec: ShowcaseRecording): Promise<{ bytes: Buffer; fileName: string }> {
  const shipped = await readFile(audioPath(rec.call))
  if (rec.channels === 1 && rec.clipS === undefined) return { bytes: shipped, fileName: `${rec.call}.ogg` }
  const { mono } = await decodeAudio(shipped)
  const { segments, endS } = clipped(callTranscript(rec.call).segments, rec.clipS)
  const length = Math.min(mono.length, Math.round(endS * SAMPLE_RATE))
  const cut = mono.subarray(0, length)
  const suffix = rec.clipS === undefined ? '' : `-first-${Math.round(rec.clipS)}s`
  if (rec.channels === 1) {
    return {
      bytes: Buffer.from(writeWav({ sampleRate: SAMPLE_RATE, channels: [cut] })),
      fileName: `${rec.call}${suffix}.wav`,
    }
  }
  const channels = [new Float32Array(length), new Float32Array(length)]
  segments.forEach((s, i) => {
    const previous = segments[i - 1]
    const next = segments[i + 1]
    // each turn with a little of the room around it, never into the other speaker's words
    const from = Math.max(s.start - PAD_S, previous ? Math.min(s.start, previous.end) : 0)
    const to = Math.min(s.end + PAD_S, next ? Math.max(s.end, next.start) : endS)
    const [a, b] = [Math.round(from * SAMPLE_RATE), Math.min(length, Math.round(to * SAMPLE_RATE))]
    if (b > a) channels[s.speaker === 'agent' ? 0 : 1]!.set(cut.subarray(a, b), a)
  })
  return {
    bytes: Buffer.from(writeWav({ sampleRate: SAMPLE_RATE, channels })),
    fileName: `${rec.call}${suffix}-stereo.wav`,
  }
}

/** A demo call's transcript as a text file would hold it: one turn a line, its speaker first. */
export function transcriptText(summary: ShowcaseSummary): { text: string; fileName: string } {
  const { segments } = callTranscript(summary.call)
  const text = segments.map((s) => `${s.speaker === 'agent' ? 'Agent' : 'Customer'}: ${s.text}`).join('\n')
  return { text, fileName: `${summary.call}-transcript.txt` }
}

const RECAPTURE = {
  tilted: RECAPTURES.find((r) => r.name.startsWith('tilted'))!.apply,
  webcam: RECAPTURES.find((r) => r.name.startsWith('brighter'))!.apply,
  screen: (img: Buffer) => withMoire(img),
}

/**
 * Reads the photos of a cast: fixtures from the repository, sample faces cropped out of their group
 * photo (the detector finds them, through `limit`; each photo is read and searched once).
 */
export function photoReader(limit: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn()) {
  const boxes = new Map<number, Promise<{ photo: Buffer; faces: FaceBox[] }>>()
  const group = (n: number) => {
    let found = boxes.get(n)
    if (!found) {
      found = (async () => {
        const photo = await readSample(n)
        const { faces } = await limit(() => detectFaces(photo))
        return { photo, faces: faces.map((f) => f.box).sort((a, b) => a.x - b.x) }
      })()
      boxes.set(n, found)
    }
    return found
  }
  return async (source: PhotoSource): Promise<Buffer> => {
    let photo: Buffer
    if ('fixture' in source) {
      photo = await readFile(path.join(projectRoot(), 'api', 'engines', 'face', 'fixtures', source.fixture))
    } else {
      const { photo: whole, faces } = await group(source.sample)
      const box = faces[source.face]
      if (!box) throw new Error(`Sample photo ${source.sample} has no face ${source.face}`)
      photo = await cropAround(whole, box)
    }
    return source.as ? RECAPTURE[source.as](photo) : photo
  }
}

/** A photo source's name, to tell one apart in a job's log and to analyse each one once. */
export const photoKey = (source: PhotoSource) =>
  ('fixture' in source ? source.fixture : `sample${source.sample}-face${source.face}`) +
  (source.as ? `-${source.as}` : '')
