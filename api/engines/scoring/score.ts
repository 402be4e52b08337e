import { atOffset, findPhrase, prepare, type Evidence, type Segment, type Speaker } from './match'
import { answersContact, isRecordingDisclosure, isThanksForContact } from './paraphrase'
import { asksCheckFirst, firstDisclosure, premiseOf } from './premise'
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
  /**
   * Only the first or last N seconds of a call count (e.g. a greeting in the first 30 s); in a chat or
   * e-mail thread, the speaker's first or last N messages, as the template says or, unsaid, as the
   * seconds give (see windowTest).
   */
  window?: { first_s?: number; last_s?: number; first_messages?: number; last_messages?: number }
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

/**
 * How firmly the local engine holds an answer, each 0–1. Strength: how fully what decided it was
 * found (a phrase's share of content words; a rule such as a premise is weaker than words said).
 * Margin: how far it is from the other answer (said in several places, or once; nothing said at all,
 * or the words said but negated, hedged, by the other side or outside the window).
 */
export type MatchSignal = { strength: number; margin: number }

export type QuestionScore = {
  question_id: number
  value: Answer
  /** Whether the answer is the compliant one; null when not applicable. */
  passed: boolean | null
  evaluation_key_word: string | null
  start_time: string | null
  start_seconds: number | null
  justification: string
  /** The local engine's footing for the answer; absent from an LLM judge's or an auditor's answers. */
  signal?: MatchSignal
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
 * Whether a segment is inside the question's window. Calls count seconds. Chats and e-mails count the
 * messages of the question's speaker: as many as the template says, or else, for a chat, one per 15 s
 * of the window; an e-mail thread opens with its first message, and every e-mail closes on its own, so
 * a closing window in seconds covers them all.
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
  const { first, last } = messageWindow(q, channel, side.length)
  return (_: Segment, index: number) => {
    const k = rank.get(index)
    return k === undefined || (k < first && k >= side.length - last)
  }
}

