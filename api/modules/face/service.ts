import {
  descriptorDistance,
  FaceError,
  liveness,
  singleFace,
  type FaceErrorCode,
  type SingleFace,
} from '../../engines/face'
import type { Liveness } from '../../engines/face'
import { HttpError } from '../../lib/http-error'
import { createLimiter, type Limiter } from './limiter'
import type { NewScan, Reference } from './store'

/**
 * Face analysis takes ~0.7 s of CPU per photo on this API's thread pool: at most two run at once
 * in the process, a few more wait, and beyond that the request is refused (429) at once.
 */
export const faceLimiter: Limiter = createLimiter(2, 16)

/** HTTP status per engine refusal: the type (415), the size (413), the bytes or the face (400). */
export const faceErrorStatus: Record<FaceErrorCode, number> = {
  unsupported: 415,
  too_large: 413,
  corrupt: 400,
  no_face: 400,
  many_faces: 400,
  too_small: 400,
  too_blurry: 400,
}

/** The one usable face of a photo, through the limiter; a refusal as the FaceError it was. */
export function analyse(bytes: Uint8Array, signal?: AbortSignal, limiter: Limiter = faceLimiter) {
  return limiter.run(() => singleFace(bytes), signal)
}

/** The engine's refusal as an HttpError with the field it concerns. */
export function faceHttpError(error: unknown, field: string): unknown {
  if (!(error instanceof FaceError)) return error
  return new HttpError(faceErrorStatus[error.code], error.message, { [field]: [error.message] })
}

/** A distance as the person reading it needs it: two decimals, three when two would equal the threshold. */
export function formatDistance(distance: number, threshold: number) {
  const two = distance.toFixed(2)
  return two === threshold.toFixed(2) && distance !== threshold ? distance.toFixed(3) : two
}
const formatThreshold = (threshold: number) => String(Number(threshold.toFixed(3)))

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`

/** Why a photo failed the liveness check, as sentences; nothing when it passed. */
export function livenessReasons(check: Liveness): string[] {
  if (check.live) return []
  return [
    `The photo may not show a live person (liveness score ${check.score.toFixed(2)}).`,
    ...check.reasons.map(sentence),
  ]
}

export type Outcome = {
  decision: 'validated' | 'invalidated'
  personId: number | null
  distance: number | null
  reasons: string[]
}

/** Verify: the probe against the claimed person's reference descriptors (the nearest counts). */
export function verifyOutcome(
  probe: Float32Array,
  refs: Reference[],
  threshold: number,
  check: Liveness,
  personId: number,
): Outcome {
  const distance = Math.min(...refs.map((r) => descriptorDistance(probe, r.descriptor)))
  const same = distance < threshold
  const d = formatDistance(distance, threshold)
  const t = formatThreshold(threshold)
  const reasons = [
    same
      ? `Distance ${d} is below the threshold ${t}: the same person.`
      : `Distance ${d} is ${distance === threshold ? 'at' : 'above'} the threshold ${t}: a different person.`,
    ...livenessReasons(check),
  ]
  return { decision: same && check.live ? 'validated' : 'invalidated', personId, distance, reasons }
}

/** Identify: the nearest enrolled person, taken only when under the threshold and live. */
export function identifyOutcome(probe: Float32Array, refs: Reference[], threshold: number, check: Liveness): Outcome {
  let best: { ref: Reference; distance: number } | null = null
  for (const ref of refs) {
    const distance = descriptorDistance(probe, ref.descriptor)
    if (!best || distance < best.distance) best = { ref, distance }
  }
  if (!best) {
    return { decision: 'invalidated', personId: null, distance: null, reasons: ['No one is enrolled to compare with.'] }
  }
  const t = formatThreshold(threshold)
  const d = formatDistance(best.distance, threshold)
  const found = best.distance < threshold
  const reasons = [
    found
      ? `Nearest enrolled person is ${best.ref.name}: distance ${d} is below the threshold ${t}.`
      : `No enrolled person is close enough (nearest ${d}, threshold ${t}).`,
    ...livenessReasons(check),
  ]
  return {
    decision: found && check.live ? 'validated' : 'invalidated',
    personId: best.ref.personId,
    distance: best.distance,
    reasons,
  }
}

/** The liveness of an analysed face. */
export const livenessOf = (face: SingleFace) => liveness(face)

/**
 * A scan's row as the verify and identify routes (and the showcase's job) keep it: the decision with
 * its reasons, the liveness check, and the face where the engine found it on the stored photo.
 */
export function scanRow(scan: {
  userId: number
  kind: 'verify' | 'identify'
  face: SingleFace
  check: Liveness
  outcome: Outcome
  threshold: number
  blobKey: string
  mimeType: string
}): NewScan {
  const { face, check, outcome } = scan
  return {
    userId: scan.userId,
    kind: scan.kind,
    decision: outcome.decision,
    personId: outcome.personId,
    distance: outcome.distance,
    threshold: scan.threshold,
    reasons: outcome.reasons,
    liveness: { score: Math.round(check.score * 1000) / 1000, live: check.live, reasons: check.reasons },
    face: face.box,
    landmarks: face.landmarks,
    blobKey: scan.blobKey,
    mimeType: scan.mimeType,
    width: face.width,
    height: face.height,
  }
}
