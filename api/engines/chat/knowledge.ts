import { intentClassifier, type IntentClassifier } from './intents'
import { mergeQueries, queryTerms, searchIndex, terms, type QueryTerms, type Ranked } from '../search'

/*
 * A campaign's knowledge base as the chatbot reads it: articles cut into chunks (a paragraph, or a
 * few short ones together), each indexed with its article's title, keywords and the questions it
 * answers, so a chunk that says "call us on…" is still found for "lost card" when its article is
 * about lost cards, and "someone nicked my wallet" finds it when a question says so.
 */

/** A chunk holds paragraphs until it reaches this many characters; a longer paragraph stands alone. */
export const CHUNK_TARGET_CHARS = 420

export type ArticleText = { title: string; body: string }

/** An article's body as chunks: its paragraphs (blank-line separated), short neighbours joined. */
export function chunkArticle(body: string): string[] {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const chunks: string[] = []
  for (const paragraph of paragraphs) {
    const last = chunks.at(-1)
    if (
      last !== undefined &&
      last.length + paragraph.length + 1 <= CHUNK_TARGET_CHARS &&
      last.length < CHUNK_TARGET_CHARS / 2
    )
      chunks[chunks.length - 1] = `${last} ${paragraph}`
    else chunks.push(paragraph)
  }
  return chunks
}

export type KnowledgeChunk = {
  id: number
  articleId: number
  campaignId: number
  title: string
  keywords: string[]
  /** Questions the article answers, in customers' words. */
  questions: string[]
  text: string
}

/** The words a chunk is found by, beside its own: its article's title, keywords and questions. */
const articleWords = (c: KnowledgeChunk) => [...c.keywords, ...c.questions]

/**
 * A chunk is indexed as one text: its article's title written TITLE_TIMES, the keywords and
 * questions, then its own words. One field, so a question word found in the title and again in the text is one match
 * that saturates (BM25 over the whole), not two scores added up: with a field each, a common word
 * in the title ("appointment") outweighed the one rare word that named the answer ("translator").
 */
export const TITLE_TIMES = 2

/** A knowledge base's chunks, searchable per campaign, with each term's rarity for judging how well a question was covered. */
export function knowledgeIndex(chunks: KnowledgeChunk[]) {
  const index = searchIndex(
    chunks.map((c) => ({ text: [...Array<string>(TITLE_TIMES).fill(c.title), ...articleWords(c), c.text].join(' ') })),
    { prefixFrom: 5, fuzzyFrom: 6 },
  )
  // document frequency per campaign: how rare a word is where the question is asked
  const df = new Map<number, { n: number; terms: Map<string, number> }>()
  for (const chunk of chunks) {
    const entry = df.get(chunk.campaignId) ?? { n: 0, terms: new Map<string, number>() }
    entry.n++
    for (const term of new Set(terms([chunk.title, ...articleWords(chunk), chunk.text].join(' '))))
      entry.terms.set(term, (entry.terms.get(term) ?? 0) + 1)
    df.set(chunk.campaignId, entry)
  }

  /** Lucene's idf in the campaign: a word it never uses is as rare as can be. */
  const idf = (campaignId: number, term: string) => {
    const entry = df.get(campaignId)
    const n = entry?.n ?? 0
    const f = entry?.terms.get(term) ?? 0
    return Math.log(1 + (n - f + 0.5) / (f + 0.5))
  }

  // each article's questions as term sets, its title first (the question it answers, as the form
  // asks it be written), to tell how near a question comes to one the article answers
  const questionTerms = new Map<number, Set<string>[]>()
  for (const chunk of chunks)
    if (!questionTerms.has(chunk.articleId))
      questionTerms.set(
        chunk.articleId,
        [chunk.title, ...chunk.questions].map((q) => new Set(terms(q))),
      )

  // each campaign's intent classifier (intents.ts), trained on first use: on its articles' titles,
  // keywords and questions, one example each
  const classifiers = new Map<number, IntentClassifier>()
  const intentsOf = (campaignId: number) => {
    let classifier = classifiers.get(campaignId)
    if (!classifier) {
      const seen = new Set<number>()
      const examples = chunks
        .filter((c) => c.campaignId === campaignId && !seen.has(c.articleId) && seen.add(c.articleId))
        .flatMap((c) =>
          [c.title, c.keywords.join(' '), ...c.questions].filter(Boolean).map((text) => ({ label: c.articleId, text })),
        )
      classifiers.set(campaignId, (classifier = intentClassifier(examples)))
    }
    return classifier
  }

  return {
    chunks,
    idf,
    /** The campaign's intent classifier: which of its articles a question is one of. */
    intentsOf,
    /** The terms of the article's title and of each question it answers. */
    questionsOf: (articleId: number) => questionTerms.get(articleId) ?? [],
    /** Whether the campaign's articles use the term at all. */
    known: (campaignId: number, term: string) => (df.get(campaignId)?.terms.get(term) ?? 0) > 0,
    search(campaignId: number, query: QueryTerms, limit = 8): Ranked[] {
      return index.search(query, { limit, filter: (i) => chunks[i]!.campaignId === campaignId })
    },
  }
}

export type KnowledgeIndex = ReturnType<typeof knowledgeIndex>

export { mergeQueries, queryTerms, terms, type QueryTerms, type Ranked }
