// The local scoring engine on the held-out agreement set (issue 15, "Accuracy of the local engine"):
// hand-written calls, chats and e-mails it was not built on (tests/fixtures/scoring-agreement), each
// answered by a careful human for every question of its template. Prints the agreement and Cohen's κ
// overall, per channel and per template, a confusion matrix per question (rows = human, columns =
// engine), and the median time per conversation over BENCH_ROUNDS (10) rounds after a warm-up.
//   npx tsx bench/scoring-agreement.ts            (add --verbose to list every disagreement)
//   npx tsx bench/scoring-agreement.ts --holdout  (the first hold-out: written apart, tuned on since)
//   npx tsx bench/scoring-agreement.ts --fresh    (the second: written blind, measured, then tuned on)
//   npx tsx bench/scoring-agreement.ts --blind    (the third: written blind, measured, then tuned on)
//   npx tsx bench/scoring-agreement.ts --unseen   (the fourth: written blind, measured, then tuned on)
//   npx tsx bench/scoring-agreement.ts --novel    (the fifth: written blind, never tuned on; the measure)
// Each set is measured blind once, then may be tuned on; the figure for unseen material is the newest set's.
//
// The engine takes timed segments. Calls: a turn runs from its `at` to the next turn's `at` (the last
// turn: its words at 2.5 words a second, at least 2 s). Chats with `at` are timed the same way. Chats
// without times and e-mails get one message every 10 s, in order, so a window of the template in seconds
// becomes a count of messages: "the first 30 s" is the first three messages, "the last 60 s" the last six.
import { scoreTranscript, scoreValues, type Segment } from '../api/engines/scoring/score'
import {
  ANSWER_LABELS,
  cohenKappa,
  confusionAgreed,
  confusionTotal,
  emptyConfusion,
  tally,
  type Confusion,
} from '../api/lib/agreement'
import { confidenceOf, NEEDS_HUMAN_BELOW } from '../api/modules/agent-scoring/confidence'
import { checkQuote } from '../api/modules/agent-scoring/score-item'
import { engineTemplate } from '../api/seed/calls/agreement'
import {
  agreementConversations,
  type AgreementConversation,
  type Channel,
} from '../tests/fixtures/scoring-agreement/conversations'
import { blindConversations } from '../tests/fixtures/scoring-agreement/blind'
import { freshConversations } from '../tests/fixtures/scoring-agreement/fresh'
import { holdoutConversations } from '../tests/fixtures/scoring-agreement/holdout'
import { novelConversations } from '../tests/fixtures/scoring-agreement/novel'
import { unseenConversations } from '../tests/fixtures/scoring-agreement/unseen'

const rounds = Number(process.env.BENCH_ROUNDS || 10)
const verbose = process.argv.includes('--verbose')
const sets: Record<string, { name: string; conversations: AgreementConversation[] }> = {
  '--holdout': { name: 'Hold-out set', conversations: holdoutConversations },
  '--fresh': { name: 'Fresh set', conversations: freshConversations },
  '--blind': { name: 'Blind set', conversations: blindConversations },
  '--unseen': { name: 'Unseen set', conversations: unseenConversations },
  '--novel': { name: 'Novel set', conversations: novelConversations },
}
const chosen = process.argv.map((arg) => sets[arg]).find(Boolean) ?? {
  name: 'Agreement set',
  conversations: agreementConversations,
}
const conversations = chosen.conversations
const MESSAGE_SLOT_S = 10
const WORDS_PER_S = 2.5

function segmentsOf(c: AgreementConversation): Segment[] {
  const timed = c.turns.every((t) => t.at !== undefined)
  return c.turns.map((t, i) => {
    if (!timed) return { speaker: t.speaker, text: t.text, start: i * MESSAGE_SLOT_S, end: (i + 1) * MESSAGE_SLOT_S }
    const start = t.at!
    const next = c.turns[i + 1]?.at
    const end = next ?? start + Math.max(2, t.text.split(/\s+/).length / WORDS_PER_S)
    return { speaker: t.speaker, text: t.text, start, end }
  })
}

/** The turns as the product stores them, for the quote check. */
const turnsOf = (c: AgreementConversation) =>
  c.turns.map((t) => ({ speaker: t.speaker, text: t.text, ...(t.at === undefined ? {} : { start: t.at }) }))

// matrices here are [human][engine], in ANSWER_LABELS order
const pct = (m: Confusion) => `${((confusionAgreed(m) / confusionTotal(m)) * 100).toFixed(1)} %`
const kappaText = (m: Confusion) => {
  const k = cohenKappa(m)
  return k === null ? 'κ –' : `κ ${k.toFixed(2)}`
}
const summary = (m: Confusion) =>
  `${pct(m).padStart(7)}  ${kappaText(m).padEnd(6)}  (${confusionAgreed(m)}/${confusionTotal(m)})`

// score every conversation, timing it
const prepared = conversations.map((c) => ({
  c,
  template: engineTemplate(c.template),
  segments: segmentsOf(c),
}))
for (const { c, template, segments } of prepared) scoreTranscript(template, segments, { channel: c.channel })
const times: number[] = []
for (let r = 0; r < rounds; r++) {
  for (const { c, template, segments } of prepared) {
    const start = performance.now()
    scoreTranscript(template, segments, { channel: c.channel })
    times.push(performance.now() - start)
  }
}
times.sort((a, b) => a - b)

