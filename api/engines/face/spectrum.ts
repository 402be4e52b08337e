/**
 * Power spectrum of a square greyscale crop (Hann-windowed, mean removed) by a separable DFT.
 * The crop is 128 px, so the O(n³) transform is ~4 M multiply-adds: no FFT library needed.
 */
export function powerSpectrum(grey: Float32Array, size: number): Float64Array {
  let mean = 0
  for (const v of grey) mean += v
  mean /= grey.length
  const win = new Float64Array(size)
  for (let i = 0; i < size; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1))
  const cos = new Float64Array(size * size)
  const sin = new Float64Array(size * size)
  for (let k = 0; k < size; k++) {
    for (let n = 0; n < size; n++) {
      const a = (-2 * Math.PI * k * n) / size
      cos[k * size + n] = Math.cos(a)
      sin[k * size + n] = Math.sin(a)
    }
  }
  // rows
  const re = new Float64Array(size * size)
  const im = new Float64Array(size * size)
  for (let y = 0; y < size; y++) {
    for (let k = 0; k < size; k++) {
      let sr = 0
      let si = 0
      for (let x = 0; x < size; x++) {
        const v = (grey[y * size + x]! - mean) * win[x]! * win[y]!
        sr += v * cos[k * size + x]!
        si += v * sin[k * size + x]!
      }
      re[y * size + k] = sr
      im[y * size + k] = si
    }
  }
  // columns
  const power = new Float64Array(size * size)
  for (let kx = 0; kx < size; kx++) {
    for (let ky = 0; ky < size; ky++) {
      let sr = 0
      let si = 0
      for (let y = 0; y < size; y++) {
        const c = cos[ky * size + y]!
        const s = sin[ky * size + y]!
        const r = re[y * size + kx]!
        const i = im[y * size + kx]!
        sr += r * c - i * s
        si += r * s + i * c
      }
      power[ky * size + kx] = sr * sr + si * si
    }
  }
  return power
}

/**
 * How far the strongest high-frequency component stands above the others at the same radius.
 * A photographed screen or print carries a regular grid (pixels, halftone) that shows as isolated
 * peaks; a face's own spectrum falls off smoothly with frequency, so each ring is fairly even.
 * Returns the peak's power over its ring's median power (log10), over radii size/8 … size/2.
 */
export function periodicPeak(grey: Float32Array, size: number): number {
  const power = powerSpectrum(grey, size)
  const half = size / 2
  const rings: number[][] = Array.from({ length: half + 1 }, () => [])
  const at: { r: number; p: number }[] = []
  for (let ky = 0; ky < size; ky++) {
    const fy = ky <= half ? ky : ky - size
    for (let kx = 0; kx <= half; kx++) {
      const r = Math.round(Math.hypot(kx, fy))
      if (r < size / 8 || r > half) continue
      const p = power[ky * size + kx]!
      rings[r]!.push(p)
      at.push({ r, p })
    }
  }
  const medians = rings.map((ring) => {
    if (!ring.length) return 0
    const sorted = [...ring].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  })
  let best = 0
  for (const { r, p } of at) {
    const m = medians[r]!
    if (m > 0) best = Math.max(best, p / m)
  }
  return Math.log10(Math.max(1, best))
}
