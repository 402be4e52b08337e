export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`Descriptors differ in length (${a.length} vs ${b.length}).`)
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!
    sum += d * d
  }
  return Math.sqrt(sum)
}

/** Whether two descriptors are the same person at `threshold` (the caller's configuration: FACE_MATCH_THRESHOLD). */
export function compare(
  a: Float32Array,
  b: Float32Array,
  threshold: number,
): { distance: number; match: boolean; threshold: number } {
  const distance = descriptorDistance(a, b)
  return { distance, match: distance < threshold, threshold }
}
