import { describe, expect, it } from 'vitest'
import { bm25Index, queryTerms, SYNONYM_WEIGHT, terms } from './bm25'

describe('terms', () => {
  it('stems words, drops question and stop words, and keeps codes and figures as written', () => {
    expect(terms('What is the Total of invoices INV-1042?')).toEqual(['total', 'invoic', 'inv-1042', 'inv', '1042'])
    expect(terms('Total: 118.00')).toEqual(['total', '118.00'])
  })

  it('looks for a word’s synonyms at a lower weight than the word itself', () => {
    const q = queryTerms('How much is the total?')
    expect(q.get('total')).toBe(1)
    expect(q.get('amount')).toBe(SYNONYM_WEIGHT)
    expect(q.has('much')).toBe(false)
  })
})

describe('bm25Index', () => {
  it('ranks by the textbook formula: rarer terms and shorter passages score higher', () => {
    const texts = ['red apple', 'red car red bus red', 'green apple tree in the garden of the house']
    const index = bm25Index(texts)
    // idf(apple): 2 of 3 texts; Lucene's idf = ln(1 + (3 - 2 + 0.5) / (2 + 0.5))
    expect(index.idf('appl')).toBeCloseTo(Math.log(1 + 1.5 / 2.5), 10)
    const ranked = index.search('apple')
    expect(ranked.map((r) => r.index)).toEqual([0, 2])
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score)
    // hand-computed for text 0: avg length (2 + 5 + 5) / 3 = 4, length 2, tf 1
    const idf = Math.log(1 + 1.5 / 2.5)
    expect(ranked[0]!.score).toBeCloseTo((idf * 2.2) / (1 + 1.2 * (0.25 + (0.75 * 2) / 4)), 10)
  })

  it('works with a single passage and with a term found in every passage', () => {
    expect(bm25Index(['Total 118.00']).search('total')).toHaveLength(1)
    const both = bm25Index(['total one', 'total two']).search('total')
    expect(both.map((r) => r.index)).toEqual([0, 1])
    expect(both[0]!.score).toBeGreaterThan(0)
  })

  it('finds nothing for a question without content words or with unknown ones', () => {
    const index = bm25Index(['Total 118.00', 'Invoice INV-1042'])
    expect(index.search('What is it?')).toEqual([])
    expect(index.search('zebra')).toEqual([])
  })

  it('prefers the very word over a synonym', () => {
    const ranked = bm25Index(['Amount due 50.00', 'Total 50.00']).search('total')
    expect(ranked.map((r) => r.index)).toEqual([1, 0])
  })
})
