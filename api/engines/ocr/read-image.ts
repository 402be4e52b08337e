import type { RecognizeResult } from 'tesseract.js'
import { recognisePng } from './pool'
import { prepareImage } from './preprocess'
import type { OcrPage, OcrWord } from './types'

type TesseractPage = RecognizeResult['data']

/** Below this mean word confidence the page may be on its side: try the other orientations. */
const TRY_ROTATIONS_BELOW = 75

function wordsOf(data: TesseractPage): OcrWord[] {
  const words: OcrWord[] = []
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          if (!word.text.trim()) continue
          words.push({ text: word.text, confidence: Math.round(word.confidence), box: { ...word.bbox } })
        }
  return words
}

/** How much confidently-read text there is: sideways pages yield few, low-confidence fragments. */
function score(words: OcrWord[]): number {
  return words.reduce((sum, w) => sum + (w.confidence >= 50 ? (w.confidence / 100) * w.text.length : 0), 0)
}

const meanConfidence = (words: OcrWord[]) =>
  words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0

/**
 * OCR one image. The language data has no orientation model (OSD), so a page that reads poorly
 * upright is also read at 90°, 180° and 270° and the best-reading orientation wins; small skew is
 * Tesseract's own rotateAuto.
 */
export async function readImage(bytes: Uint8Array, pageNumber: number, checkAbort: () => void): Promise<OcrPage> {
  let best: {
    rotation: number
    png: Buffer
    width: number
    height: number
    data: TesseractPage
    words: OcrWord[]
  } | null = null
  for (const rotation of [0, 90, 270, 180]) {
    checkAbort()
    const prepared = await prepareImage(bytes, rotation)
    checkAbort()
    const data = await recognisePng(prepared.png)
    const words = wordsOf(data)
    if (!best || score(words) > score(best.words)) best = { rotation, ...prepared, data, words }
    if (rotation === 0 && meanConfidence(words) >= TRY_ROTATIONS_BELOW && words.length >= 3) break
  }
  const chosen = best!
  return {
    page: pageNumber,
    width: chosen.width,
    height: chosen.height,
    text: chosen.data.text.trim(),
    words: chosen.words,
    source: 'ocr',
    rotation: chosen.rotation,
    image: new Uint8Array(chosen.png),
  }
}
