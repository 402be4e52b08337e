// Scoring engine figures for the closing note of issue 3:
// - time per call of the local engine (median, p95) over the seed's calls: every demo
//   conversation's transcript, scored BENCH_ROUNDS (20) times after a warm-up;
// - time per 10-minute call (issue 15): the seed's transcripts one after another (each call's times
//   shifted to follow the last, speakers as recorded) cut at 600 s, scored the same way;
// - agreement of the local engine's answers with the conversations' reference answers (what a
//   human QA auditor answered), overall, per template and per question, with the disagreements.
//   npx tsx bench/scoring.ts            (add --verbose to list every disagreement)
import { scoreTranscript } from '../api/engines/scoring/score'
import { engineTemplate } from '../api/seed/calls/agreement'
import { callTranscript } from '../api/seed/calls'
import { conversations } from '../api/seed/calls/conversations'
import { demoTemplates } from '../api/seed/templates-data'

const rounds = Number(process.env.BENCH_ROUNDS || 20)
const verbose = process.argv.includes('--verbose')

const templates = new Map(demoTemplates.map((t) => [t.name, engineTemplate(t.name)]))
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

// timing
const calls = conversations.map((c) => ({
  c,
  template: templates.get(c.template)!,
  segments: callTranscript(c.key).segments,
}))
for (const { template, segments } of calls) scoreTranscript(template, segments)
const times: number[] = []
for (let r = 0; r < rounds; r++) {
  for (const { template, segments } of calls) {
    const start = performance.now()
    scoreTranscript(template, segments)
    times.push(performance.now() - start)
  }
}
times.sort((a, b) => a - b)
const words = calls.reduce((n, { segments }) => n + segments.reduce((m, s) => m + s.text.split(/\s+/).length, 0), 0)
console.log(
  `Local engine, ${calls.length} calls (${Math.round(words / calls.length)} words on average) × ${rounds} rounds`,
)
console.log(
  `  time per call: median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms\n`,
)

// a 10-minute call: the seed's calls back to back, each shifted to start where the last ended
const TEN_MINUTES_S = 600
const longCall: (typeof calls)[number]['segments'] = []
for (let end = 0, i = 0; end < TEN_MINUTES_S; i = (i + 1) % calls.length) {
  const shift = end
  for (const s of calls[i].segments) longCall.push({ ...s, start: s.start + shift, end: s.end + shift })
  end = longCall.at(-1)!.end
}
const tenMinutes = longCall
  .filter((s) => s.start < TEN_MINUTES_S)
  .map((s) => ({ ...s, end: Math.min(s.end, TEN_MINUTES_S) }))
const longTemplate = calls[0].template
scoreTranscript(longTemplate, tenMinutes)
const longTimes: number[] = []
for (let r = 0; r < rounds; r++) {
  const start = performance.now()
  scoreTranscript(longTemplate, tenMinutes)
  longTimes.push(performance.now() - start)
}
longTimes.sort((a, b) => a - b)
const longWords = tenMinutes.reduce((n, s) => n + s.text.split(/\s+/).length, 0)
const longTurns = tenMinutes.filter((s, i) => i === 0 || s.speaker !== tenMinutes[i - 1].speaker).length
console.log(
  `Local engine, one 10-minute call (${longWords} words, ${longTurns} turns, template ${calls[0].c.template}) × ${rounds} rounds`,
)
console.log(
  `  ms per 10-minute call: median ${percentile(longTimes, 50).toFixed(2)} ms, p95 ${percentile(longTimes, 95).toFixed(2)} ms\n`,
)

// agreement
let equal = 0
let total = 0
const perTemplate = new Map<string, { equal: number; total: number }>()
const perQuestion = new Map<string, { equal: number; total: number; misses: string[] }>()
for (const { c, template, segments } of calls) {
  const result = scoreTranscript(template, segments)
  const tally = perTemplate.get(c.template) ?? { equal: 0, total: 0 }
  for (const category of template) {
    for (const q of category.questions) {
      const ai = result.categories.flatMap((x) => x.questions).find((a) => a.question_id === q.id)!
      const reference = c.reference[q.text]
      const same = ai.value === reference
      total++
      tally.total++
      const entry = perQuestion.get(q.text) ?? { equal: 0, total: 0, misses: [] }
      entry.total++
      if (same) {
        equal++
        tally.equal++
        entry.equal++
      } else entry.misses.push(`${c.key}: engine ${ai.value}, reference ${reference}`)
      perQuestion.set(q.text, entry)
    }
  }
  perTemplate.set(c.template, tally)
}
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`
console.log(`Agreement with the reference answers: ${pct(equal, total)} (${equal} of ${total} questions)`)
for (const [name, t] of perTemplate) console.log(`  ${name}: ${pct(t.equal, t.total)} (${t.equal}/${t.total})`)
console.log('\nQuestions below 90 %:')
for (const [text, q] of [...perQuestion].sort((a, b) => a[1].equal / a[1].total - b[1].equal / b[1].total)) {
  if (q.equal / q.total >= 0.9) continue
  console.log(`  ${pct(q.equal, q.total).padStart(7)}  ${text}`)
  if (verbose) for (const miss of q.misses) console.log(`           ${miss}`)
}
