import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { keptParams, readListQuery, searchOf } from './list-query'

const schema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    kind: z.enum(['a', 'b']).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'After the start', path: ['to'] })

describe('a list query from the URL', () => {
  it('keeps only the parameters the list reads', () => {
    expect(keptParams(new URLSearchParams('kind=a&page=2&other=x&from='), ['kind', 'page', 'from'])).toEqual({
      kind: 'a',
      page: '2',
      from: '',
    })
  })

  it('leaves out each invalid field, also one a check across fields refuses, and reports them', () => {
    const { query, errors } = readListQuery(schema, { kind: 'c', from: '2026-03-10', to: '2026-03-01', page: '3' })
    expect(query).toEqual({ page: 3, from: '2026-03-10' })
    expect(Object.keys(errors).sort()).toEqual(['kind', 'to'])
  })

  it('writes a query back without the empty fields and those skipped', () => {
    expect(searchOf({ page: 2, kind: 'a', from: undefined, flag: false, to: '' }, ['page']).toString()).toBe(
      'kind=a&flag=false',
    )
  })
})
