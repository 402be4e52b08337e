import { z } from 'zod'
import type { Llm } from '../llm/client'
import { premiseOf } from './premise'
import { hhmmss } from './text'
import {
  assemble,
  callDuration,
  describeWindow,
  scoreTranscript,
  type Channel,
  type ScoreOptions,
  type CallScore,
  type QuestionScore,
  type Segment,
  type TemplateCategory,
  type TemplateQuestion,
} from './score'

const judged = z.object({
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      value: z.enum(['yes', 'no', 'n/a']),
      evaluation_key_word: z.string().max(300).nullable(),
      start_seconds: z.number().min(0).nullable(),
      justification: z.string().min(1).max(500),
    }),
  ),
})

type JudgedAnswer = z.infer<typeof judged>['answers'][number]

const SYSTEM = `You are a contact-centre quality auditor. You answer a QA template's questions about one call
from its transcript. For each question answer "yes", "no" or "n/a" ("n/a" only when the question's
condition never arises or what it presupposes did not happen, as the question says). Quote the exact words from the transcript that decide the answer
(evaluation_key_word) with the second they start (start_seconds), or null when nothing was said, and
give a one-sentence justification. Respect who must say it and the time window. Reply with JSON:
{"answers":[{"question_id":1,"value":"yes","evaluation_key_word":"…","start_seconds":12.5,"justification":"…"}]}`

function describe(q: TemplateQuestion, channel: Channel) {
  const parts = [`#${q.id} ${q.text}`, `must be said by: ${q.speaker}`, `evidence such as: ${q.phrases.join(' | ')}`]
  const window = describeWindow(q, channel)
  if (window) parts.push(`only${window}`)
  if (q.applies_when)
    parts.push(`applies only if the ${q.applies_when.speaker} mentions: ${q.applies_when.phrases.join(' | ')}`)
  const premise = premiseOf(q.text)
  if (premise) parts.push(`n/a when ${premise.unmet.replace(/\.$/, '')}`)
  return parts.join('; ')
}

/** One of the judge's answers, checked against its question and the call; throws if it doesn't fit. */
function fromJudge(q: TemplateQuestion, a: JudgedAnswer | undefined, duration: number): QuestionScore {
  if (!a) throw new Error(`The judge did not answer question ${q.id}`)
  if (a.value === 'n/a' && !q.applies_when && !premiseOf(q.text)) throw new Error(`Question ${q.id} always applies`)
  const at = a.start_seconds === null ? null : Math.min(a.start_seconds, duration)
  return {
    question_id: q.id,
    value: a.value,
    passed: a.value === 'n/a' ? null : a.value === q.expected,
    evaluation_key_word: a.evaluation_key_word,
    start_time: at === null ? null : hhmmss(at),
    start_seconds: at,
    justification: a.justification,
  }
}

/** A transcript longer than this (characters as sent) is judged window by window: about 12 minutes of talk. */
export const JUDGE_WINDOW_CHARS = 12_000
/** Turns a window repeats from the one before, so an exchange across the cut is seen whole. */
const WINDOW_OVERLAP = 2

/** The transcript's lines cut into windows of at most `limit` characters, each overlapping the one before. */
export function windowsOf(lines: string[], limit = JUDGE_WINDOW_CHARS): { from: number; to: number }[] {
  const windows: { from: number; to: number }[] = []
  let from = 0
  while (from < lines.length) {
    let to = from
    let size = 0
    // at least one line a window, however long
    while (to < lines.length && (to === from || size + lines[to]!.length + 1 <= limit)) size += lines[to++]!.length + 1
    windows.push({ from, to })
    if (to >= lines.length) break
    from = Math.max(from + 1, to - WINDOW_OVERLAP)
  }
  return windows
}

/** Which answer stands when windows differ: what happened in one window happened; a "no" outweighs "not here". */
const RANK = { yes: 2, no: 1, 'n/a': 0 } as const

export async function judgeWithLlm(
  llm: Llm,
  template: TemplateCategory[],
  segments: Segment[],
  channel: Channel = 'call',
): Promise<CallScore> {
  const duration = callDuration(segments)
  // a chat's or e-mail's place is its message's number; its seconds are only the order
  const lines = segments.map((s, i) =>
    channel === 'call'
      ? `[${s.start.toFixed(1)}s ${s.speaker}] ${s.text}`
      : `[message ${i + 1} ${s.speaker}] ${s.text}`,
  )
  const questions = template.flatMap((c) => c.questions.map((q) => describe(q, channel))).join('\n')
  const length =
    channel === 'call'
      ? `Call length: ${duration.toFixed(1)} s`
      : `A ${channel === 'chat' ? 'chat' : 'e-mail thread'} of ${segments.length} messages`
  const windows = windowsOf(lines)
  const judgedWindows = await Promise.all(
    windows.map(async ({ from, to }, k) => {
      const part =
        windows.length === 1
          ? ''
          : `\nThis is part ${k + 1} of ${windows.length} of a long transcript (lines ${from + 1}–${to} of ${lines.length}). ` +
            'Answer from this part: "yes" where it shows the question met (or, for something that must not happen, ' +
            'happening), "no" where it should show it and does not, "n/a" where this part has nothing to do with it.'
      const { answers } = await llm.json(
        [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `${length}${part}\n\nTranscript:\n${lines.slice(from, to).join('\n')}\n\nQuestions:\n${questions}`,
          },
        ],
        judged,
      )
      return new Map(answers.map((a) => [a.question_id, a]))
    }),
  )
  // per question, the first window's answer of the highest rank: the earliest place it was met
  const pick = (id: number) =>
    judgedWindows
      .map((w) => w.get(id))
      .reduce<JudgedAnswer | undefined>(
        (best, a) => (!a ? best : !best || RANK[a.value] > RANK[best.value] ? a : best),
        undefined,
      )
  return assemble(template, (q) => fromJudge(q, pick(q.id), duration))
}

export type ScoredBy = {
  result: CallScore
  engine: 'llm' | 'local'
  fallback_reason: string | null
  /** When the judge answered: the local engine's answers to the same questions, a second opinion for confidence. */
  local?: CallScore
}

/** The LLM judge where one is configured, the local engine otherwise or whenever the judge fails. */
export async function scoreCall(
  template: TemplateCategory[],
  segments: Segment[],
  llm: Llm | null,
  options: ScoreOptions = {},
): Promise<ScoredBy> {
  if (llm) {
    try {
      return {
        result: await judgeWithLlm(llm, template, segments, options.channel),
        engine: 'llm',
        fallback_reason: null,
        local: scoreTranscript(template, segments, options),
      }
    } catch (error) {
      const reason =
        error instanceof z.ZodError ? 'the judge answered in an unexpected shape' : (error as Error).message
      return { result: scoreTranscript(template, segments, options), engine: 'local', fallback_reason: reason }
    }
  }
  return { result: scoreTranscript(template, segments, options), engine: 'local', fallback_reason: null }
}
