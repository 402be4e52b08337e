// Face verification and identification on real photos: the same person photographed years apart,
// against different people, with the threshold chosen on some people and judged on the others.
//   npx tsx bench/face-pairs.ts          (npm run bench:face-pairs)
// Photos: FACE_PAIRS_DIR (default ../shared/data/face-pairs: real photos with master.csv labelling
// pairs Yes/No, see its SOURCE.md), plus the faces of @vladmandic/face-api's demo group photos as
// further strangers (no one in them appears in the labelled set).
//
// People: the groups in PEOPLE below, checked against master.csv's labels. Threshold choice, as the product's DEFAULT_FACE_THRESHOLD is chosen: no false accept on the training
// pairs, and the fewest false rejects (just under the nearest training impostor). Leave-one-person-
// out: every pair is decided by a threshold chosen without any pair of its people.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { closeFace, descriptorDistance, detectFaces, FaceError, liveness, singleFace } from '../api/engines/face'
import { DEFAULT_FACE_THRESHOLD } from '../api/env'
import { cropAround, readSample, SAMPLE_PHOTOS } from '../api/engines/face/samples'

const dir = process.env.FACE_PAIRS_DIR ?? path.resolve(import.meta.dirname, '../../shared/data/face-pairs')
/**
 * Who is in each photo, grouped by eye (the labelled pairs of master.csv cover 25 of the 61 photos;
 * the bench checks these groups agree with every label there). Letters, not names.
 */
const PEOPLE: Record<string, number[]> = {
  a: [1, 2, 4, 5, 6, 7, 10, 11],
  b: [3, 12, 53, 54, 55, 56],
  c: [8, 9, 47, 48, 49, 50, 51],
  d: [13, 14, 15, 57, 58],
  e: [16, 17, 59, 61, 62],
  f: [18, 19, 67],
  g: [20, 21],
  h: [22, 23],
  i: [24, 25],
  j: [26, 27, 28, 42, 43, 44, 45, 46],
  k: [29, 30, 31, 32, 33],
  l: [34, 35, 36, 37],
  m: [38, 39, 40, 41],
}
const personOf = new Map(
  Object.entries(PEOPLE).flatMap(([who, ns]) => ns.map((n): [string, string] => [`img${n}.jpg`, who])),
)
const files = [...personOf.keys()]
const labels = (await readFile(path.join(dir, 'master.csv'), 'utf8'))
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',').map((cell) => cell.trim()))
for (const [x, y, decision] of labels) {
  if ((personOf.get(x!) === personOf.get(y!)) !== (decision === 'Yes')) {
    throw new Error(`master.csv says ${x} and ${y}: ${decision}, the groups say otherwise`)
  }
}
const labelledKey = new Set(labels.map(([x, y]) => [x, y].sort().join(' ')))

type Photo = { id: string; person: string; descriptor: Float32Array; refused?: string; live?: boolean }
const photos = new Map<string, Photo>()
const times: number[] = []
for (const file of files) {
  const bytes = await readFile(path.join(dir, file))
  const start = performance.now()
  try {
    // the product's own path for an uploaded photo: one usable face, then liveness
    const face = await singleFace(bytes)
    times.push(performance.now() - start)
    photos.set(file, { id: file, person: personOf.get(file)!, descriptor: face.descriptor, live: liveness(face).live })
  } catch (error) {
    if (!(error instanceof FaceError)) throw error
    // a photo the product refuses is still compared, on its largest face, so no pair is dropped
    const largest = (await detectFaces(bytes)).faces.sort((a, b) => b.box.width - a.box.width)[0]
    if (!largest) throw new Error(`${file}: no face at all`)
    photos.set(file, { id: file, person: personOf.get(file)!, descriptor: largest.descriptor, refused: error.code })
  }
}
// strangers: each face of the demo group photos cropped to a portrait, as a user would upload it
const strangers: Photo[] = []
for (let n = 1; n <= SAMPLE_PHOTOS.length; n++) {
  const photo = await readSample(n)
  for (const [i, found] of (await detectFaces(photo)).faces.entries()) {
    try {
      const face = await singleFace(await cropAround(photo, found.box))
      strangers.push({ id: `sample${n}#${i}`, person: `sample${n}#${i}`, descriptor: face.descriptor })
    } catch (error) {
      if (!(error instanceof FaceError)) throw error
    }
  }
}
await closeFace()

type Pair = { a: Photo; b: Photo; same: boolean; distance: number; labelled: boolean }
const pair = (a: Photo, b: Photo, same: boolean, labelled: boolean): Pair => ({
  a,
  b,
  same,
  labelled,
  distance: descriptorDistance(a.descriptor, b.descriptor),
})
const all = [...photos.values()]
const among: Pair[] = []
for (let i = 0; i < all.length; i++) {
  for (let j = i + 1; j < all.length; j++) {
    const [a, b] = [all[i]!, all[j]!]
    among.push(pair(a, b, a.person === b.person, labelledKey.has([a.id, b.id].sort().join(' '))))
  }
}
const labelled = among.filter((p) => p.labelled)
const extra: Pair[] = []
for (const s of strangers) for (const p of all) extra.push(pair(s, p, false, false))
for (let i = 0; i < strangers.length; i++)
  for (let j = i + 1; j < strangers.length; j++) extra.push(pair(strangers[i]!, strangers[j]!, false, false))
const pairs = [...among, ...extra]

