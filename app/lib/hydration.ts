import { useMatches } from '@remix-run/react'
import { useEffect } from 'react'

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

/**
 * Marks the page once React has hydrated it (`<html data-hydrated>`): its code comes after its first
 * paint, so for a moment a page with JavaScript shows its no-JavaScript markup, and whoever drives it
 * (the end-to-end tests) waits for this before using a control that hydration swaps.
 */
export function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
}

/**
 * Paint first, then fetch and run the app's code. The server writes Remix's `<link rel="modulepreload">`
 * tags and its module script inert (app/lib/paint-first.server.ts); this script, rendered after them,
 * brings them to life once the browser reports the page's first contentful paint (a frame later where
 * paint timing is missing; after 3 s whatever happens, for a page with nothing to paint). On a thin
 * link the page's HTML and CSS get the bandwidth to themselves and the modules follow; on a slow PC
 * the modules' evaluation and the hydration come after the first paint instead of holding it up
 * (issue 20: the list page was first painted 1.3 s after its request, after all its code had run). A
 * hidden tab paints nothing, so it starts at once. The elements keep their places, so React hydrates
 * the tree the server wrote.
 */
export const INERT_PRELOAD = 'x-modulepreload'
export const INERT_MODULE = 'x-module'
/**
 * Preloads started in one task. Each costs the main thread a little (about 2 ms at Lighthouse's 4×
 * CPU slowdown): the dashboard's 54 at once were one task of 60-115 ms, most of its blocking time.
 * A few at a time, in tasks of their own, then the module script, whose modules are on their way.
 */
const PRELOADS_PER_TASK = 6
export const PAINT_FIRST_SCRIPT = `(() => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    const links = [...document.querySelectorAll('link[rel="${INERT_PRELOAD}"]')]
    const step = () => {
      for (const link of links.splice(0, ${PRELOADS_PER_TASK})) link.rel = 'modulepreload'
      if (links.length) return setTimeout(step)
      for (const inert of document.querySelectorAll('script[type="${INERT_MODULE}"]')) {
        const script = document.createElement('script')
        script.type = 'module'
        script.async = true
        script.nonce = inert.nonce
        script.textContent = inert.textContent
        inert.replaceWith(script)
      }
    }
    step()
  }
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0
  if (document.visibilityState === 'hidden' || painted()) start()
  else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_, observer) => painted() && (observer.disconnect(), start())).observe({ type: 'paint' })
    setTimeout(start, 3000)
  } else requestAnimationFrame(() => setTimeout(start))
})()`
