/*
 * Whether the best chunk found for a question answers it: a logistic model over five signals of
 * the retrieval, fitted on the development questions (bench/chatbot.ts --fit, which prints the
 * weights below and their leave-one-out figures). Coverage alone turned long questions told with a
 * story ("my wallet got nicked on the bus… my debit card was in it") into "I don't know", since
 * every word the articles never use counted against them; the margin over the next article and the
 * strength of the match tell a clear answer in a long message from a near miss in a short one, and
 * a question near one the article is written to answer is the surest sign of all (the largest
 * weight since articles carry their questions). The fifth is a second reader: the intent classifier
 * trained on the articles' questions (intents.ts), which turned about half the wrong answers to
 * unanswerable questions into "I don't know" on the development set left one out.
 */

export type AnswerSignals = {
  /** The share of the question (its words weighed by rarity) the best chunk holds, 0–1. */
  coverage: number
  /** The best chunk's score over the best score of a chunk of another article (ANSWER_MARGIN_CAP when none was found). */
  margin: number
  /** The best chunk's retrieval score (BM25+ over the chunk's title, keywords and text) over the highest idf a word can have in the index. */
  strength: number
  /** The share of the question (weighed as coverage is) held by the nearest of the questions the best chunk's article answers, 0–1. */
  nearestQuestion: number
  /** The intent classifier's probability that the question is one of the best chunk's article's (intents.ts), times the share of the question it knows, 0–1. */
  intent: number
}

/** A margin is counted up to this: past it, another article is as good as absent. */
export const ANSWER_MARGIN_CAP = 9

/** The signals as the model reads them. */
export function answerFeatures({ coverage, margin, strength, nearestQuestion, intent }: AnswerSignals): number[] {
  return [
    coverage,
    Math.log(Math.min(Math.max(margin, 1), ANSWER_MARGIN_CAP)),
    Math.log1p(Math.max(strength, 0)),
    nearestQuestion,
    intent,
  ]
}

/** The model's weights, one per feature then the intercept: printed by `npx tsx bench/chatbot.ts --fit`. */
export const ANSWERABILITY_WEIGHTS = [0.801, 1.146, 1.251, 1.404, 4.735, -5.295]

/**
 * An answer is given from this confidence up; below it, "I don't know" and the closest articles.
 * Chosen on the --fit figures on the development set left one out (332 questions; with eighteen questions an
 * article since stop 30: 83.1 % right article cited first, 91.7 % "I don't know"; no cut meets both goals there): the cut that
 * keeps "I don't know" at its goal, since a wrong answer costs a customer more than "I don't know"
 * with the right article among the closest.
 */
export const ANSWER_CONFIDENCE = 0.7

/** How sure the engine is that the best chunk answers the question, 0–1. */
export function answerConfidence(signals: AnswerSignals, weights: readonly number[] = ANSWERABILITY_WEIGHTS) {
  const x = answerFeatures(signals)
  const z = x.reduce((sum, v, i) => sum + v * weights[i]!, weights[x.length]!)
  return 1 / (1 + Math.exp(-z))
}

/**
 * Logistic regression by gradient descent on standardised features (a little L2), answered in the
 * raw features' terms so `answerConfidence` needs no scaling. For the bench's --fit only.
 */
export function fitAnswerability(examples: { signals: AnswerSignals; answers: boolean }[], l2 = 0.01, rounds = 4000) {
  const X = examples.map((e) => answerFeatures(e.signals))
  const y = examples.map((e) => (e.answers ? 1 : 0))
  const d = X[0]?.length ?? 0
  const mean = Array.from({ length: d }, (_, j) => X.reduce((s, x) => s + x[j]!, 0) / X.length)
  const sd = mean.map((m, j) => Math.sqrt(X.reduce((s, x) => s + (x[j]! - m) ** 2, 0) / X.length) || 1)
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / sd[j]!))
  const w = new Array<number>(d + 1).fill(0)
  for (let round = 0; round < rounds; round++) {
    const gradient = new Array<number>(d + 1).fill(0)
    Z.forEach((z, i) => {
      const p = 1 / (1 + Math.exp(-(w[d]! + z.reduce((s, v, j) => s + v * w[j]!, 0))))
      z.forEach((v, j) => (gradient[j]! += (p - y[i]!) * v))
      gradient[d]! += p - y[i]!
    })
    for (let j = 0; j <= d; j++) w[j]! -= 0.1 * (gradient[j]! / Z.length + (j < d ? l2 * w[j]! : 0))
  }
  // back to raw features: w·(x − mean)/sd + b
  const raw = w.slice(0, d).map((v, j) => v / sd[j]!)
  const intercept = w[d]! - raw.reduce((s, v, j) => s + v * mean[j]!, 0)
  return [...raw, intercept]
}
