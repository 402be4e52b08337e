import type { EvidenceCheck } from '#contract/agent-scoring'

/** Below this a criterion "needs a human" and sorts first. */
export const NEEDS_HUMAN_BELOW = 0.6

/**
 * How far one answer may be trusted, from independent signals agreeing or not:
 * - its footing: a quote found and checked word for word (verified, repaired, unverified: capped),
 *   or an answer resting on nothing said, or on a condition or premise not met;
 * - the local engine's match strength and margin (how fully it found what decided the answer, and
 *   how far that is from the other answer: several places or one, words near it negated, said by the
 *   other side or outside the window);
 * - with an LLM judge, whether the local engine, asked the same, gives the same answer; a judge the
 *   engine contradicts needs a human.
 * A fallback from a failed judge costs a tenth. `bench/scoring-agreement.ts` prints how often answers
 * above and below the needs-a-human bar agree with careful human labels.
 */
export function confidenceOf(input: {
  value: 'yes' | 'no' | 'n/a'
  hasQuote: boolean
  check: EvidenceCheck
  engine: 'local' | 'llm'
  fallback: boolean
  /** The local engine's signal (MatchSignal, written out so this file does not bring the engine into the strict typecheck). */
  signal?: { strength: number; margin: number }
  /** With an LLM judge: whether the local engine gave the same answer. */
  agrees?: boolean
}): number {
  let c: number
  // an answer resting on nothing said (no words to that effect, a condition or premise not met) has its
  // weaker footing in the engine's signal, or, from the judge, here
  if (input.hasQuote) c = input.check === 'verified' ? 0.98 : input.check === 'repaired' ? 0.8 : 0.45
  else c = input.engine === 'local' ? 0.95 : 0.8
  const { strength, margin } = input.signal ?? { strength: 1, margin: 1 }
  if (input.engine === 'local') c *= 0.6 + 0.4 * strength * margin
  else if (input.agrees === false) c = Math.min(c, 0.5)
  else if (input.agrees) c += 0.05
  if (input.fallback) c -= 0.1
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100
}
