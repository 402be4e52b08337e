import { useLocation } from '@remix-run/react'

export type ParamChanges = Record<string, string | null>

/** The list's URL with some query parameters changed (null removes one). */
export function withParams(pathname: string, search: string, changes: ParamChanges) {
  const params = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * Links within the list on screen: its URL with some query parameters changed, the others (filters,
 * page) kept. `drop` names parameters no link keeps (a one-time flag such as `?searched=1`).
 */
export function useListHref(drop: readonly string[] = []) {
  const { pathname, search } = useLocation()
  return (changes: ParamChanges) =>
    withParams(pathname, search, { ...Object.fromEntries(drop.map((key) => [key, null])), ...changes })
}