/** Kept between the threshold and the nearest impostor seen, for the strangers not seen. */
const MARGIN = 0.02
/** No false accept on `train`, fewest false rejects: MARGIN under the nearest impostor. */
const choose = (train: Pair[]) => Math.min(...train.filter((p) => !p.same).map((p) => p.distance)) - MARGIN
const decide = (p: Pair, t: number) => p.distance < t
const tally = (set: Pair[], t: (p: Pair) => number) => {
  let fa = 0
  let fr = 0
  for (const p of set) {
    const accept = decide(p, t(p))
    if (accept && !p.same) fa++
    if (!accept && p.same) fr++
  }
  const genuine = set.filter((p) => p.same).length
  return { fa, fr, genuine, impostor: set.length - genuine, right: (set.length - fa - fr) / set.length }
}
const pct = (v: number) => `${(v * 100).toFixed(1)}%`
const line = (name: string, r: ReturnType<typeof tally>) =>
  `${name}: ${pct(r.right)} right; false accepts ${r.fa}/${r.impostor}, false rejects ${r.fr}/${r.genuine}`

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!
const refused = all.filter((p) => p.refused)
console.log(
  `photos: ${all.length} of ${new Set(all.map((p) => p.person)).size} people (+${strangers.length} strangers: portraits cropped from the demo group photos); ` +
    `refused by the product as uploads: ${refused.map((p) => `${p.id} ${p.refused}`).join(', ') || 'none'}; ` +
    `judged live: ${all.filter((p) => p.live).length}/${all.length - refused.length}`,
)
console.log(
  `verification per photo: p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms`,
)
const genuine = pairs.filter((p) => p.same).map((p) => p.distance)
const impostor = pairs.filter((p) => !p.same).map((p) => p.distance)
console.log(
  `pairs: ${genuine.length} genuine, ${labelled.length - genuine.length} labelled impostor + ${extra.length} stranger pairs; ` +
    `genuine distance max ${Math.max(...genuine).toFixed(3)} (p95 ${quantile(genuine, 0.95).toFixed(3)}), ` +
    `impostor min ${Math.min(...impostor).toFixed(3)} (p1 ${quantile(impostor, 0.01).toFixed(3)})`,
)
const closest = pairs
  .filter((p) => !p.same)
  .sort((a, b) => a.distance - b.distance)
  .slice(0, 3)
console.log(`nearest impostors: ${closest.map((p) => `${p.a.id}–${p.b.id} ${p.distance.toFixed(3)}`).join(', ')}`)

console.log('\nthreshold sweep, all pairs (the photos + strangers):')
for (let t = 0.4; t <= 0.601; t += 0.02)
  console.log(
    `  ${line(
      `t=${t.toFixed(2)}`,
      tally(pairs, () => t),
    )}`,
  )

// leave one person out
const people = [...new Set(pairs.flatMap((p) => [p.a.person, p.b.person]))]
const thresholdWithout = new Map<string, number>()
for (const person of people) {
  thresholdWithout.set(person, choose(pairs.filter((p) => p.a.person !== person && p.b.person !== person)))
}
const heldOut = (p: Pair) => Math.min(thresholdWithout.get(p.a.person)!, thresholdWithout.get(p.b.person)!)
const chosen = [...thresholdWithout.values()]
console.log(
  `\nleave-one-person-out (${people.length} folds; thresholds ${Math.min(...chosen).toFixed(3)}–${Math.max(...chosen).toFixed(3)}):`,
)
console.log(`  ${line('all pairs', tally(pairs, heldOut))}`)
console.log(`  ${line('pairs among the photos', tally(among, heldOut))}`)
console.log(`  ${line('labelled pairs (master.csv)', tally(labelled, heldOut))}`)
console.log(
  `\nchosen on every pair (nearest impostor − ${MARGIN}): ${choose(pairs).toFixed(3)}; the product's DEFAULT_FACE_THRESHOLD ${DEFAULT_FACE_THRESHOLD}:`,
)
console.log(
  `  ${line(
    'all pairs',
    tally(pairs, () => DEFAULT_FACE_THRESHOLD),
  )}`,
)
console.log(
  `  ${line(
    'pairs among the photos',
    tally(among, () => DEFAULT_FACE_THRESHOLD),
  )}`,
)
console.log(
  `  ${line(
    'labelled pairs (master.csv)',
    tally(labelled, () => DEFAULT_FACE_THRESHOLD),
  )}`,
)

// identify: enrol the first photo of each person with two or more, probe with the others
const byPerson = new Map<string, Photo[]>()
for (const p of all) byPerson.set(p.person, [...(byPerson.get(p.person) ?? []), p])
const gallery = [...byPerson.values()].filter((ps) => ps.length > 1).map((ps) => ps[0]!)
const probes = [...byPerson.values()].flatMap((ps) => (ps.length > 1 ? ps.slice(1) : ps))
let first = 0
let validated = 0
let wrong = 0
let enrolledProbes = 0
for (const probe of probes) {
  const ranked = gallery
    .map((g) => ({ g, d: descriptorDistance(probe.descriptor, g.descriptor) }))
    .sort((x, y) => x.d - y.d)
  const best = ranked[0]!
  const enrolled = gallery.some((g) => g.person === probe.person)
  if (enrolled) enrolledProbes++
  if (enrolled && best.g.person === probe.person) {
    first++
    if (best.d < DEFAULT_FACE_THRESHOLD) validated++
  }
  if (best.g.person !== probe.person && best.d < DEFAULT_FACE_THRESHOLD) wrong++
}
console.log(
  `\nidentify at ${DEFAULT_FACE_THRESHOLD} (${gallery.length} enrolled, ${probes.length} probes, ${enrolledProbes} of enrolled people): ` +
    `right person first ${first}/${enrolledProbes}, validated ${validated}/${enrolledProbes}, ` +
    `wrong person validated ${wrong}/${probes.length}`,
)
