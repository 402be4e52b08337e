import { describe, expect, it } from 'vitest'
import { packRows, unpackRows } from './packed-rows'

const board = {
  total: 3,
  results: [
    { rank: 1, agent: { id: 7, name: 'Ada' }, score: 91.5, note: null },
    { rank: 2, agent: { id: 9, name: 'Ben' }, score: null, note: 'new' },
    { rank: 2, agent: { id: 4, name: 'Cy' }, score: 80, note: null },
  ],
  tags: ['a', 'b'],
  pairs: [
    [0.1, 90],
    [-0.2, 40],
  ],
}

describe('packed rows', () => {
  it('sends records as one array per field, nested records too, and gives them back as they were', () => {
    const packed = packRows(board) as unknown as Record<string, unknown>
    expect(packed.results).toEqual({
      $rows: 3,
      $columns: {
        rank: [1, 2, 2],
        agent: { $rows: 3, $columns: { id: [7, 9, 4], name: ['Ada', 'Ben', 'Cy'] } },
        score: [91.5, null, 80],
        note: [null, 'new', null],
      },
    })
    // what is not an array of records stays as it is
    expect(packed.tags).toEqual(['a', 'b'])
    expect(packed.pairs).toEqual(board.pairs)
    expect(unpackRows(packRows(board))).toEqual(board)
    // and it is shorter as JSON, which is what the page carries
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(board).length)
  })

  it('leaves records whose fields differ, a single record and empty lists as they are', () => {
    const odd = { rows: [{ a: 1 }, { a: 2, b: 3 }], one: [{ a: 1 }], none: [] }
    expect(packRows(odd)).toEqual(odd)
    expect(unpackRows(packRows(odd))).toEqual(odd)
  })

  it('survives a trip through JSON (the page gets a copy, not the objects)', () => {
    const trip = JSON.parse(JSON.stringify(packRows(board)))
    expect(unpackRows<typeof board>(trip)).toEqual(board)
  })
})
