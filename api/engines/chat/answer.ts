import { splitSentences } from '../summarize/split'
import { ANSWER_CONFIDENCE, ANSWER_MARGIN_CAP, answerConfidence, type AnswerSignals } from './answerability'
import { intentFeatures } from './intents'
import {
  mergeQueries,
  queryTerms,
  terms,
  type KnowledgeChunk,
  type KnowledgeIndex,
  type QueryTerms,
  type Ranked,
} from './knowledge'

/*
 * The local engine's answer (ARCHITECTURE §6 "chat"): the best sentences of the chunks retrieved
 * for the question, quoted as written, each group followed by the [n] of its chunk. A question the
 * knowledge base does not cover well enough gets "I don't know" and the closest articles instead of
 * a guess. A follow-up ("and on Sundays?") is read with the question before it.
 */

/**
 * How much a question word the campaign's articles never use counts against coverage: such a word
 * is often what the articles lack ("mortgage"), but as often a word that says nothing ("pleased").
 */
export const UNKNOWN_WORD_WEIGHT = 0.5
/** How much the previous question's words count when a follow-up is read with it. */
export const CONTEXT_WEIGHT = 0.6
/** A second chunk is quoted too when it scores at least this share of the first's. */
const SECOND_CHUNK_SHARE = 0.75
/** An answer stops growing past this many characters. */
const ANSWER_CHARS = 480
/** Closest articles offered with "I don't know". */
const CLOSEST = 3

export const DONT_KNOW =
  "I don't know the answer to that from our help articles. You can look at the closest articles below, or talk to a person."
export const GREETING_REPLY = 'Hello! Ask me a question, for example about opening hours, fees or what to do next.'
export const THANKS_REPLY = "You're welcome. Is there anything else I can help with?"

/** Words that show a message leans on the one before it. */
const FOLLOW_UP =
  /^\s*(and|or|but|also|what about|how about|what if|then|so|same)\b|\b(it|that|this|those|they|them|there|then)\b/i
