import stem from 'wink-porter2-stemmer'

/*
 * Okapi BM25 over a handful of passages (one document's). wink-bm25-text-search refuses a
 * collection of fewer than three documents and keeps its index as state to consolidate; a short
 * receipt has one or two passages, so the ranking is the project's own: the textbook formula with
 * Lucene's always-positive idf, so a term in every passage still counts a little.
 */

/** Term-frequency saturation and length normalisation: the usual defaults. */
export const K1 = 1.2
export const B = 0.75

/** Words that say nothing about which passage answers, including the question words themselves. */
const STOPWORDS = new Set(
  (
    'a an the and or but of to for in on at by with from as into about is are was were be been being am ' +
    'i me my we us our you your he she it its they them their this that these those there here ' +
    'do does did have has had will would can could shall should may might must ' +
    'what which who whom whose when where why how much many please tell show give find say said ' +
    'document documents page any some all there is'
  ).split(' '),
)

/**
 * Words a question may use for what a document writes differently ("How much do I owe?" against
 * "Amount due"). A question's word also looks for the others of its group, at a lower weight, so a
 * passage with the very word still ranks first.
 */
const SYNONYMS = [
  ['total', 'amount', 'owe', 'due', 'balance', 'payable'],
  ['tax', 'vat', 'gst', 'hst'],
  ['date', 'dated', 'issued'],
  ['number', 'no', 'num', 'nr', 'reference', 'ref'],
  ['vendor', 'seller', 'supplier', 'company', 'merchant', 'issuer'],
  ['expiry', 'expires', 'expiration', 'until'],
  ['birth', 'born', 'dob'],
  ['name', 'called', 'holder'],
  ['phone', 'telephone', 'tel', 'mobile'],
]
/** How much a synonym's match counts against the word itself. */
export const SYNONYM_WEIGHT = 0.5
const GROUPS = new Map<string, string[]>()
for (const group of SYNONYMS) {
  const stems = group.map((w) => stem(w))
  for (const s of stems) GROUPS.set(s, [...new Set([...(GROUPS.get(s) ?? []), ...stems])])
}

const WORD = /[\p{L}\p{N}]+(?:[.,'’/-][\p{L}\p{N}]+)*/gu

/**
 * The terms BM25 compares: lower-cased, stemmed words (stop words dropped, synonyms merged) and
 * codes and figures as written ("inv-1042", "118.00"), plus the parts of a hyphenated code.
 */
export function terms(text: string): string[] {
  const out: string[] = []
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const token = match[0].replace(/[’']/g, '')
    if (/[\p{N}]/u.test(token) || /[./-]/.test(token)) {
      out.push(token)
      if (/[-/]/.test(token)) for (const part of token.split(/[-/]/)) if (part) out.push(...terms(part))
      continue
    }
    if (STOPWORDS.has(token)) continue
    out.push(stem(token))
  }
  return out
}

/** A question's terms with their weights: its own words 1, their synonyms SYNONYM_WEIGHT. */
export function queryTerms(question: string): Map<string, number> {
  const weights = new Map<string, number>()
  const own = terms(question)
  for (const term of own) weights.set(term, 1)
  for (const term of own)
    for (const synonym of GROUPS.get(term) ?? []) if (!weights.has(synonym)) weights.set(synonym, SYNONYM_WEIGHT)
  return weights
}

export type Ranked = { index: number; score: number }

/** A BM25 index over a fixed list of texts. */
export function bm25Index(texts: string[], { k1 = K1, b = B } = {}) {
  const docs = texts.map((text) => {
    const tf = new Map<string, number>()
    const words = terms(text)
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1)
    return { tf, length: words.length }
  })
  const n = docs.length
  const avgLength = n ? docs.reduce((s, d) => s + d.length, 0) / n || 1 : 1
  const df = new Map<string, number>()
  for (const d of docs) for (const term of d.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1)

  /** Lucene's idf: ln(1 + (N − df + ½) / (df + ½)); positive even for a term in every text. */
  const idf = (term: string) => {
    const f = df.get(term) ?? 0
    return f ? Math.log(1 + (n - f + 0.5) / (f + 0.5)) : 0
  }

  /** One text's score for weighted query terms. */
  const scoreOf = (i: number, query: Map<string, number>) => {
    const d = docs[i]!
    let score = 0
    for (const [term, weight] of query) {
      const f = d.tf.get(term)
      if (!f) continue
      score += (weight * idf(term) * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * d.length) / avgLength))
    }
    return score
  }

  return {
    idf,
    /** Texts with a positive score, best first (ties keep reading order). */
    search(query: string | Map<string, number>, limit = Infinity): Ranked[] {
      const q = typeof query === 'string' ? queryTerms(query) : query
      if (!q.size) return []
      return docs
        .map((_, index) => ({ index, score: scoreOf(index, q) }))
        .filter((r) => r.score > 0)
        .sort((x, y) => y.score - x.score || x.index - y.index)
        .slice(0, limit)
    },
  }
}
