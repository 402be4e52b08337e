import type { EvidenceCheck, NotScorableReason } from '#contract/agent-scoring'
import type { Template } from '#contract/templates'
import type { ScoringEvidenceRow, ScoringTurnRow } from '../../db/schema'
import type { ScoredBy } from '../../engines/scoring/llm-judge'
import type { Segment } from '../../engines/scoring/score'
import { confidenceOf } from './confidence'
import type { CriterionResult, Scored } from './store/items'

/** Chats and e-mails without times: one message every this many seconds, so the engine's order holds. */
export const SECONDS_PER_MESSAGE = 10
/** Fewer words than this from either side is not a conversation to score. */
export const MIN_WORDS_PER_SIDE = 3

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

/**
 * Whether a conversation is in English, without a language-detection library (none is installed,
 * and this one question does not warrant one): the share of its words that are common English
 * function words (articles, pronouns, prepositions, conjunctions, auxiliaries and their
 * contractions). Those make up a third to a half of any English conversation, whatever it is about;
 * another language has next to none of them. Words as common in Spanish, French or German as in
 * English are left out ("a", "me", "no", "he", "on", "in", "an", "so", "was", "will", "am", "also").
 */
const ENGLISH_FUNCTION_WORDS = new Set(
  (
    'the this that these those some any every each all both another such ' +
    'i my mine myself you your yours yourself we us our ours they them their he him his she her it its who whom whose which what ' +
    'of to at by for with from about into over after before between through during under up down out off than ' +
    'and or but if because while when where how why whether then though ' +
    'is are were be been being do does did have has had having would can could shall should may might must ' +
    'not just very too only there here now again still already yet please thanks thank yes ' +
    "i'm i've i'll i'd you're you've you'll you'd we're we've we'll they're they've it's that's there's what's " +
    "don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't couldn't wouldn't shouldn't let's"
  ).split(' '),
)
/** Below this many words a conversation is not judged: a few words say too little of their language. */
export const MIN_WORDS_FOR_LANGUAGE = 20
/**
 * Under this share of English function words a conversation is in another language. Measured: the
 * 146 English conversations of the agreement sets and the seed (calls, chats, e-mails with
 * signatures) 0.33 to 0.58; a telegraphic chat of names, dates of birth and account numbers 0.18;
 * Spanish, French and German chats and e-mails 0 to 0.03 (score-item.test.ts). 0.12 keeps clear of both.
 */
export const MIN_ENGLISH_SHARE = 0.12

/**
 * The conversation's words: runs of letters (an apostrophe inside a word kept), and each character
 * of a script written without spaces (Chinese, Japanese, Thai) a word of its own.
 */
const lettersOf = (text: string) =>
  text
    .normalize('NFC')
    .replace(/’/g, "'")
    .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|\p{L}+(?:'\p{L}+)*/gu) ?? []

/**
 * The share of the conversation's words that are English function words, or null when it has too few
 * words to say. Capitalised words other than function words are left out of the count.
 */
export function englishShare(turns: ScoringTurnRow[]): number | null {
  const all = turns.flatMap((t) => lettersOf(t.text))
  if (all.length < MIN_WORDS_FOR_LANGUAGE) return null
  let english = 0
  let counted = 0
  for (const word of all) {
    const lower = word.toLowerCase()
    if (ENGLISH_FUNCTION_WORDS.has(lower)) english++
    // a capitalised word that is no function word is a name, a code or a sentence's first word: it
    // says nothing of the language, and a chat of names and postcodes would otherwise look foreign
    else if (word !== lower) continue
    counted++
  }
  return counted ? english / counted : null
}

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
  // before the word counts, which split on spaces: Chinese written without them is not "too few words"
  const english = englishShare(turns)
  if (english !== null && english < MIN_ENGLISH_SHARE) return 'other_language'
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
  // found nowhere: kept, unverified, at the turn it names, or else the turn sharing most of its words,
  // so the page shows the quote as not found rather than as no quote at all
  if (!turns.length) return { check: 'unverified', evidence: [] }
  return at(named >= 0 ? named : closestTurn(q, turns), 'unverified')
}

/** The turn that shares most words with a quote (the first turn when none shares any). */
function closestTurn(foldedQuote: string, turns: ScoringTurnRow[]) {
  const wanted = new Set(foldedQuote.split(' ').filter(Boolean))
  let best = 0
  let bestShared = 0
  turns.forEach((t, i) => {
    const shared = [...new Set(fold(t.text).split(' '))].filter((w) => wanted.has(w)).length
    if (shared > bestShared) {
      best = i
      bestShared = shared
    }
  })
  return best
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
  const local = scoredBy.local?.categories.flatMap((c) => c.questions) ?? []
  const results: CriterionResult[] = template.categories.flatMap((category) =>
    category.questions.map((question) => {
      const a = answers.find((x) => x.question_id === question.internal_id)
      const second = local.find((x) => x.question_id === question.internal_id)
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
          signal: a?.signal,
          agrees: second && second.value === value,
        }),
      }
    }),
  )
  return { engine: scoredBy.engine, model, score: scoredBy.result.score, autoFail: scoredBy.result.auto_fail, results }
}
