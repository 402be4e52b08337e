import { findPhrase, prepare, type Evidence, type Segment, type Speaker } from './match'
import { isRecordingDisclosure, isThanksForContact } from './paraphrase'
import { premiseOf } from './premise'
import { hhmmss } from './text'

export type { Segment, Speaker }
export type Answer = 'yes' | 'no' | 'n/a'
export type Channel = 'call' | 'chat' | 'email'
export type ScoreOptions = {
  /** How the conversation took place (default a call): chats and e-mails count windows in messages. */
  channel?: Channel
}

export type TemplateQuestion = {
  id: number
  text: string
  weight: number
  /** The answer a compliant call gives. */
  expected: 'yes' | 'no'
  /** Said by `speaker` (inside the window), any of these makes the answer yes. */
  phrases: string[]
  speaker: Speaker | 'any'
  /** Only the first or last N seconds of the call count (e.g. a greeting in the first 30 s). */
  window?: { first_s?: number; last_s?: number }
  /** The question applies only when one of these is said first (e.g. the customer asks for a refund); otherwise n/a. */
  applies_when?: { phrases: string[]; speaker: Speaker | 'any' }
}

export type TemplateCategory = {
  id: number
  name: string
  weight: number
  /** A failed question here fails the whole call (score 0). */
  auto_failed: boolean
  questions: TemplateQuestion[]
}

export type QuestionScore = {
  question_id: number
  value: Answer
  /** Whether the answer is the compliant one; null when not applicable. */
  passed: boolean | null
  evaluation_key_word: string | null
  start_time: string | null
  start_seconds: number | null
  justification: string
}

export type CategoryScore = {
  category_id: number
  name: string
  auto_failed: boolean
  /** 0–100 over the applicable questions' weights; null when none applies. */
  score: number | null
  /** An auto-fail category with a failed question. */
  failed: boolean
  questions: QuestionScore[]
}

export type CallScore = {
  /** 0–100 weighted over the scored categories; 0 on auto-fail; null when nothing applied. */
  score: number | null
  auto_fail: boolean
  categories: CategoryScore[]
}

const round1 = (n: number) => Math.round(n * 10) / 10
const who = (s: Speaker | 'any') => (s === 'any' ? 'anyone' : `the ${s}`)

/** Seconds of a chat per message of one side: "the first 30 s" of a chat is that side's first two messages. */
const CHAT_MESSAGE_S = 15

/**
 * Whether a segment is inside the question's window. Calls count seconds. Chats count the messages of
 * the question's speaker (one per 15 s of the window). An e-mail thread opens with its first message;
 * every e-mail closes on its own, so a closing window covers them all.
 */
function windowTest(q: TemplateQuestion, segments: Segment[], channel: Channel) {
  const side = segments.map((s, i) => ({ s, i })).filter(({ s }) => q.speaker === 'any' || s.speaker === q.speaker)
  const rank = new Map(side.map(({ i }, k) => [i, k]))
  if (channel === 'call') {
    const duration = callDuration(segments)
    const from = q.window?.last_s !== undefined ? Math.max(0, duration - q.window.last_s) : 0
    const to = q.window?.first_s ?? Number.POSITIVE_INFINITY
    return (s: Segment) => s.start >= from && s.start <= to
  }
  const messages = (seconds: number) => (channel === 'email' ? 1 : Math.max(1, Math.round(seconds / CHAT_MESSAGE_S)))
  const first = q.window?.first_s !== undefined ? messages(q.window.first_s) : Number.POSITIVE_INFINITY
  const last = q.window?.last_s !== undefined && channel === 'chat' ? messages(q.window.last_s) : side.length
  return (_: Segment, index: number) => {
    const k = rank.get(index)
    return k === undefined || (k < first && k >= side.length - last)
  }
}

function describeWindow(q: TemplateQuestion) {
  if (q.window?.first_s !== undefined) return ` in the first ${q.window.first_s} s`
  if (q.window?.last_s !== undefined) return ` in the last ${q.window.last_s} s`
  return ''
}

function quoted(e: Evidence) {
  return `"${e.words}" (${e.segment.speaker}, ${hhmmss(e.at)})`
}

