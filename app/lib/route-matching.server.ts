import { createRequire } from 'node:module'

/**
 * Remembers which routes a path matches, for React Router's `matchRoutes` on the server.
 *
 * `matchRoutes` flattens the whole route tree, ranks every branch and compiles a regular expression
 * per branch on each call, and rendering one page calls it about seven times (Remix's request
 * handler, its static handler, the router that renders, and four more for the partial manifest of
 * lazy route discovery): 11% of the portal's CPU under load (issue 20's profile). The tree is the
 * same on every request, though its objects are new each time. So the answer is kept per shape of
 * tree (each route's id, path, index and case flags, in order), base and path, as route ids, and given
 * back with the routes of the tree it is asked about: the same matches `matchRoutes` would return.
 *
 * Installed on the CommonJS exports of `@remix-run/router`, which Remix and React Router read at
 * each call (`router.matchRoutes(…)`); a tree whose routes have no ids (not Remix's) goes straight
 * to the original.
 */

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route }
type MatchRoutes = (routes: Route[], location: string | { pathname?: string }, basename?: string) => Match[] | null
export type RouterModule = { matchRoutes: MatchRoutes; parsePath: (path: string) => { pathname?: string } }

/** Kept answers: a page's path is one entry (plus its parents'); evaluation ids make many. */
export const MAX_REMEMBERED = 5000

type Tree = { byId: Map<string, Route>; shape: number }
type Kept = { id: string; params: Match['params']; pathname: string; pathnameBase: string }[] | null

const INSTALLED = Symbol.for('portal.route-matching')

export function rememberRouteMatches(router: RouterModule = createRequire(import.meta.url)('@remix-run/router')) {
  const original = router.matchRoutes as MatchRoutes & { [INSTALLED]?: true }
  if (original[INSTALLED]) return
  const trees = new WeakMap<Route[], Tree | null>()
  const shapes = new Map<string, number>()
  const kept = new Map<string, Kept>()

  function treeOf(routes: Route[]) {
    let tree = trees.get(routes)
    if (tree !== undefined) return tree
    const byId = new Map<string, Route>()
    const parts: string[] = []
    let identified = true
    const walk = (list: Route[], depth: number) => {
      for (const route of list) {
        if (!route.id || byId.has(route.id)) identified = false
        else byId.set(route.id, route)
        parts.push(`${depth} ${route.id} ${route.path ?? ''} ${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`)
        if (route.children) walk(route.children, depth + 1)
      }
    }
    walk(routes, 0)
    const key = parts.join('\n')
    let shape = shapes.get(key)
    if (shape === undefined) shapes.set(key, (shape = shapes.size))
    tree = identified ? { byId, shape } : null
    trees.set(routes, tree)
    return tree
  }

  const cached: MatchRoutes = (routes, location, basename = '/') => {
    const tree = Array.isArray(routes) ? treeOf(routes) : null
    if (!tree) return original(routes, location, basename)
    const pathname = typeof location === 'string' ? router.parsePath(location).pathname : location.pathname
    const key = `${tree.shape}\n${basename}\n${pathname ?? '/'}`
    let answer = kept.get(key)
    if (answer === undefined) {
      const matches = original(routes, location, basename)
      answer =
        matches && matches.map(({ route, params, ...match }) => ({ id: route.id!, params: { ...params }, ...match }))
      if (kept.size >= MAX_REMEMBERED) kept.delete(kept.keys().next().value!)
      kept.set(key, answer)
      return matches
    }
    return (
      answer &&
      answer.map(({ id, params, pathname, pathnameBase }) => ({
        params: { ...params },
        pathname,
        pathnameBase,
        route: tree.byId.get(id)!,
      }))
    )
  }
  router.matchRoutes = Object.assign(cached, { [INSTALLED]: true as const })
}
