import type { EvidenceCheck, NotScorableReason } from '#contract/agent-scoring'
import type { Template } from '#contract/templates'
import type { ScoringEvidenceRow, ScoringTurnRow } from '../../db/schema'
import type { ScoredBy } from '../../engines/scoring/llm-judge'
import type { Segment } from '../../engines/scoring/score'
import type { CriterionResult, Scored } from './store/items'

/** Chats and e-mails without times: one message every this many seconds, so the engine's order holds. */
export const SECONDS_PER_MESSAGE = 10
/** Fewer words than this from either side is not a conversation to score. */
export const MIN_WORDS_PER_SIDE = 3

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

/** The turns as the engine's timed segments: a call's own times, a thread's order. */
export function segmentsOf(turns: ScoringTurnRow[]): Segment[] {
  return turns.map((t, i) => {
    const start = t.start ?? i * SECONDS_PER_MESSAGE
    const next =
      turns[i + 1]?.start ?? (t.start === undefined ? (i + 1) * SECONDS_PER_MESSAGE : start + SECONDS_PER_MESSAGE)
    return { speaker: t.speaker, text: t.text, start, end: t.end ?? Math.max(start, next - 0.01) }
  })
}

/** Why a conversation cannot be scored, or null: said on the item, never a silent skip. */
export function notScorable(turns: ScoringTurnRow[]): NotScorableReason | null {
  const agent = turns.filter((t) => t.speaker === 'agent')
  if (!agent.length) return 'no_agent_turns'
  const agentWords = agent.reduce((n, t) => n + words(t.text), 0)
  const customerWords = turns.filter((t) => t.speaker === 'customer').reduce((n, t) => n + words(t.text), 0)
  if (
    agentWords < MIN_WORDS_PER_SIDE ||
    (customerWords > 0 && customerWords < MIN_WORDS_PER_SIDE && turns.length < 3)
  ) {
    return 'too_few_words'
  }
  return null
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The quote checked word for word against the conversation: in the turn the engine names
 * (verified), in another turn (repaired: that turn is named instead), or nowhere (unverified).
 */
export function checkQuote(
  quote: string,
  turns: ScoringTurnRow[],
  segments: Segment[],
  startSeconds: number | null,
): { check: EvidenceCheck; evidence: ScoringEvidenceRow[] } {
  const q = fold(quote)
  // the engine gives the second the quote starts at, inside its segment
  const named =
    startSeconds === null
      ? -1
      : segments.findLastIndex((s) => s.start <= startSeconds + 1e-6 && startSeconds <= s.end + 1e-6)
  const hit = (i: number) => i >= 0 && fold(turns[i]!.text).includes(q)
  const at = (i: number, check: EvidenceCheck) => ({
    check,
    evidence: [{ quote, speaker: turns[i]!.speaker, turn: i, start_s: turns[i]!.start ?? null }],
  })
  if (q && hit(named)) return at(named, 'verified')
  const other = q ? turns.findIndex((_, i) => hit(i)) : -1
  if (other >= 0) return at(other, 'repaired')
  return {
    check: 'unverified',
    evidence:
      named >= 0 ? [{ quote, speaker: turns[named]!.speaker, turn: named, start_s: turns[named]!.start ?? null }] : [],
  }
}

/**
 * How far one answer may be trusted, from the signals that agree or not: what the answer rests on
 * (a quote found, a phrase absent, a condition not met), whether the quote checks out, and, with an
 * LLM judge, whether the judge answered at all or the local engine stood in. A first calibration:
 * the calibration view measures it against the supervisors' decisions.
 */
export function confidenceOf(input: {
  value: 'yes' | 'no' | 'n/a'
  hasQuote: boolean
  check: EvidenceCheck
  engine: 'local' | 'llm'
  fallback: boolean
}): number {
  let c: number
  if (input.hasQuote) c = input.check === 'verified' ? 0.9 : input.check === 'repaired' ? 0.75 : 0.45
  else c = input.value === 'n/a' ? 0.7 : 0.6 // an absence is weaker evidence than a quote
  if (input.engine === 'llm') c = Math.min(1, c + 0.05)
  if (input.fallback) c -= 0.1
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100
}

/** The engine's answers as the item's criteria: each with its quote checked and its confidence. */
export function resultsOf(
  template: Template,
  turns: ScoringTurnRow[],
  scoredBy: ScoredBy,
  model: string | null,
): Scored {
  const segments = segmentsOf(turns)
  const answers = scoredBy.result.categories.flatMap((c) => c.questions)
  const results: CriterionResult[] = template.categories.flatMap((category) =>
    category.questions.map((question) => {
      const a = answers.find((x) => x.question_id === question.internal_id)
      const value = a?.value ?? 'n/a'
      const quote = a?.evaluation_key_word ?? null
      const checked = quote
        ? checkQuote(quote, turns, segments, a?.start_seconds ?? null)
        : { check: 'unverified' as const, evidence: [] }
      return {
        questionId: question.internal_id,
        value,
        rationale: a?.justification ?? 'Not answered by the engine.',
        evidence: checked.evidence,
        check: checked.check,
        confidence: confidenceOf({
          value,
          hasQuote: Boolean(quote),
          check: checked.check,
          engine: scoredBy.engine,
          fallback: scoredBy.fallback_reason !== null,
        }),
      }
    }),
  )
  return { engine: scoredBy.engine, model, score: scoredBy.result.score, autoFail: scoredBy.result.auto_fail, results }
}
