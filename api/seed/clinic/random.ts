/** A small seeded generator (mulberry32): the same seed gives the same numbers on every machine. */
export type Rng = () => number

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A seed from parts (FNV-1a over their text), so a day or a practitioner gets its own stream. */
export function seedOf(...parts: (string | number)[]): number {
  let h = 0x811c9dc5
  for (const ch of parts.join('|')) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export const rngFor = (...parts: (string | number)[]) => mulberry32(seedOf(...parts))

export const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1))

export const chance = (rng: Rng, p: number) => rng() < p

export function pick<T>(rng: Rng, list: readonly T[]): T {
  if (!list.length) throw new Error('pick from an empty list')
  return list[Math.floor(rng() * list.length)] as T
}

export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0)
  let r = rng() * total
  for (const [item, w] of entries) {
    r -= w
    if (r < 0) return item
  }
  return pick(rng, entries)[0]
}

export function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}