/** How many of the speaker's messages a chat or e-mail window takes from the start and from the end. */
function messageWindow(q: TemplateQuestion, channel: Channel, count: number) {
  const w = q.window ?? {}
  const fromSeconds = (seconds: number) => (channel === 'email' ? 1 : Math.max(1, Math.round(seconds / CHAT_MESSAGE_S)))
  const first = w.first_messages ?? (w.first_s !== undefined ? fromSeconds(w.first_s) : Number.POSITIVE_INFINITY)
  const last = w.last_messages ?? (w.last_s !== undefined && channel === 'chat' ? fromSeconds(w.last_s) : count)
  return { first, last }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The question's window in words: " in the first 30 s" of a call, " in their first 2 messages" of a chat. */
export function describeWindow(q: TemplateQuestion, channel: Channel) {
  const w = q.window
  if (!w) return ''
  if (channel === 'call') {
    if (w.first_s !== undefined) return ` in the first ${w.first_s} s`
    if (w.last_s !== undefined) return ` in the last ${w.last_s} s`
    return ''
  }
  const { first, last } = messageWindow(q, channel, Number.POSITIVE_INFINITY)
  if (Number.isFinite(first)) return ` in their first ${plural(first, 'message')}`
  if (Number.isFinite(last)) return ` in their last ${plural(last, 'message')}`
  return ''
}

/** The words quoted with who said them and where: the time in a call, the message's number in a chat or e-mail thread. */
function quoted(e: Evidence, channel: Channel) {
  return `"${e.words}" (${e.segment.speaker}, ${channel === 'call' ? hhmmss(e.at) : `message ${e.index + 1}`})`
}

/** Answers one question from the transcript, with its evidence and a one-line justification. */
export function answerQuestion(
  q: TemplateQuestion,
  prepared: ReturnType<typeof prepare>,
  channel: Channel = 'call',
): QuestionScore {
  const base = { question_id: q.id, evaluation_key_word: null, start_time: null, start_seconds: null }
  const segments = prepared.map((p) => p.segment)
  const notApplicable = (why: string, signal: MatchSignal): QuestionScore => ({
    ...base,
    value: 'n/a',
    passed: null,
    justification: `Not applicable: ${why}`,
    signal,
  })
  if (channel === 'email' && isRecordingDisclosure(q.phrases)) {
    return notApplicable('an e-mail is not a recorded call.', { strength: 1, margin: 1 })
  }
  // an outbound chat or e-mail (the agent wrote first, not in answer to the customer) has no contact to thank them for
  const opener = prepared[0]?.segment
  const outbound = channel !== 'call' && opener?.speaker === 'agent' && !answersContact(opener.text)
  const opening = q.window?.first_s !== undefined || q.window?.first_messages !== undefined
  if (outbound && opening && isThanksForContact(q.phrases)) {
    return notApplicable('the agent started the contact.', { strength: 0.9, margin: 0.9 })
  }
  if (q.applies_when) {
    const condition = q.applies_when
    const raised = findPhrase(
      prepared,
      condition.phrases,
      (s) => condition.speaker === 'any' || s.speaker === condition.speaker,
    )
    if (!raised.evidence) {
      // "I'm not complaining", or the agent saying the word: so near the condition that a human should look
      return notApplicable(`${who(condition.speaker)} never raised it.`, {
        strength: 1,
        margin: raised.refused || raised.elsewhere ? 0 : 1,
      })
    }
  }
  const premise = premiseOf(q.text)
  // a premise is read from the words of the whole conversation: a rule, weaker than words said
  const premiseUnmet = (margin = 0.8) => notApplicable(premise!.unmet, { strength: 0.8, margin })
  const premiseHolds = () => !premise || premise.holds(segments)
  if (premise?.first && !premiseHolds()) return premiseUnmet()
  const inWindow = windowTest(q, segments, channel)
  const { evidence, elsewhere, hits, refused } = findPhrase(
    prepared,
    q.phrases,
    (s, index) => (q.speaker === 'any' || s.speaker === q.speaker) && inWindow(s, index),
  )
  const disclosed = evidence && asksCheckFirst(q.text) ? disclosedBefore(prepared, segments, evidence) : null
  if (disclosed && evidence) {
    return {
      ...base,
      value: 'no',
      passed: q.expected === 'no',
      evaluation_key_word: disclosed.words,
      start_time: hhmmss(disclosed.at),
      start_seconds: round1(disclosed.at),
      justification: `The agent discussed the account first, ${quoted(disclosed, channel)}, before the check ${quoted(evidence, channel)}.`,
      signal: { strength: 0.8, margin: 0.6 },
    }
  }
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
      justification: `${who(q.speaker)[0].toUpperCase()}${who(q.speaker).slice(1)} said ${quoted(evidence, channel)}.`,
      signal: { strength: evidence.coverage, margin: Math.max(0, (hits > 1 ? 1 : 0.8) - (refused ? 0.2 : 0)) },
    }
  }
  // said, but by the other side or outside the window, is close to a yes; said negated ("I won't take you
  // to court") is not: on the labelled sets such a no agrees with the human as often as any other
  const nearMiss = elsewhere ? 0.3 : 1
  if (!premiseHolds()) return premiseUnmet(Math.min(0.8, nearMiss))
  const expectedWhere = `${who(q.speaker)}${describeWindow(q, channel)}`
  const justification = elsewhere
    ? `Said as ${quoted(elsewhere, channel)}, but it had to come from ${expectedWhere}.`
    : `No words to that effect from ${expectedWhere}.`
  return {
    ...base,
    value,
    passed,
    evaluation_key_word: elsewhere?.words ?? null,
    start_time: elsewhere ? hhmmss(elsewhere.at) : null,
    start_seconds: elsewhere ? round1(elsewhere.at) : null,
    justification,
    // nothing said is weaker footing than words said
    signal: { strength: 0.75, margin: nearMiss },
  }
}

/** The agent telling what is on the account before the check found as `check`, as evidence of its own. */
function disclosedBefore(prepared: ReturnType<typeof prepare>, segments: Segment[], check: Evidence): Evidence | null {
  const first = firstDisclosure(segments)
  if (!first || first.index > check.index) return null
  const p = prepared[first.index]
  const at = atOffset(p, first.offset)
  if (first.index === check.index && at >= check.at) return null
  const words = p.segment.text
    .slice(first.offset)
    .split(/(?<=[.?!])\s/)[0]
    .trim()
  return { segment: p.segment, words, at, coverage: 1, index: first.index }
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
