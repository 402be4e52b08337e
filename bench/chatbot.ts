// Chatbot figures on the seeded knowledge base (api/seed/knowledge-base.ts):
// - on the blind question set (tests/fixtures/chatbot/blind.ts, written without the engine, never
//   tuned on): the right article cited first on answerable questions (goal ≥ 85 %), "I don't know"
//   on the unanswerable ones (goal ≥ 90 %), citations that name a retrieved chunk (100 %);
// - the same on the development set (tuning.ts and the earlier blind sets, first-, second- and
//   third-blind.ts) with --dev;
// - ms per text turn, p50 and p95 (goal p95 ≤ 300 ms), and ms per voice turn for a 5-second question
//   (espeak-ng → pocketsphinx → answer → espeak-ng; goal ≤ 3 s), where those programs are installed.
// --fit fits the answerability model (api/engines/chat/answerability.ts) on the development set and
// prints its weights with leave-one-out figures per confidence cut; it never reads the blind set.
//   npx tsx bench/chatbot.ts [--dev] [--misses] [--fit]   (or npm run bench:chatbot)
import { execFileSync } from 'node:child_process'
import { knowledgeBase } from '../api/seed/knowledge-base'
import { answerFromKnowledge, checkCitations } from '../api/engines/chat/answer'
import { ANSWER_CONFIDENCE, answerConfidence, fitAnswerability } from '../api/engines/chat/answerability'
import { pocketsphinxStatus } from '../api/engines/speech/engines/pocketsphinx'
import { recogniseQuestion } from '../api/engines/speech/question'
import { espeakProgram, speak, withWavSizes } from '../api/engines/speech/speak'
import { wordErrors } from '../api/engines/speech/wer'
import { questionLmOf } from '../api/modules/chatbot/question-lm'
import { blindQuestions } from '../tests/fixtures/chatbot/blind'
import { firstBlindQuestions } from '../tests/fixtures/chatbot/first-blind'
import { secondBlindQuestions } from '../tests/fixtures/chatbot/second-blind'
import { thirdBlindQuestions } from '../tests/fixtures/chatbot/third-blind'
import { tuningQuestions } from '../tests/fixtures/chatbot/tuning'
import { seededKnowledge } from '../tests/fixtures/chatbot/seeded-index'
import type { BenchQuestion } from '../tests/fixtures/chatbot/types'

const showMisses = process.argv.includes('--misses')
const developmentQuestions = [
  ...tuningQuestions,
  ...firstBlindQuestions,
  ...secondBlindQuestions,
  ...thirdBlindQuestions,
]
const { campaignIds, articleIds, chunks, index } = seededKnowledge()

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : '—')

function measure(name: string, questions: BenchQuestion[], misses = false) {
  let answerable = 0
  let rightFirst = 0
  let rightRetrieved = 0
  let unanswerable = 0
  let saidDontKnow = 0
  let citations = 0
  let citationsRetrieved = 0
  const listMisses = misses
  const missed: string[] = []
  for (const q of questions) {
    const campaignId = campaignIds.get(q.campaign)
    if (!campaignId) throw new Error(`Unknown campaign ${q.campaign}`)
    const reply = answerFromKnowledge(index, { campaignId, message: q.question, previous: q.previous })
    // every [n] of the answer must name a chunk retrieved for it
    const checked = checkCitations(reply.answer, reply.retrieved)
    citations += reply.citations.length
    citationsRetrieved += checked.citations.filter((c) => reply.retrieved.some((r) => r.id === c.chunk.id)).length
    const first = reply.citations[0]?.chunk.articleId
    if (q.expected === null) {
      unanswerable++
      if (reply.dontKnow) saidDontKnow++
      else
        missed.push(
          `  answered (confidence ${reply.confidence.toFixed(2)}): ${q.question} → ${reply.citations[0]?.chunk.title}`,
        )
    } else {
      answerable++
      const expected = articleIds.get(q.expected)
      if (!expected) throw new Error(`Unknown article ${q.expected}`)
      if (reply.retrieved[0]?.articleId === expected) rightRetrieved++
      if (!reply.dontKnow && first === expected) rightFirst++
      else
        missed.push(
          `  ${reply.dontKnow ? `didn't know (confidence ${reply.confidence.toFixed(2)})` : `cited ${reply.citations[0]?.chunk.title}`}: ${q.question} (expected ${q.expected})`,
        )
    }
  }
  console.log(`${name}: ${questions.length} questions (${answerable} answerable, ${unanswerable} not)`)
  console.log(
    `  right article cited first   ${pct(rightFirst, answerable)}  (${rightFirst}/${answerable}; goal ≥ 85 %)`,
  )
  console.log(
    `  right article retrieved first ${pct(rightRetrieved, answerable)}  (${rightRetrieved}/${answerable}; answered, or offered as the closest article)`,
  )
  console.log(
    `  "I don't know" when no answer ${pct(saidDontKnow, unanswerable)}  (${saidDontKnow}/${unanswerable}; goal ≥ 90 %)`,
  )
  console.log(
    `  citations of a retrieved chunk ${pct(citationsRetrieved, citations)}  (${citationsRetrieved}/${citations}; goal 100 %)`,
  )
  if (listMisses && missed.length) console.log(missed.join('\n'))
}

