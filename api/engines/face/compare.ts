/**
 * The Euclidean distance below which two descriptors are taken as the same person, chosen with
 * bench/face.ts on the package's demo photos: every two of their 22 faces (231 impostor pairs,
 * nearest 0.440) against 69 synthetic genuine pairs (a face and its own recapture; p95 0.380,
 * max 0.521). 0.41–0.44 separates them best (one false reject, no false accept); 0.55, the usual
 * face-api figure, accepts 5 of the 231 impostors here. The demo faces are alike (young women, similar
 * pose and make-up), which is why impostors come this close. Real genuine pairs (two sessions,
 * months apart) sit further apart than synthetic ones, so expect more false rejects than the bench
 * shows; callers that prefer convenience over security can pass a higher threshold.
 */
export const DEFAULT_THRESHOLD = 0.43

export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`Descriptors differ in length (${a.length} vs ${b.length}).`)
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!
    sum += d * d
  }
  return Math.sqrt(sum)
}

export function compare(
  a: Float32Array,
  b: Float32Array,
  threshold = DEFAULT_THRESHOLD,
): { distance: number; match: boolean; threshold: number } {
  const distance = descriptorDistance(a, b)
  return { distance, match: distance < threshold, threshold }
}
