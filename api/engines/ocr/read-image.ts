import sharp from 'sharp'
import type { RecognizeResult } from 'tesseract.js'
import { readingOrder } from './layout'
import { lineAxis, probe } from './orientation'
import { recognisePng } from './pool'
import { prepareImage, type Prepared } from './preprocess'
import type { OcrPage, OcrWord } from './types'

type TesseractPage = RecognizeResult['data']
type Rotation = 0 | 90 | 180 | 270
type Reading = Prepared & { rotation: Rotation; text: string; words: OcrWord[] }

/** A page read at this mean word confidence is taken as upright; below it the other ways are tried. */
const UPRIGHT_CONFIDENCE = 60

/** How much confidently-read text there is: sideways pages yield few, low-confidence fragments. */
function score(words: OcrWord[]): number {
  return words.reduce((sum, w) => sum + (w.confidence >= 50 ? (w.confidence / 100) * w.text.length : 0), 0)
}

const meanConfidence = (words: { confidence: number }[]) =>
  words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0

const wordsOf = (data: TesseractPage) =>
  (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)))

async function turned(upright: Prepared, rotation: Rotation): Promise<Prepared> {
  if (!rotation) return upright
  const { data, info } = await sharp(upright.png).rotate(rotation).png().toBuffer({ resolveWithObject: true })
  return { png: data, width: info.width, height: info.height }
}

/** Mean word confidence of a quick read of a few lines of the page turned this way. */
async function probeConfidence(upright: Prepared, rotation: Rotation): Promise<number> {
  const strip = await probe((await turned(upright, rotation)).png)
  return meanConfidence(wordsOf(await recognisePng(strip, 'probe')))
}

/**
 * Which way up to read first, and the other ways worth a look if that reads poorly. The language
 * data has no orientation model (OSD), so the direction of the lines comes from the pixels
 * (lineAxis), and for a page on its side, which end is up from a quick read of a few of its lines
 * both ways round.
 */
async function orientations(upright: Prepared): Promise<{ first: Rotation; others: Rotation[] }> {
  const axis = await lineAxis(upright.png)
  // Tesseract reads some of a sideways page as it lies, confidently enough to pass for upright:
  // so the lines' direction picks the first reading even when it is not clear-cut.
  if (!axis.sideways) return { first: 0, others: axis.sure ? [180] : [180, 90, 270] }
  const [right, left] = await Promise.all([probeConfidence(upright, 90), probeConfidence(upright, 270)])
  const [first, other]: Rotation[] = right! >= left! ? [90, 270] : [270, 90]
  return { first: first!, others: axis.sure ? [other!] : [other!, 0, 180] }
}

const readsWell = (reading: Reading) => meanConfidence(reading.words) >= UPRIGHT_CONFIDENCE && reading.words.length >= 3

/**
 * OCR one image: pre-processed once and read the way up its pixels say: one full recognition for
 * an upright or sideways page. Only when that reads poorly (upside down, or simply a poor copy)
 * do quick reads of a few lines at the other orientations say whether one of them deserves a
 * full recognition too; the better reading wins. Small skew is Tesseract's own rotateAuto.
 */
export async function readImage(bytes: Uint8Array, pageNumber: number, checkAbort: () => void): Promise<OcrPage> {
  checkAbort()
  const upright = await prepareImage(bytes)
  checkAbort()
  const read = async (rotation: Rotation): Promise<Reading> => {
    checkAbort()
    const prepared = await turned(upright, rotation)
    const data = await recognisePng(prepared.png)
    return { ...prepared, rotation, ...readingOrder(data.blocks ?? []) }
  }
  const { first, others } = await orientations(upright)
  let chosen = await read(first)
  if (!readsWell(chosen)) {
    checkAbort()
    // A probe's mean word confidence is comparable with the full reading's: no need to probe that way.
    const probes = await Promise.all(others.map((r) => probeConfidence(upright, r)))
    const best = probes.reduce((b, c, i) => (c > probes[b]! ? i : b), 0)
    if (probes[best]! > meanConfidence(chosen.words)) {
      const other = await read(others[best]!)
      if (score(other.words) > score(chosen.words)) chosen = other
    }
  }
  return {
    page: pageNumber,
    width: chosen.width,
    height: chosen.height,
    text: chosen.text.trim(),
    words: chosen.words,
    source: 'ocr',
    rotation: chosen.rotation,
    image: new Uint8Array(chosen.png),
  }
}
