import type { z } from 'zod'

/** The parameters a list reads from its URL, as the strings they are (absent ones left out). */
export function keptParams<K extends string>(search: URLSearchParams, keys: readonly K[]) {
  return Object.fromEntries(keys.flatMap((key) => (search.has(key) ? [[key, search.get(key) ?? '']] : []))) as Partial<
    Record<K, string>
  >
}

/**
 * A list's query as the contract reads it. Invalid fields are reported and left out, so the list still
 * shows what the valid ones select (and an old link with a stale value still opens). A check across
 * fields (dates in order) runs once each field is valid, so a field it refuses is dropped in a next pass.
 */
export function readListQuery<S extends z.ZodTypeAny>(schema: S, raw: Record<string, string | undefined>) {
  const errors: Record<string, string[] | undefined> = {}
  let rest = raw
  for (;;) {
    const result = schema.safeParse(rest)
    if (result.success) return { query: result.data as z.output<S>, errors }
    const found: Record<string, string[] | undefined> = result.error.flatten().fieldErrors
    const refused = Object.keys(found).filter((key) => key in rest)
    // nothing left to drop (a fault of the whole query): the defaults
    if (!refused.length) return { query: schema.parse({}) as z.output<S>, errors }
    Object.assign(errors, found)
    rest = Object.fromEntries(Object.entries(rest).filter(([key]) => !refused.includes(key)))
  }
}

/** A parsed query back into a query string for the API, without `skip` and the empty fields. */
export function searchOf(query: Record<string, unknown>, skip: readonly string[] = []) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (skip.includes(key) || value === undefined || value === null || value === '') continue
    search.set(key, String(value))
  }
  return search
}