const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/i
const THANKS = /^\s*(thanks|thank you|cheers|great|ok(ay)?|perfect|brilliant|that'?s? (great|helpful|all))\b/i
/** Words a thank-you may hold besides thanks: anything else makes it a question. */
const THANKS_WORDS = new Set(terms('cheers great okay ok perfect brilliant helpful lot very so much all good that is'))

export type Citation = { n: number; chunk: KnowledgeChunk }
export type KnowledgeAnswer = {
  answer: string
  citations: Citation[]
  dontKnow: boolean
  /** With "I don't know": the articles nearest the question, to look at. */
  closest: { articleId: number; title: string }[]
  /** The chunks retrieved for this answer, best first: the only ones its citations may name. */
  retrieved: KnowledgeChunk[]
  /** What the answerability model read of the retrieval (null: nothing retrieved, or small talk). */
  signals: AnswerSignals | null
  /** How sure the engine is that the best chunk answers the question (0–1; answerability.ts). */
  confidence: number
  /** Small talk (a greeting, thanks) answered without the knowledge base. */
  smallTalk?: boolean
}

export type AskInput = {
  campaignId: number
  message: string
  /** The customer's earlier messages in this conversation, oldest first. */
  previous?: string[]
}

/** The question a follow-up leans on ("and on Sundays?" leans on the one before it), or undefined. */
function leansOn(message: string, previous: string[]) {
  const before = previous.at(-1)
  return before && (FOLLOW_UP.test(message) || terms(message).length <= 2) ? before : undefined
}

/** The query a message stands for: its own words, and with a follow-up the previous question's at CONTEXT_WEIGHT. */
export function queryOf(message: string, previous: string[] = []): QueryTerms {
  const own = queryTerms(message)
  const before = leansOn(message, previous)
  return before ? mergeQueries(own, queryTerms(before, CONTEXT_WEIGHT)) : own
}

/** The intent classifier's features of a message, read as queryOf reads it. */
function intentFeaturesOf(message: string, previous: string[] = []) {
  const features = intentFeatures(message)
  const before = leansOn(message, previous)
  return before ? intentFeatures(before, CONTEXT_WEIGHT, features) : features
}

/** The question's words (each counted once, at its own weight) by rarity, and the share a chunk's matched terms cover. */
export function coverageOf(index: KnowledgeIndex, campaignId: number, query: QueryTerms, matched: string[]) {
  const words = new Map<string, number>()
  for (const [term, { weight, word }] of query) if (term === word) words.set(word, weight)
  const got = new Map<string, number>()
  for (const term of matched) {
    const q = query.get(term)
    if (q) got.set(q.word, Math.max(got.get(q.word) ?? 0, q.weight))
  }
  let total = 0
  let covered = 0
  for (const [word, weight] of words) {
    const w = weight * index.idf(campaignId, word) * (index.known(campaignId, word) ? 1 : UNKNOWN_WORD_WEIGHT)
    total += w
    covered += w * Math.min(1, (got.get(word) ?? 0) / weight)
  }
  return total ? covered / total : 0
}

/** An article's questions speak for it once it has this many (the seeded ones have ten); with fewer, its coverage stands in. */
export const QUESTIONS_TO_JUDGE_BY = 5

/** How near the question comes to one the article answers (or its title): the share of it (as coverage weighs it) the nearest of them holds. */
function nearestQuestionOf(index: KnowledgeIndex, campaignId: number, query: QueryTerms, articleId: number) {
  const asked = [...query.keys()]
  let best = 0
  for (const question of index.questionsOf(articleId))
    best = Math.max(
      best,
      coverageOf(
        index,
        campaignId,
        query,
        asked.filter((t) => question.has(t)),
      ),
    )
  return best
}

/** What the answerability model reads of a retrieval: the best chunk's coverage of the question, its margin over another article's best, its strength, how near the question comes to one its article answers, and whether the intent classifier reads it as one of that article's. */
function answerSignals(
  index: KnowledgeIndex,
  campaignId: number,
  query: QueryTerms,
  ranked: Ranked[],
  intents: Map<number, number>,
): AnswerSignals {
  const top = ranked[0]!
  const article = index.chunks[top.index]!.articleId
  const other = ranked.find((r) => index.chunks[r.index]!.articleId !== article)
  const coverage = coverageOf(index, campaignId, query, top.matched)
  // an article written with few questions or none is judged by its text, not doubted for lacking them
  const judgedByQuestions = index.chunks[top.index]!.questions.length >= QUESTIONS_TO_JUDGE_BY
  return {
    coverage,
    nearestQuestion: judgedByQuestions ? nearestQuestionOf(index, campaignId, query, article) : coverage,
    intent: judgedByQuestions ? (intents.get(article) ?? 0) : coverage,
    margin: other ? top.score / other.score : ANSWER_MARGIN_CAP,
    // BM25's idf grows with the number of chunks indexed: divided by the highest a word can have,
    // a match means the same in a knowledge base of four articles as in one of sixty
    strength: top.score / Math.log(1 + 2 * index.chunks.length),
  }
}

/**
 * How much the intent classifier's probability for an article counts when the retrieved chunks are
 * put in order, against the article's best chunk's score as a share of the best of all.
 */
export const INTENT_RANK_WEIGHT = 0.6

/**
 * The chunks retrieved for a question, best first: retrieval's ranking, with each article moved by
 * how sure the intent classifier is that the question is one of its own (chunks of one article stay
 * together, in retrieval's order). The classifier's probabilities come back with it.
 */
function rank(index: KnowledgeIndex, campaignId: number, query: QueryTerms, features: Map<string, number>) {
  const ranked = index.search(campaignId, query)
  if (!ranked.length) return { ranked, intents: new Map<number, number>() }
  // the classifier is only as sure as the share of the question it has learnt anything of: "Can I
  // open an ISA?" is not about opening hours because "open" is the one word it knows
  const classifier = index.intentsOf(campaignId)
  const known = classifier.known(features)
  const intents = new Map([...classifier.probabilities(features)].map(([a, p]) => [a, p * known]))
  const articleOf = (r: Ranked) => index.chunks[r.index]!.articleId
  const worth = new Map<number, number>()
  for (const r of ranked)
    if (!worth.has(articleOf(r)))
      worth.set(articleOf(r), r.score / ranked[0]!.score + INTENT_RANK_WEIGHT * (intents.get(articleOf(r)) ?? 0))
  ranked.sort((x, y) => worth.get(articleOf(y))! - worth.get(articleOf(x))! || y.score - x.score || x.index - y.index)
  return { ranked, intents }
}

/** A sentence's worth to the question: the rarity-weighed question terms it holds. */
function sentenceScore(index: KnowledgeIndex, campaignId: number, query: QueryTerms, sentence: string) {
  let score = 0
  for (const term of new Set(terms(sentence))) {
    const q = query.get(term)
    if (q) score += q.weight * index.idf(campaignId, term)
  }
  return score
}

/** The sentences of a chunk worth quoting, in reading order: the best two that hold question terms, or its opening. */
export function quotable(
  index: KnowledgeIndex,
  campaignId: number,
  query: QueryTerms,
  chunk: KnowledgeChunk,
  most = 2,
) {
  const sentences = splitSentences(chunk.text)
  const scored = sentences.map((text, i) => ({ text, i, score: sentenceScore(index, campaignId, query, text) }))
  const best = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, most)
  const picked = best.length ? best : scored.slice(0, most)
  return { sentences: picked.sort((a, b) => a.i - b.i), best: best[0]?.score ?? 0 }
}