/** Answers one question from the transcript, with its evidence and a one-line justification. */
export function answerQuestion(
  q: TemplateQuestion,
  prepared: ReturnType<typeof prepare>,
  channel: Channel = 'call',
): QuestionScore {
  const base = { question_id: q.id, evaluation_key_word: null, start_time: null, start_seconds: null }
  if (channel === 'email' && isRecordingDisclosure(q.phrases)) {
    return { ...base, value: 'n/a', passed: null, justification: 'Not applicable: an e-mail is not a recorded call.' }
  }
  // an outbound chat or e-mail (the agent wrote first) has no contact to thank the customer for
  const outbound = channel !== 'call' && prepared[0]?.segment.speaker === 'agent'
  if (outbound && q.window?.first_s !== undefined && isThanksForContact(q.phrases)) {
    return { ...base, value: 'n/a', passed: null, justification: 'Not applicable: the agent started the contact.' }
  }
  if (q.applies_when) {
    const condition = q.applies_when
    const { evidence } = findPhrase(
      prepared,
      condition.phrases,
      (s) => condition.speaker === 'any' || s.speaker === condition.speaker,
    )
    if (!evidence) {
      return {
        ...base,
        value: 'n/a',
        passed: null,
        justification: `Not applicable: ${who(condition.speaker)} never raised it.`,
      }
    }
  }
  const premise = premiseOf(q.text)
  const notApplicable = (): QuestionScore => ({
    ...base,
    value: 'n/a',
    passed: null,
    justification: `Not applicable: ${premise!.unmet}`,
  })
  const premiseHolds = () => !premise || premise.holds(prepared.map((p) => p.segment))
  if (premise?.first && !premiseHolds()) return notApplicable()
  const inWindow = windowTest(
    q,
    prepared.map((p) => p.segment),
    channel,
  )
  const { evidence, elsewhere } = findPhrase(
    prepared,
    q.phrases,
    (s, index) => (q.speaker === 'any' || s.speaker === q.speaker) && inWindow(s, index),
  )
  const value = evidence ? 'yes' : 'no'
  const passed = value === q.expected
  if (evidence) {
    return {
      question_id: q.id,
      value,
      passed,
      evaluation_key_word: evidence.words,
      start_time: hhmmss(evidence.at),
      start_seconds: round1(evidence.at),
      justification: `${who(q.speaker)[0].toUpperCase()}${who(q.speaker).slice(1)} said ${quoted(evidence)}.`,
    }
  }
  if (!premiseHolds()) return notApplicable()
  const expectedWhere = `${who(q.speaker)}${describeWindow(q)}`
  const justification = elsewhere
    ? `Said as ${quoted(elsewhere)}, but it had to come from ${expectedWhere}.`
    : `No words to that effect from ${expectedWhere}.`
  return {
    ...base,
    value,
    passed,
    evaluation_key_word: elsewhere?.words ?? null,
    start_time: elsewhere ? hhmmss(elsewhere.at) : null,
    start_seconds: elsewhere ? round1(elsewhere.at) : null,
    justification,
  }
}

/** Weighted share of applicable questions answered as expected, 0–100; null when none applies. */
export function categoryScore(questions: TemplateQuestion[], answers: QuestionScore[]): number | null {
  let total = 0
  let earned = 0
  answers.forEach((a, i) => {
    if (a.passed === null) return
    total += questions[i].weight
    if (a.passed) earned += questions[i].weight
  })
  return total > 0 ? round1((earned / total) * 100) : null
}

/** The call's score from its categories: weighted over scored categories, 0 when an auto-fail category failed. */
export function callScore(categories: CategoryScore[], weights: number[]): Pick<CallScore, 'score' | 'auto_fail'> {
  const autoFail = categories.some((c) => c.failed)
  let total = 0
  let sum = 0
  categories.forEach((c, i) => {
    if (c.score === null) return
    total += weights[i]
    sum += weights[i] * c.score
  })
  if (autoFail) return { score: 0, auto_fail: true }
  return { score: total > 0 ? round1(sum / total) : null, auto_fail: false }
}

export const callDuration = (segments: Segment[]) => segments.reduce((max, s) => Math.max(max, s.end), 0)

/** Categories and the call's score from one answer per question, whoever gave them (local engine or LLM judge). */
export function assemble(template: TemplateCategory[], answer: (q: TemplateQuestion) => QuestionScore): CallScore {
  const categories = template.map((category): CategoryScore => {
    const questions = category.questions.map(answer)
    return {
      category_id: category.id,
      name: category.name,
      auto_failed: category.auto_failed,
      score: categoryScore(category.questions, questions),
      failed: category.auto_failed && questions.some((q) => q.passed === false),
      questions,
    }
  })
  return {
    ...callScore(
      categories,
      template.map((c) => c.weight),
    ),
    categories,
  }
}

/** Scores a transcript against a template: the local engine (no network). */
export function scoreTranscript(
  template: TemplateCategory[],
  segments: Segment[],
  { channel = 'call' }: ScoreOptions = {},
): CallScore {
  const prepared = prepare(segments)
  return assemble(template, (q) => answerQuestion(q, prepared, channel))
}

/**
 * The score of a set of answers someone gave (an auditor's manual review): each value passes when
 * it is the question's expected answer, n/a is left out, and auto-fail applies as for the AI.
 */
export function scoreValues(
  template: TemplateCategory[],
  valueOf: (q: TemplateQuestion) => Answer | undefined,
): CallScore {
  return assemble(template, (q) => {
    const value = valueOf(q) ?? 'n/a'
    return {
      question_id: q.id,
      value,
      passed: value === 'n/a' ? null : value === q.expected,
      evaluation_key_word: null,
      start_time: null,
      start_seconds: null,
      justification: '',
    }
  })
}
