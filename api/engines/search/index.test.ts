import { describe, expect, it } from 'vitest'
import { queryTerms, searchIndex, SYNONYM_WEIGHT, terms } from '.'

describe('terms', () => {
  it('stems words, drops question and stop words, and keeps codes and figures as written', () => {
    expect(terms('What is the Total of invoices INV-1042?')).toEqual(['total', 'invoic', 'inv-1042', 'inv', '1042'])
    expect(terms('Total: 118.00')).toEqual(['total', '118.00'])
    expect(terms("I've lost my card, what's next?")).toEqual(['lost', 'card', 'what', 'next'])
  })

  it('looks for a word’s synonyms at a lower weight than the word itself', () => {
    const q = queryTerms('How much is the total?')
    expect(q.get('total')).toEqual({ weight: 1, word: 'total' })
    expect(q.get('amount')).toEqual({ weight: SYNONYM_WEIGHT, word: 'total' })
    expect(q.has('much')).toBe(false)
  })
})

const text = (t: string) => ({ text: t })

describe('searchIndex', () => {
  it('ranks rarer terms and shorter passages higher (BM25+)', () => {
    const index = searchIndex(
      ['red apple', 'red car red bus red', 'green apple tree in the garden of the house'].map(text),
    )
    const ranked = index.search('apple')
    expect(ranked.map((r) => r.index)).toEqual([0, 2])
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score)
    expect(index.search('red apple')[0]!.index).toBe(0)
  })

  it('works with a single passage and with a term found in every passage', () => {
    expect(searchIndex([text('Total 118.00')]).search('total')).toHaveLength(1)
    const both = searchIndex(['total one', 'total two'].map(text)).search('total')
    expect(both.map((r) => r.index)).toEqual([0, 1])
    expect(both[0]!.score).toBeGreaterThan(0)
  })

  it('finds nothing for a question without content words or with unknown ones, or in an empty index', () => {
    const index = searchIndex(['Total 118.00', 'Invoice INV-1042'].map(text))
    expect(index.search('What is it?')).toEqual([])
    expect(index.search('zebra')).toEqual([])
    expect(searchIndex([]).search('total')).toEqual([])
  })

  it('prefers the very word over a synonym, and says which terms matched', () => {
    const ranked = searchIndex(['Amount due 50.00', 'Total 50.00'].map(text)).search('total')
    expect(ranked.map((r) => r.index)).toEqual([1, 0])
    expect(ranked[0]!.matched).toEqual(['total'])
  })

  it('weighs fields by their boost and keeps only what the filter keeps', () => {
    const docs = [
      { title: 'Lost card', body: 'Call us.' },
      { title: 'Fees', body: 'A lost card costs nothing to replace.' },
    ]
    expect(searchIndex(docs, { boost: { title: 3 } }).search('lost card')[0]!.index).toBe(0)
    expect(
      searchIndex(docs)
        .search('lost card', { filter: (i) => i === 1 })
        .map((r) => r.index),
    ).toEqual([1])
  })

  it('forgives one wrong letter in a long word and matches the start of a longer one, where asked', () => {
    const docs = ['Your prescription is ready in two days.', 'Parking is free.'].map(text)
    expect(searchIndex(docs).search('perscription')).toEqual([])
    expect(searchIndex(docs, { fuzzyFrom: 6 }).search('perscription')[0]!.index).toBe(0)
    expect(searchIndex(docs, { prefixFrom: 4 }).search('park')[0]!.index).toBe(1)
    // figures are never matched fuzzily
    expect(searchIndex(['Invoice 1043'].map(text), { fuzzyFrom: 3 }).search('1042')).toEqual([])
  })
})