function closestArticles(chunks: KnowledgeChunk[]) {
  const seen = new Map<number, string>()
  for (const c of chunks) if (!seen.has(c.articleId) && seen.size < CLOSEST) seen.set(c.articleId, c.title)
  return [...seen].map(([articleId, title]) => ({ articleId, title }))
}

/** The knowledge base's answer to a message, with the chunks it quotes as numbered citations. */
export function answerFromKnowledge(
  index: KnowledgeIndex,
  { campaignId, message, previous = [] }: AskInput,
): KnowledgeAnswer {
  const empty = { citations: [], closest: [], retrieved: [], signals: null, confidence: 0 }
  if (GREETING.test(message)) return { ...empty, answer: GREETING_REPLY, dontKnow: false, smallTalk: true }
  if (THANKS.test(message) && previous.length && terms(message).every((t) => THANKS_WORDS.has(t)))
    return { ...empty, answer: THANKS_REPLY, dontKnow: false, smallTalk: true }

  const query = queryOf(message, previous)
  const { ranked, intents } = rank(index, campaignId, query, intentFeaturesOf(message, previous))
  const retrieved = ranked.map((r) => index.chunks[r.index]!)
  const top = ranked[0]
  const signals = top ? answerSignals(index, campaignId, query, ranked, intents) : null
  const confidence = signals ? answerConfidence(signals) : 0
  if (!top || confidence < ANSWER_CONFIDENCE)
    return {
      ...empty,
      answer: DONT_KNOW,
      dontKnow: true,
      closest: closestArticles(retrieved),
      retrieved,
      signals,
      confidence,
    }

  const first = quotable(index, campaignId, query, retrieved[0]!)
  const parts = [{ chunk: retrieved[0]!, sentences: first.sentences.map((s) => s.text) }]
  const second = ranked[1]
  if (second && second.score >= SECOND_CHUNK_SHARE * top.score) {
    const more = quotable(index, campaignId, query, retrieved[1]!, 1)
    const length = parts[0]!.sentences.join(' ').length
    if (more.best >= first.best * SECOND_CHUNK_SHARE && length + more.sentences[0]!.text.length <= ANSWER_CHARS)
      parts.push({ chunk: retrieved[1]!, sentences: more.sentences.map((s) => s.text) })
  }
  const citations = parts.map((p, i) => ({ n: i + 1, chunk: p.chunk }))
  const answer = parts.map((p, i) => `${p.sentences.join(' ')} [${i + 1}]`).join(' ')
  return { answer, citations, dontKnow: false, closest: [], retrieved, signals, confidence }
}

/**
 * An answer's citations checked against what was retrieved for it: a marker [n] is kept only when n
 * names one of the retrieved chunks (numbered from 1, in the order they were given); any other is
 * taken out of the text. The citations are those the text uses, in order of first use.
 */
export function checkCitations(text: string, retrieved: KnowledgeChunk[]): { text: string; citations: Citation[] } {
  const used: number[] = []
  const cleaned = text
    .replace(/\s*\[(\d{1,3})\]/g, (marker, digits: string) => {
      const n = Number(digits)
      if (n < 1 || n > retrieved.length) return ''
      if (!used.includes(n)) used.push(n)
      return marker
    })
    .trim()
  return { text: cleaned, citations: used.map((n) => ({ n, chunk: retrieved[n - 1]! })) }
}

/** Replies an agent may send (trelliChat): the answer, then the best of other articles retrieved, each with its source; fewer when there are fewer. */
export function suggestReplies(index: KnowledgeIndex, input: AskInput, answer: KnowledgeAnswer, most = 3) {
  if (answer.dontKnow || answer.smallTalk) return []
  const query = queryOf(input.message, input.previous)
  const withoutMarkers = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim()
  const suggestions = [{ text: withoutMarkers(answer.answer), chunks: answer.citations.map((c) => c.chunk) }]
  const seen = new Set(answer.citations.map((c) => c.chunk.articleId))
  for (const chunk of answer.retrieved) {
    if (suggestions.length >= most) break
    if (seen.has(chunk.articleId)) continue
    seen.add(chunk.articleId)
    const { sentences, best } = quotable(index, input.campaignId, query, chunk)
    if (best > 0) suggestions.push({ text: sentences.map((s) => s.text).join(' '), chunks: [chunk] })
  }
  return suggestions
}
