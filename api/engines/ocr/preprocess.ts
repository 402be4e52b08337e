import sharp from 'sharp'
import { OcrError } from './errors'

/** 40 MP: an A4 page at 600 dpi is 35 MP; anything larger is a decompression bomb or a poster. */
export const MAX_PIXELS = 40_000_000
/** Tesseract reads body text best at about 30 px per line; this long side keeps A4 near 300 dpi. */
const MAX_SIDE = 3500
/** Small photos of documents OCR better enlarged: glyphs under ~20 px tall lose their shape. */
const MIN_SIDE = 1000

export type Prepared = { png: Buffer; width: number; height: number }

/**
 * Decode within the pixel bound, apply the EXIF orientation, and make what Tesseract reads best:
 * greyscale, contrast stretched, light median denoise, sized to about 300 dpi. A file sharp cannot
 * decode is corrupt; one that is too big says so rather than exhausting memory.
 */
export async function prepareImage(bytes: Uint8Array, rotate = 0): Promise<Prepared> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
    const meta = await input.metadata()
    if (!meta.width || !meta.height) throw new OcrError('corrupt', 'The image has no size and cannot be read')
    const oriented = meta.orientation && meta.orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height]
    const longSide = Math.max(oriented[0]!, oriented[1]!)
    const scale = longSide > MAX_SIDE ? MAX_SIDE / longSide : longSide < MIN_SIDE ? MIN_SIDE / longSide : 1
    let pipeline = input.rotate().flatten({ background: '#ffffff' }).greyscale()
    if (scale !== 1) pipeline = pipeline.resize(Math.round(oriented[0]! * scale), Math.round(oriented[1]! * scale))
    pipeline = pipeline.median(3).normalise()
    if (rotate) pipeline = sharp(await pipeline.png().toBuffer()).rotate(rotate)
    const { data, info } = await pipeline.png().toBuffer({ resolveWithObject: true })
    return { png: data, width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof OcrError) throw error
    const message = error instanceof Error ? error.message : String(error)
    if (/pixel limit|exceeds/i.test(message)) {
      throw new OcrError('too_large', `The image is larger than ${MAX_PIXELS / 1e6} megapixels`, { cause: error })
    }
    throw new OcrError('corrupt', 'The image is damaged or incomplete and cannot be read', { cause: error })
  }
}
