export type OcrBox = { x0: number; y0: number; x1: number; y1: number }
export type OcrWord = { text: string; /** 0–100 */ confidence: number; box: OcrBox }
export type OcrPage = {
  page: number
  width: number
  height: number
  text: string
  words: OcrWord[]
  source: 'ocr' | 'text_layer'
  /** Degrees clockwise the page was turned before reading. */
  rotation: number
  /** PNG of the page as processed, for the viewer; the word boxes are in its pixels. */
  image: Uint8Array
}
