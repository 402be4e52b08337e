import sharp from 'sharp'
import { FaceError } from './errors'
import { sniffImage } from './sniff'

/** ARCHITECTURE §4: image uploads are at most 10 MB. */
export const MAX_BYTES = 10 * 1024 * 1024
/** 40 MP: above any phone camera, below what would let one upload hold ~160 MB of RGBA. */
export const MAX_PIXELS = 40_000_000
/**
 * The detector resizes to 512² anyway and the other nets work on 150 px face crops: beyond this
 * long side a larger input only costs time.
 */
export const DETECT_MAX_SIDE = 1024

export type Decoded = {
  /** Size of the uploaded image (after EXIF rotation), the frame boxes are reported in. */
  width: number
  height: number
  /** RGB, possibly downscaled to DETECT_MAX_SIDE; `scale` maps it back to width × height. */
  rgb: Uint8Array
  rgbWidth: number
  rgbHeight: number
  scale: number
  /** Full-resolution greyscale, for sharpness and liveness measured on the face itself. */
  grey: Uint8Array
}

/**
 * Sniff, bound and decode. The header is read first so a decompression bomb (a small file that
 * claims a huge canvas) is refused before any pixel is allocated; `limitInputPixels` backs that up
 * inside libvips, and `failOn: 'error'` turns truncated or garbled data into 'corrupt'.
 */
export async function decodeImage(bytes: Uint8Array): Promise<Decoded> {
  if (bytes.length > MAX_BYTES) throw new FaceError('too_large', `Image is over ${MAX_BYTES / 1024 / 1024} MB.`)
  const kind = sniffImage(bytes)
  if (!kind) throw new FaceError('unsupported', 'Only PNG, JPEG and WebP images are accepted.')
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const open = () => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', sequentialRead: true })

  const meta = await open()
    .metadata()
    .catch((error: unknown) => {
      throw tooLargeOr(error, 'The image could not be read.')
    })
  if (!meta.width || !meta.height) throw new FaceError('corrupt', 'The image has no dimensions.')
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new FaceError('too_large', `Image is ${meta.width}×${meta.height}; at most ${MAX_PIXELS / 1e6} MP.`)
  }

  try {
    const full = await open().rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const { width, height } = full.info
    const grey = await sharp(full.data, { raw: { width, height, channels: 3 } })
      .greyscale()
      .raw()
      .toBuffer()
    const scale = Math.min(1, DETECT_MAX_SIDE / Math.max(width, height))
    let rgb: Uint8Array = full.data
    let rgbWidth = width
    let rgbHeight = height
    if (scale < 1) {
      const small = await sharp(full.data, { raw: { width, height, channels: 3 } })
        .resize({ width: Math.round(width * scale), height: Math.round(height * scale), fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true })
      rgb = small.data
      rgbWidth = small.info.width
      rgbHeight = small.info.height
    }
    return { width, height, rgb, rgbWidth, rgbHeight, scale: rgbWidth / width, grey }
  } catch (error) {
    throw tooLargeOr(error, 'The image could not be decoded.')
  }
}

/** libvips reports its own pixel limit as an error; everything else it throws means bad data. */
function tooLargeOr(error: unknown, message: string): FaceError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new FaceError('too_large', `The image is larger than ${MAX_PIXELS / 1e6} MP.`)
  }
  return new FaceError('corrupt', message)
}
