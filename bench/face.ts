// Face engine figures on the demo photos @vladmandic/face-api ships: time to verify one photo
// (decode, detect, landmarks, descriptor, quality checks, compare; p50/p95) and the share of
// correct same/different decisions at DEFAULT_THRESHOLD, with a threshold sweep.
//   npx tsx bench/face.ts              (npm run bench:face)
// Genuine pairs are synthetic (a face against its own recaptures: see api/engines/face/samples.ts)
// because no person appears in two of the photos; impostor pairs are every two different faces as
// detected in the group photos, which the product never compares (it takes single-face uploads).
// The threshold is calibrated on real photos of the same people years apart: bench/face-pairs.ts.
import { closeFace, compare, detectFaces, FaceError, singleFace } from '../api/engines/face'
import { DEFAULT_FACE_THRESHOLD as DEFAULT_THRESHOLD } from '../api/env'
import { cropAround, RECAPTURES, readSample, SAMPLE_PHOTOS } from '../api/engines/face/samples'

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!
const ms = (v: number) => `${v.toFixed(0)} ms`

const t0 = performance.now()
await singleFace(await cropAround(await readSample(1), (await detectFaces(await readSample(1))).faces[0]!.box))
console.log(`model load + first verification: ${ms(performance.now() - t0)}`)

const times: number[] = []
async function timed(bytes: Uint8Array) {
  const start = performance.now()
  const face = await singleFace(bytes)
  times.push(performance.now() - start)
  return face
}

/** Every face as detected in its group photo: the impostor set (all 22, even those whose portrait crop fails). */
const people: { id: string; descriptor: Float32Array }[] = []
const genuine: number[] = []
const skipped: string[] = []
for (let n = 1; n <= SAMPLE_PHOTOS.length; n++) {
  const photo = await readSample(n)
  const { faces } = await detectFaces(photo)
  for (const [i, found] of faces.entries()) {
    const id = `sample${n}#${i}`
    people.push({ id, descriptor: found.descriptor })
    const portrait = await cropAround(photo, found.box)
    try {
      const face = await timed(portrait)
      for (const recapture of RECAPTURES) {
        try {
          const again = await timed(await recapture.apply(portrait))
          genuine.push(compare(face.descriptor, again.descriptor, DEFAULT_THRESHOLD).distance)
        } catch (error) {
          if (!(error instanceof FaceError)) throw error
          skipped.push(`${id} ${recapture.name}: ${error.code}`)
        }
      }
    } catch (error) {
      if (!(error instanceof FaceError)) throw error
      skipped.push(`${id} portrait: ${error.code}`)
    }
  }
}
const impostor: number[] = []
for (let i = 0; i < people.length; i++) {
  for (let j = i + 1; j < people.length; j++)
    impostor.push(compare(people[i]!.descriptor, people[j]!.descriptor, DEFAULT_THRESHOLD).distance)
}
await closeFace()

const decide = (t: number) => {
  const falseReject = genuine.filter((d) => d >= t).length
  const falseAccept = impostor.filter((d) => d < t).length
  const correct = genuine.length + impostor.length - falseReject - falseAccept
  return { t, correct, accuracy: correct / (genuine.length + impostor.length), falseReject, falseAccept }
}
const sweep = Array.from({ length: 41 }, (_, i) => decide(0.3 + i / 100))
const best = sweep.reduce((a, b) => (b.accuracy > a.accuracy ? b : a))
const atDefault = decide(DEFAULT_THRESHOLD)

console.log(
  `verification per photo (${times.length} photos): p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`,
)
console.log(`faces: ${people.length}; genuine pairs ${genuine.length}, impostor pairs ${impostor.length}`)
if (skipped.length) console.log(`not usable as single-face photos: ${skipped.join('; ')}`)
console.log(
  `genuine distance max ${Math.max(...genuine).toFixed(3)} (p95 ${quantile(genuine, 0.95).toFixed(3)}); ` +
    `impostor min ${Math.min(...impostor).toFixed(3)} (p5 ${quantile(impostor, 0.05).toFixed(3)})`,
)
for (const row of sweep.filter((_, i) => i % 5 === 0 || sweep[i] === best)) {
  console.log(
    `  t=${row.t.toFixed(2)}: ${(row.accuracy * 100).toFixed(1)}% correct, ${row.falseAccept} false accepts, ${row.falseReject} false rejects`,
  )
}
console.log(
  `at DEFAULT_THRESHOLD ${DEFAULT_THRESHOLD}: ${(atDefault.accuracy * 100).toFixed(1)}% correct ` +
    `(${atDefault.correct}/${genuine.length + impostor.length}; ${atDefault.falseAccept} false accepts, ` +
    `${atDefault.falseReject} false rejects); best on this set t=${best.t.toFixed(2)} (${(best.accuracy * 100).toFixed(1)}%)`,
)
