import { MIN_SHARPNESS } from './detect'
import type { FaceCrop } from './quality'
import { laplacianVariance } from './quality'
import { periodicPeak } from './spectrum'
import type { FaceBox } from './types'

/**
 * log10 peak-to-ring power below which the spectrum looks natural, and above which it looks like a
 * photographed screen or print. The sample faces measure 1.15–1.9 (blur pushes it up a little as
 * the ring medians fall); a sinusoidal grating of 3–5 px period at ±20 grey levels, 2.8–5. A
 * grating finer than the crop's resampling (~3 px on a 200 px face) averages away and is missed.
 */
const PEAK_NATURAL = 2.2
const PEAK_SCREEN = 3.0
/** Sharpness at and above which blur costs nothing; between MIN_SHARPNESS and this it scales. */
const SHARP_ENOUGH = 80
const LIVE_AT = 0.5

export type LivenessInput = { crop: FaceCrop; box: FaceBox; width: number; height: number; sharpness?: number }
export type Liveness = { score: number; live: boolean; reasons: string[] }

const clamp01 = (v: number) => Math.min(1, Math.max(0, v))

/**
 * A basic, single-image presentation-attack check, meant to catch the lazy attack: a phone or
 * monitor showing someone's photo to the camera, or a printout held up close. Three signals, each
 * 0–1, the score is their minimum:
 * - blur: replayed and re-photographed images lose fine detail (Laplacian variance of the face);
 * - moiré: a screen's pixel grid or a print's halftone shows as isolated peaks in the face crop's
 *   high-frequency spectrum (see periodicPeak);
 * - framing: a face that fills the frame or is cut by two or more edges suggests a photo held to
 *   the lens.
 *
 * What it does NOT stop: a sharp high-resolution print or screen shot from a distance (no moiré
 * reaches the camera), masks and 3-D models, deepfakes or injected video (a virtual camera
 * sends clean frames), replay of a genuine capture, and anything an attacker tunes against these
 * thresholds. It has no depth, motion or challenge-response signal; anything that needs real
 * assurance must add an active check (blink/turn prompts) or a certified liveness vendor.
 */
export function liveness(face: LivenessInput): Liveness {
  const reasons: string[] = []
  const sharpness = face.sharpness ?? laplacianVariance(face.crop)
  const blur = clamp01((sharpness - MIN_SHARPNESS) / (SHARP_ENOUGH - MIN_SHARPNESS))
  if (blur < 1) reasons.push(`face is soft (sharpness ${sharpness.toFixed(0)}): possibly a re-photographed image`)

  const peak = periodicPeak(face.crop.grey, face.crop.size)
  const moire = clamp01((PEAK_SCREEN - peak) / (PEAK_SCREEN - PEAK_NATURAL))
  if (moire < 1) reasons.push(`periodic high-frequency pattern (peak ${peak.toFixed(2)}): possibly a screen or print`)

  const { box, width, height } = face
  const edge = 0.01 * Math.max(width, height)
  const cut = [
    box.x <= edge,
    box.y <= edge,
    box.x + box.width >= width - edge,
    box.y + box.height >= height - edge,
  ].filter(Boolean).length
  const fill = box.width / width
  let framing = 1
  if (cut >= 2) {
    framing = 0.3
    reasons.push('face is cut by two or more edges of the frame')
  } else if (fill > 0.9) {
    framing = 0.4
    reasons.push('face fills the whole frame')
  }

  const score = Math.min(blur, moire, framing)
  return { score, live: score >= LIVE_AT, reasons }
}
