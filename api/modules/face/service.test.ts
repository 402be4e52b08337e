import { describe, expect, it } from 'vitest'
import { HttpError } from '../../lib/http-error'
import { FaceError } from '../../engines/face'
import { createLimiter } from './limiter'
import { faceHttpError, formatDistance, identifyOutcome, verifyOutcome } from './service'
import type { Reference } from './store'

/** A descriptor at a known distance from the zero vector. */
const at = (distance: number) => {
  const d = new Float32Array(128)
  d[0] = distance
  return d
}
const zero = new Float32Array(128)
const live = { score: 1, live: true, reasons: [] }
const screen = {
  score: 0,
  live: false,
  reasons: ['periodic high-frequency pattern (peak 4.21): possibly a screen or print'],
}
const ref = (personId: number, name: string, distance: number): Reference => ({
  personId,
  name,
  descriptor: at(distance),
})

describe('verifyOutcome', () => {
  it('validates a near face that looks live, with the distance and threshold in words', () => {
    const out = verifyOutcome(zero, [ref(1, 'Ann', 0.7), ref(1, 'Ann', 0.31)], 0.43, live, 1)
    expect(out.decision).toBe('validated')
    expect(out.distance).toBeCloseTo(0.31, 5)
    expect(out.reasons).toEqual(['Distance 0.31 is below the threshold 0.43: the same person.'])
  })

  it('invalidates a far face, and a near one that fails liveness, saying why', () => {
    expect(verifyOutcome(zero, [ref(1, 'Ann', 0.62)], 0.43, live, 1).reasons).toEqual([
      'Distance 0.62 is above the threshold 0.43: a different person.',
    ])
    const spoof = verifyOutcome(zero, [ref(1, 'Ann', 0.2)], 0.43, screen, 1)
    expect(spoof.decision).toBe('invalidated')
    expect(spoof.reasons).toEqual([
      'Distance 0.20 is below the threshold 0.43: the same person.',
      'The photo may not show a live person (liveness score 0.00).',
      'Periodic high-frequency pattern (peak 4.21): possibly a screen or print.',
    ])
  })

  it('never prints a distance that reads as equal to the threshold', () => {
    expect(formatDistance(0.4299, 0.43)).toBe('0.430')
    expect(formatDistance(0.4312, 0.43)).toBe('0.431')
    expect(verifyOutcome(zero, [ref(1, 'Ann', 0.4304)], 0.43, live, 1).decision).toBe('invalidated')
  })
})

describe('identifyOutcome', () => {
  const people = [ref(1, 'Ann', 0.5), ref(2, 'Bea', 0.3), ref(2, 'Bea', 0.6), ref(3, 'Cy', 0.9)]

  it('takes the nearest person under the threshold', () => {
    const out = identifyOutcome(zero, people, 0.43, live)
    expect(out).toMatchObject({ decision: 'validated', personId: 2 })
    expect(out.reasons[0]).toBe('Nearest enrolled person is Bea: distance 0.30 is below the threshold 0.43.')
  })

  it('names the nearest candidate but invalidates when nobody is close enough', () => {
    const out = identifyOutcome(zero, people, 0.25, live)
    expect(out).toMatchObject({ decision: 'invalidated', personId: 2 })
    expect(out.reasons).toEqual(['No enrolled person is close enough (nearest 0.30, threshold 0.25).'])
  })
})

describe('faceHttpError', () => {
  it('maps each refusal to a 4xx with the field it concerns', () => {
    const cases = [
      ['unsupported', 415],
      ['too_large', 413],
      ['corrupt', 400],
      ['no_face', 400],
      ['many_faces', 400],
      ['too_small', 400],
      ['too_blurry', 400],
    ] as const
    for (const [code, status] of cases) {
      const error = faceHttpError(new FaceError(code, 'Why.'), 'photo') as HttpError
      expect(error, code).toBeInstanceOf(HttpError)
      expect({ status: error.statusCode, errors: error.errors }).toEqual({ status, errors: { photo: ['Why.'] } })
    }
    const other = new Error('boom')
    expect(faceHttpError(other, 'photo')).toBe(other)
  })
})

describe('createLimiter', () => {
  const deferred = () => {
    let resolve!: () => void
    const promise = new Promise<void>((r) => (resolve = r))
    return { promise, resolve }
  }

  it('runs at most two at once, in order, and refuses beyond the queue', async () => {
    const limiter = createLimiter(2, 1)
    const gates = [deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i)
        await g.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(limiter.waiting).toBe(1)
    await expect(limiter.run(async () => 9)).rejects.toMatchObject({ statusCode: 429 })
    gates[0]!.resolve()
    await runs[0]
    await new Promise((r) => setTimeout(r, 0))
    expect(started).toEqual([0, 1, 2])
    gates[1]!.resolve()
    gates[2]!.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(limiter.active).toBe(0)
  })

  it('drops a waiting task whose request went away', async () => {
    const limiter = createLimiter(1, 5)
    const gate = deferred()
    const first = limiter.run(() => gate.promise)
    const controller = new AbortController()
    let ran = false
    const second = limiter.run(async () => {
      ran = true
    }, controller.signal)
    controller.abort()
    await expect(second).rejects.toMatchObject({ statusCode: 499 })
    gate.resolve()
    await first
    await new Promise((r) => setTimeout(r, 0))
    expect(ran).toBe(false)
    expect(limiter.active).toBe(0)
  })
})
