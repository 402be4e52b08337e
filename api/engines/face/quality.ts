import type { FaceBox } from './types'

/** A face crop in greyscale, at a fixed analysis size so measures do not depend on the photo's size. */
export type FaceCrop = { grey: Float32Array; size: number }

export const CROP_SIZE = 128

/**
 * Cuts the box (square, centred, clamped to the frame) out of the full-resolution greyscale image
 * and resamples it to size × size by area averaging, which is what makes the sharpness figure
 * comparable between a 100 px and a 600 px face.
 */
export function cropFace(grey: Uint8Array, width: number, height: number, box: FaceBox, size = CROP_SIZE): FaceCrop {
  const side = Math.max(1, Math.min(Math.max(box.width, box.height), width, height))
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const x0 = Math.min(Math.max(0, cx - side / 2), width - side)
  const y0 = Math.min(Math.max(0, cy - side / 2), height - side)
  const out = new Float32Array(size * size)
  const step = side / size
  for (let oy = 0; oy < size; oy++) {
    const ya = y0 + oy * step
    const yb = ya + step
    for (let ox = 0; ox < size; ox++) {
      const xa = x0 + ox * step
      const xb = xa + step
      let sum = 0
      let n = 0
      for (let y = Math.floor(ya); y < Math.ceil(yb) && y < height; y++) {
        for (let x = Math.floor(xa); x < Math.ceil(xb) && x < width; x++) {
          sum += grey[y * width + x]!
          n++
        }
      }
      out[oy * size + ox] = n ? sum / n : 0
    }
  }
  return { grey: out, size }
}

/** Variance of the 4-neighbour Laplacian: the usual focus measure; low means few sharp edges. */
export function laplacianVariance({ grey, size }: FaceCrop): number {
  let sum = 0
  let sumSq = 0
  let n = 0
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const i = y * size + x
      const v = grey[i - size]! + grey[i + size]! + grey[i - 1]! + grey[i + 1]! - 4 * grey[i]!
      sum += v
      sumSq += v * v
      n++
    }
  }
  const mean = sum / n
  return sumSq / n - mean * mean
}