const overall = emptyConfusion()
const byChannel = new Map<Channel, Confusion>()
const byTemplate = new Map<string, Confusion>()
const byQuestion = new Map<string, { template: string; text: string; m: Confusion }>()
const misses: string[] = []
// how often answers agree with the human in each band of the confidence the product would give them
const BANDS = [0, NEEDS_HUMAN_BELOW, 0.8, 0.9]
const byBand = BANDS.map(() => ({ answers: 0, agreed: 0 }))
const quotes = { given: 0, verified: 0 }
const autoFail = { engine: 0, human: 0, differ: [] as string[] }
for (const { c, template, segments } of prepared) {
  const result = scoreTranscript(template, segments, { channel: c.channel })
  const engineAnswers = new Map(result.categories.flatMap((x) => x.questions).map((q) => [q.question_id, q]))
  for (const q of template.flatMap((x) => x.questions)) {
    const engine = engineAnswers.get(q.id)!
    const human = c.reference[q.text]
    if (!byChannel.has(c.channel)) byChannel.set(c.channel, emptyConfusion())
    if (!byTemplate.has(c.template)) byTemplate.set(c.template, emptyConfusion())
    const id = `${c.template}\n${q.text}`
    if (!byQuestion.has(id)) byQuestion.set(id, { template: c.template, text: q.text, m: emptyConfusion() })
    for (const m of [overall, byChannel.get(c.channel)!, byTemplate.get(c.template)!, byQuestion.get(id)!.m]) {
      tally(m, human, engine.value)
    }
    const quote = engine.evaluation_key_word
    const check = quote ? checkQuote(quote, turnsOf(c), segments, engine.start_seconds).check : 'unverified'
    if (quote) quotes.given++
    if (quote && check === 'verified') quotes.verified++
    const confidence = confidenceOf({
      value: engine.value,
      hasQuote: Boolean(quote),
      check,
      engine: 'local',
      fallback: false,
      signal: engine.signal,
    })
    const band = byBand[BANDS.findLastIndex((b) => confidence >= b)]!
    band.answers++
    if (engine.value === human) band.agreed++
    if (engine.value !== human) {
      misses.push(`  ${c.key}  ${q.text}\n      engine ${engine.value}, human ${human}: ${engine.justification}`)
    }
  }
  const reference = scoreValues(template, (q) => c.reference[q.text])
  if (result.auto_fail) autoFail.engine++
  if (reference.auto_fail) autoFail.human++
  if (result.auto_fail !== reference.auto_fail) {
    autoFail.differ.push(`${c.key} (engine ${result.auto_fail ? 'fails' : 'passes'})`)
  }
}

const count = (channel: Channel) => conversations.filter((c) => c.channel === channel).length
console.log(
  `${chosen.name}: ${conversations.length} conversations (${count('call')} calls, ${count('chat')} chats, ${count('email')} e-mails), ${confusionTotal(overall)} answers`,
)
console.log(
  `Local engine: median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(2)} ms per conversation (${rounds} rounds)\n`,
)
console.log(`Overall    ${summary(overall)}`)
for (const [channel, m] of byChannel) console.log(`  ${channel.padEnd(8)} ${summary(m)}`)
for (const [name, m] of byTemplate) console.log(`${' '.repeat(11)}${summary(m)}  ${name}`)
console.log(
  `Auto-fail (score 0): engine ${autoFail.engine}, human ${autoFail.human} conversations, ${autoFail.differ.length} differ`,
)
for (const key of autoFail.differ) console.log(`  ${key}`)
console.log(`\nQuotes verified word for word in the turn they name: ${quotes.verified} of ${quotes.given}`)
console.log(
  `Confidence (match strength and margin, quote check) against agreement; a human looks below ${NEEDS_HUMAN_BELOW}:`,
)
byBand.forEach(({ answers, agreed }, i) => {
  const range = `${BANDS[i]!.toFixed(2)}–${(BANDS[i + 1] ?? 1).toFixed(2)}`
  const share = answers ? `${((agreed / answers) * 100).toFixed(1)} %` : '–'
  console.log(`  ${range}  ${String(answers).padStart(4)} answers  ${share.padStart(7)} agree`)
})

console.log('\nPer question, worst first (rows = human, columns = engine):')
const questions = [...byQuestion.values()].sort(
  (a, b) => confusionAgreed(a.m) / confusionTotal(a.m) - confusionAgreed(b.m) / confusionTotal(b.m),
)
for (const { template, text, m } of questions) {
  console.log(`\n${summary(m)}  ${text}  [${template}]`)
  console.log(`             ${ANSWER_LABELS.map((l) => `eng ${l}`.padStart(8)).join('')}`)
  ANSWER_LABELS.forEach((label, h) =>
    console.log(`  human ${label.padEnd(4)} ${m[h].map((n) => String(n || '.').padStart(8)).join('')}`),
  )
}

if (verbose) {
  console.log(`\nDisagreements (${misses.length}):`)
  for (const miss of misses) console.log(miss)
}
