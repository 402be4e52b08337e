import { useMatches } from '@remix-run/react'

/**
 * A route's `handle`. `hydrate: false` sends the page without the app's JavaScript (Remix's
 * "Disabling JavaScript" pattern): for a page that works as plain HTML, such as the sign-in form,
 * a call centre's slow PC gets it with no script to download, parse or run.
 */
export type RouteHandle = { hydrate?: boolean }

/** False when any route on the page opted out of JavaScript. */
export function useHydrates() {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false)
}
