import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

/*
 * Test and bench material built from the six demo photos @vladmandic/face-api ships (MIT), not
 * product code. The photos are group shots of 3–5 different people each, and no one appears in
 * two photos, so they give impostor pairs but no genuine pairs of one person in two sessions.
 * Genuine pairs are therefore synthetic: the same face after a change a second capture would bring
 * (mirror, rescale, exposure and JPEG quality, a small tilt). They are easier than real genuine
 * pairs; see bench/face.ts.
 */

const require = createRequire(import.meta.url)
const DEMO = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo')

export const SAMPLE_PHOTOS = [1, 2, 3, 4, 5, 6].map((n) => path.join(DEMO, `sample${n}.jpg`))
/** Faces SSD finds at confidence ≥ 0.5 in each photo (checked by eye against the photos). */
export const SAMPLE_FACE_COUNTS = [3, 3, 3, 4, 5, 4]

export const readSample = (n: number) => readFile(SAMPLE_PHOTOS[n - 1]!)

/** A single-face image: the box grown by `margin` on each side, clamped to the photo. */
export async function cropAround(
  photo: Uint8Array,
  box: { x: number; y: number; width: number; height: number },
  margin = 0.35,
): Promise<Buffer> {
  const meta = await sharp(photo).metadata()
  const left = Math.max(0, Math.round(box.x - box.width * margin))
  const top = Math.max(0, Math.round(box.y - box.height * margin))
  const right = Math.min(meta.width!, Math.round(box.x + box.width * (1 + margin)))
  const bottom = Math.min(meta.height!, Math.round(box.y + box.height * (1 + margin)))
  return sharp(photo)
    .extract({ left, top, width: right - left, height: bottom - top })
    .jpeg({ quality: 95 })
    .toBuffer()
}

/** What a second capture of the same face might change, one at a time. */
export const RECAPTURES: { name: string; apply: (img: Buffer) => Promise<Buffer> }[] = [
  { name: 'mirrored', apply: (img) => sharp(img).flop().jpeg({ quality: 90 }).toBuffer() },
  {
    name: 'rescaled 0.6',
    apply: async (img) => {
      const { width } = await sharp(img).metadata()
      return sharp(img)
        .resize({ width: Math.round(width! * 0.6) })
        .jpeg({ quality: 90 })
        .toBuffer()
    },
  },
  {
    name: 'brighter, JPEG q40',
    apply: (img) => sharp(img).modulate({ brightness: 1.3 }).jpeg({ quality: 40 }).toBuffer(),
  },
  {
    name: 'tilted 10°',
    apply: (img) => sharp(img).rotate(10, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer(),
  },
]

/** A sinusoidal grating added to every pixel: the moiré a camera records off a screen. */
export async function withMoire(img: Uint8Array, period = 5, amplitude = 10): Promise<Buffer> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const v = amplitude * Math.sin((2 * Math.PI * (x + 0.5 * y)) / period)
      const i = (y * info.width + x) * 3
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + v))
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer()
}
