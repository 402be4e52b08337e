// Redaction figures on the labelled set (api/engines/text/fixtures/redaction-set.ts), for its tuning
// and held-out halves: recall per kind (every part of the number inside a redaction of the right
// kind), precision (redactions that fall on a labelled number) and ordinary utterances left alone.
//   npx tsx bench/redaction.ts        (or npm run bench:redaction)
import { heldOut, heldOutLate, tuning, turnsOf, type LabelledCase } from '../api/engines/text/fixtures/redaction-set'
import { redactSegments } from '../api/engines/text/redact'

type Range = { seg: number; from: number; to: number }

/** Where each redaction sits in the original turns (they come in order within a turn). */
function placed(texts: string[], redactions: ReturnType<typeof redactSegments>['redactions']) {
  const after = new Map<number, number>()
  return redactions.map((r) => {
    const from = texts[r.segmentIndex]!.indexOf(r.original, after.get(r.segmentIndex) ?? 0)
    after.set(r.segmentIndex, from + r.original.length)
    return { seg: r.segmentIndex, from, to: from + r.original.length, kind: r.kind as string }
  })
}

function score(cases: LabelledCase[]) {
  const perKind = new Map<string, { found: number; total: number; misses: string[] }>()
  let redactions = 0
  let onTarget = 0
  let negatives = 0
  let untouched = 0
  const overs: string[] = []
  for (const c of cases) {
    const turns = turnsOf(c.say)
    const texts = turns.map((t) => t.text)
    const got = placed(texts, redactSegments(turns).redactions)
    const expected: Array<{ kind: string; parts: Range[] }> = (c.expect ?? []).map(([kind, ...parts]) => {
      // each part follows the one before, in the same turn or a later one
      let seg = 0
      let at = 0
      return {
        kind,
        parts: parts.map((part) => {
          while (seg < texts.length && texts[seg]!.indexOf(part, at) < 0) [seg, at] = [seg + 1, 0]
          if (seg === texts.length) throw new Error(`"${part}" is not in ${c.say}`)
          const from = texts[seg]!.indexOf(part, at)
          at = from + part.length
          return { seg, from, to: at }
        }),
      }
    })
    for (const e of expected) {
      const tally = perKind.get(e.kind) ?? { found: 0, total: 0, misses: [] }
      perKind.set(e.kind, tally)
      tally.total++
      const covered = e.parts.every((p) =>
        got.some((g) => g.kind === e.kind && g.seg === p.seg && g.from <= p.from && g.to >= p.to),
      )
      if (covered) tally.found++
      else
        tally.misses.push(
          `${c.say}  ->  ${got.map((g) => `${g.kind}:"${texts[g.seg]!.slice(g.from, g.to)}"`).join(', ') || 'nothing'}`,
        )
    }
    redactions += got.length
    const parts = expected.flatMap((e) => e.parts)
    for (const g of got) {
      if (parts.some((p) => p.seg === g.seg && p.from < g.to && g.from < p.to)) onTarget++
      else overs.push(`${g.kind}:"${texts[g.seg]!.slice(g.from, g.to)}" in ${c.say}`)
    }
    if (!c.expect) {
      negatives++
      if (!got.length) untouched++
    }
  }
  return { perKind, redactions, onTarget, negatives, untouched, overs }
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a')
const verbose = process.argv.includes('--verbose')

for (const [name, cases] of [
  ['tuning', tuning],
  ['held-out', heldOut],
  ['held-out, written after the redactor', heldOutLate],
] as const) {
  const s = score(cases)
  let found = 0
  let total = 0
  console.log(`\n${name} (${cases.length} utterances)`)
  for (const [kind, t] of s.perKind) {
    found += t.found
    total += t.total
    console.log(`  recall ${kind.padEnd(14)} ${pct(t.found, t.total).padStart(6)}  (${t.found}/${t.total})`)
  }
  console.log(`  recall ${'all'.padEnd(14)} ${pct(found, total).padStart(6)}  (${found}/${total})`)
  console.log(
    `  precision             ${pct(s.onTarget, s.redactions).padStart(6)}  (${s.onTarget}/${s.redactions} redactions on a labelled number)`,
  )
  console.log(`  ordinary left alone   ${pct(s.untouched, s.negatives).padStart(6)}  (${s.untouched}/${s.negatives})`)
  // the held-out half is scored, not read: its misses are shown only when asked
  if (verbose || name === 'tuning') {
    for (const [, t] of s.perKind) for (const m of t.misses) console.log(`    missed: ${m}`)
    for (const o of s.overs) console.log(`    over: ${o}`)
  }
}