/** The answerability model's signals for a question, as the engine read them, and whether the article retrieved first answers it. */
function example(q: BenchQuestion) {
  const reply = answerFromKnowledge(index, {
    campaignId: campaignIds.get(q.campaign)!,
    message: q.question,
    previous: q.previous,
  })
  if (!reply.signals) return null
  const answers = q.expected !== null && reply.retrieved[0]!.articleId === articleIds.get(q.expected)
  return { signals: reply.signals, answers, unanswerable: q.expected === null }
}

/** Fits the model on the development set, with each question's figures from a model fitted without it. */
function fit() {
  const examples = developmentQuestions.map(example).filter((e) => e !== null)
  const answerable = developmentQuestions.filter((q) => q.expected !== null).length
  const unanswerable = developmentQuestions.length - answerable
  const held = examples.map((e, i) => answerConfidence(e.signals, fitAnswerability(examples.filter((_, j) => j !== i))))
  console.log(`Development set: ${developmentQuestions.length} questions; leave-one-out figures per confidence cut`)
  for (const cut of [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) {
    const right = examples.filter((e, i) => e.answers && held[i]! >= cut).length
    const dontKnow = unanswerable - examples.filter((e, i) => e.unanswerable && held[i]! >= cut).length
    console.log(
      `  cut ${cut.toFixed(2)}: right article cited first ${pct(right, answerable)}, "I don't know" ${pct(dontKnow, unanswerable)}`,
    )
  }
  const weights = fitAnswerability(examples)
  console.log(`  weights on the whole set: [${weights.map((w) => w.toFixed(3)).join(', ')}]`)
}

console.log(
  `Knowledge base: ${knowledgeBase.length} articles, ${chunks.length} chunks in ${campaignIds.size} campaigns; answer confidence from ${ANSWER_CONFIDENCE}`,
)
if (process.argv.includes('--fit')) {
  fit()
  process.exit(0)
}
measure('Blind set', blindQuestions, process.argv.includes('--misses=blind'))
if (process.argv.includes('--dev') || showMisses) measure('Development set', developmentQuestions, showMisses)

// text turns: every question of both sets, several rounds, after a warm-up
const all = [...blindQuestions, ...developmentQuestions]
for (const q of all.slice(0, 5))
  answerFromKnowledge(index, { campaignId: campaignIds.get(q.campaign)!, message: q.question })
const times: number[] = []
for (let round = 0; round < 5; round++)
  for (const q of all) {
    const start = performance.now()
    answerFromKnowledge(index, { campaignId: campaignIds.get(q.campaign)!, message: q.question, previous: q.previous })
    times.push(performance.now() - start)
  }
times.sort((a, b) => a - b)
console.log(
  `Text turn (retrieval and answer, local engine): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${times.length} turns (goal p95 ≤ 300 ms)`,
)

// a voice turn: a 5-second spoken question, recognised, answered and spoken back
if ((await pocketsphinxStatus()).ok && (await espeakProgram())) {
  const question = 'Hello, I have lost my debit card and I would like to know what I should do now please'
  const wav = withWavSizes(execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', question]))
  const seconds = (wav.length - 44) / 2 / 22_050
  // the campaign's language model, as talk/ builds it once per version of the knowledge base
  const lmStart = performance.now()
  const lm = (await questionLmOf(index, 1)) ?? undefined
  const lmMs = performance.now() - lmStart
  const turns: { total: number; recognition: number; speech: number; heard: string }[] = []
  for (let round = 0; round < 4; round++) {
    const start = performance.now()
    const heard = await recogniseQuestion(wav, { config: {}, lm })
    const recognised = performance.now()
    const reply = answerFromKnowledge(index, { campaignId: 1, message: heard.text })
    const spokenStart = performance.now()
    await speak(reply.answer)
    const end = performance.now()
    turns.push({ total: end - start, recognition: recognised - start, speech: end - spokenStart, heard: heard.text })
  }
  const warm = turns.slice(1)
  const avg = (key: 'total' | 'recognition' | 'speech') => warm.reduce((s, t) => s + t[key], 0) / warm.length
  console.log(
    `Voice turn for a ${seconds.toFixed(1)}-second question: ${avg('total').toFixed(0)} ms (recognition ${avg('recognition').toFixed(0)} ms, speech ${avg('speech').toFixed(0)} ms; first turn ${turns[0]!.total.toFixed(0)} ms; goal ≤ 3000 ms)`,
  )
  console.log(`  heard: "${turns[0]!.heard}"; the campaign's language model took ${lmMs.toFixed(0)} ms to build`)

  // word errors on spoken questions (the tuning set's Acme Bank questions), general against campaign model
  const spoken = tuningQuestions.filter((q) => q.campaign === 'ACME-RETAIL' && !q.previous)
  const errors = { general: { errors: 0, words: 0 }, campaign: { errors: 0, words: 0 } }
  for (const q of spoken) {
    const audio = withWavSizes(execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '--stdout', q.question]))
    for (const [name, model] of [
      ['general', undefined],
      ['campaign', lm],
    ] as const) {
      const heard = await recogniseQuestion(audio, { config: {}, lm: model }).catch(() => ({ text: '' }))
      const wer = wordErrors(q.question, heard.text)
      errors[name].errors += wer.errors
      errors[name].words += wer.words
    }
  }
  const rate = (e: { errors: number; words: number }) => pct(e.errors, e.words)
  console.log(
    `  word error rate on ${spoken.length} spoken questions (espeak-ng): ${rate(errors.campaign)} with the campaign's language model, ${rate(errors.general)} with pocketsphinx's general one`,
  )
} else {
  console.log('Voice turn: skipped (install pocketsphinx pocketsphinx-en-us espeak-ng)')
}
