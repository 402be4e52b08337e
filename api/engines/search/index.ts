import MiniSearch from 'minisearch'
import stem from 'wink-porter2-stemmer'

/*
 * The one retrieval component (ARCHITECTURE §9): minisearch's BM25+ with field boosts, prefix and
 * fuzzy matching, over terms of the project's own making (stemmed words without stop words, codes
 * and figures as written) and with synonyms looked for at a lower weight. OCR insights ranks one
 * document's passages with it, the chatbot its knowledge base's chunks.
 */

/** Words that say nothing about which passage answers, including the question words themselves. */
const STOPWORDS = new Set(
  (
    'a an the and or but of to for in on at by with from as into about is are was were be been being am ' +
    'i me my we us our you your he she it its they them their this that these those there here ' +
    'do does did have has had will would can could shall should may might must ' +
    'what which who whom whose when where why how much many please tell show give find say said ' +
    'document documents page any some all there is ' +
    'hi hello hey thanks thank just also get got know want need like im ive dont cant ' +
    'yesterday today tomorrow anything something everything nothing thing things really actually still already ' +
    'now ok okay yes no maybe bit lot lots quite very sure one ' +
    'think make made come coming go going gone went'
  ).split(' '),
)

const WORD = /[\p{L}\p{N}]+(?:[.,'’/-][\p{L}\p{N}]+)*/gu

/**
 * Words a question may use for what a text writes differently ("How much do I owe?" against
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
  ['phone', 'telephone', 'tel', 'mobile', 'call', 'ring'],
  ['open', 'opening', 'hours', 'times', 'closed', 'close'],
  ['cost', 'fee', 'charge', 'price', 'pay'],
  ['cancel', 'cancellation', 'reschedule', 'rearrange'],
  ['appointment', 'booking', 'book', 'visit'],
  ['lost', 'stolen', 'missing'],
  ['complaint', 'complain', 'unhappy'],
  ['abroad', 'overseas', 'foreign', 'international', 'holiday', 'travel'],
  ['move', 'moving', 'house', 'home', 'address'],
  ['refund', 'reimburse', 'repay'],
  ['prescription', 'medication', 'medicine', 'repeat', 'tablets', 'pills'],
  ['reading', 'meter'],
  ['debt', 'arrears', 'behind', 'owe'],
  ['stop', 'cancel'],
  ['redundant', 'unemployed', 'job'],
  ['twice', 'double', 'duplicate'],
  ['instalment', 'installment'],
  ['translator', 'interpreter'],
]
/** How much a synonym's match counts against the word itself. */
export const SYNONYM_WEIGHT = 0.5
const GROUPS = new Map<string, string[]>()
for (const group of SYNONYMS) {
  const stems = group.flatMap((w) => terms(w))
  for (const s of stems) GROUPS.set(s, [...new Set([...(GROUPS.get(s) ?? []), ...stems])])
}

/** A word as it is indexed: codes and figures as written (with their parts), other words stemmed, stop words dropped. */
function termsOfWord(word: string): string[] {
  const token = word.toLowerCase().replace(/[’']/g, '')
  if (/[\p{N}]/u.test(token) || /[./-]/.test(token)) {
    const out = [token]
    if (/[-/]/.test(token)) for (const part of token.split(/[-/]/)) if (part) out.push(...termsOfWord(part))
    return out
  }
  return STOPWORDS.has(token) ? [] : [stem(token)]
}

/**
 * The terms retrieval compares: lower-cased, stemmed words (stop words dropped) and codes and
 * figures as written ("inv-1042", "118.00"), plus the parts of a hyphenated code.
 */
export function terms(text: string): string[] {
  return [...text.matchAll(WORD)].flatMap((m) => termsOfWord(m[0]))
}

/** A query's terms: each with its weight and the question's own word it stands for (itself, or the word it is a synonym of). */
export type QueryTerms = Map<string, { weight: number; word: string }>

/** A question's terms with their weights: its own words `weight`, their synonyms SYNONYM_WEIGHT of it. */
export function queryTerms(question: string, weight = 1): QueryTerms {
  const out: QueryTerms = new Map()
  const own = terms(question)
  // "how much" asks for a price, though both its words are stop words
  if (/\bhow much\b/i.test(question) && !own.includes('cost')) own.push('cost')
  for (const term of own) out.set(term, { weight, word: term })
  for (const term of own)
    for (const synonym of GROUPS.get(term) ?? [])
      if (!out.has(synonym)) out.set(synonym, { weight: weight * SYNONYM_WEIGHT, word: term })
  return out
}

/** Two queries as one (a follow-up question read with the one before it): a term keeps its higher weight. */
export function mergeQueries(...queries: QueryTerms[]): QueryTerms {
  const out: QueryTerms = new Map()
  for (const query of queries)
    for (const [term, value] of query) if ((out.get(term)?.weight ?? 0) < value.weight) out.set(term, value)
  return out
}

export type Ranked = {
  /** The document's position in the list it was indexed from. */
  index: number
  score: number
  /** The query terms it matched (exactly, by prefix or fuzzily). */
  matched: string[]
}

export type SearchOptions = {
  /** Field name → boost (1: as is). */
  boost?: Record<string, number>
  /** Match a query term as the start of a longer one from this many characters (0: never). */
  prefixFrom?: number
  /** Match a query word with a letter wrong in five (two from nine letters) from this many characters (0: never); codes and figures never. */
  fuzzyFrom?: number
}

type Query = string | QueryTerms

/**
 * A BM25+ index over a fixed list of documents, each a record of text fields. `search` takes a
 * question or weighted terms (`queryTerms`) and answers the documents with a positive score, best
 * first (ties keep the list's order), optionally only those `filter` keeps.
 */
export function searchIndex<F extends string>(
  docs: Record<F, string>[],
  { boost = {}, prefixFrom = 0, fuzzyFrom = 0 }: SearchOptions = {},
) {
  const fields = docs.length ? (Object.keys(docs[0]!) as F[]) : []
  const index = new MiniSearch<Record<F, string> & { id: number }>({
    fields,
    idField: 'id',
    tokenize: (text) => [...text.matchAll(WORD)].map((m) => m[0]),
    processTerm: (term) => termsOfWord(term),
  })
  index.addAll(docs.map((doc, id) => ({ ...doc, id })))

  const fuzzy = (term: string) => (fuzzyFrom > 0 && term.length >= fuzzyFrom && /^\p{L}+$/u.test(term) ? 0.2 : false)
  const prefix = (term: string) => prefixFrom > 0 && term.length >= prefixFrom && /^\p{L}+$/u.test(term)

  return {
    size: docs.length,
    search(query: Query, { limit = Infinity, filter }: { limit?: number; filter?: (index: number) => boolean } = {}) {
      const weights = typeof query === 'string' ? queryTerms(query) : query
      if (!weights.size || !docs.length) return []
      const results = index.search([...weights.keys()].join(' '), {
        // the terms are made already: split and keep them as they are
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        boost,
        boostTerm: (term) => weights.get(term)?.weight ?? 1,
        prefix,
        fuzzy,
        ...(filter && { filter: (result) => filter(result.id as number) }),
      })
      return results
        .map((r): Ranked => {
          // minisearch multiplies by the number of query terms matched, so a passage with three
          // synonyms of one word would beat the word itself: count each of the question's words once
          const covered = new Map<string, number>()
          for (const term of r.queryTerms) {
            const { weight, word } = weights.get(term) ?? { weight: 1, word: term }
            covered.set(word, Math.max(covered.get(word) ?? 0, weight))
          }
          const coordination = [...covered.values()].reduce((sum, w) => sum + w, 0)
          return { index: r.id as number, score: (r.score / r.queryTerms.length) * coordination, matched: r.queryTerms }
        })
        .sort((x, y) => y.score - x.score || x.index - y.index)
        .slice(0, limit)
    },
  }
}

export type SearchIndex = ReturnType<typeof searchIndex>
