import sharp from 'sharp'
import { OcrError } from './errors'

/** 40 MP: an A4 page at 600 dpi is 35 MP; anything larger is a decompression bomb or a poster. */
export const MAX_PIXELS = 40_000_000
/** Tesseract reads body text best at about 30 px per line; this long side keeps A4 near 300 dpi. */
const MAX_SIDE = 3500
/** Small photos of documents OCR better enlarged: glyphs under ~20 px tall lose their shape. */
const MIN_SIDE = 1000

export type Prepared = { png: Buffer; width: number; height: number }

/** Share of pixels that are lone specks (dark among light or light among dark) above which to denoise. */
const SPECKLED = 0.0005

function speckled(data: Buffer, width: number, height: number): boolean {
  const enough = SPECKLED * width * height
  let specks = 0
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const v = data[y * width + x]!
      if (v > 100 && v < 155) continue
      let lighter = 0
      let darker = 0
      for (const o of [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1]) {
        const n = data[y * width + x + o]!
        if (n - v > 100) lighter++
        else if (v - n > 100) darker++
      }
      if ((lighter === 8 || darker === 8) && ++specks > enough) return true
    }
  return false
}

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
    const grey = await pipeline.raw().toBuffer({ resolveWithObject: true })
    pipeline = sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
    // The median filter clears specks but also thins commas and hairlines: only on a speckled page.
    if (speckled(grey.data, grey.info.width, grey.info.height)) pipeline = pipeline.median(3)
    pipeline = pipeline.normalise()
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
