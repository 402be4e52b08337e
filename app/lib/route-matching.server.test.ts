import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { MAX_REMEMBERED, rememberRouteMatches, type RouterModule } from './route-matching.server'

type Route = { id: string; path?: string; index?: boolean; children?: Route[] }

// a fresh copy of the router's exports, so the test's installation is its own
const router = { ...(createRequire(import.meta.url)('@remix-run/router') as RouterModule) }
const original = router.matchRoutes

/** A new tree of the same shape, as Remix builds for every request. */
const tree = (): Route[] => [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'login', path: 'login' },
      {
        id: 'portal',
        path: 'demo-portal',
        children: [
          { id: 'home', index: true },
          { id: 'detail', path: 'evaluation-detail/:id' },
          { id: 'splat', path: 'files/*' },
        ],
      },
    ],
  },
]

const summary = (matches: ReturnType<typeof original>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null

describe('remembered route matches', () => {
  rememberRouteMatches(router)
  const paths = ['/', '/login', '/demo-portal', '/demo-portal/evaluation-detail/42', '/demo-portal/files/a/b', '/nope']

  it('answer as matchRoutes does, with the routes of the tree asked about, the first time and after', () => {
    for (const round of [1, 2]) {
      const routes = tree()
      for (const path of paths) {
        const remembered = router.matchRoutes(routes, path)
        expect(summary(remembered), `${path}, round ${round}`).toEqual(summary(original(routes, path)))
        // the routes are this request's objects, not those of the request that was remembered
        for (const match of remembered ?? [])
          expect(
            routes.flatMap(function all(r: Route): Route[] {
              return [r, ...(r.children ?? []).flatMap(all)]
            }),
          ).toContain(match.route)
      }
    }
  })

  it('keep trees of another shape, bases and location objects apart', () => {
    const other: Route[] = [{ id: 'root', path: '', children: [{ id: 'detail', path: 'evaluation-detail/:id' }] }]
    expect(summary(router.matchRoutes(other, '/evaluation-detail/7'))?.map((m) => m.id)).toEqual(['root', 'detail'])
    expect(router.matchRoutes(tree(), '/evaluation-detail/7')).toBeNull()
    expect(summary(router.matchRoutes(tree(), { pathname: '/app/login' }, '/app'))?.map((m) => m.id)).toEqual([
      'root',
      'login',
    ])
    expect(router.matchRoutes(tree(), '/login?next=1#top')?.at(-1)?.route.id).toBe('login')
  })

  it('give each caller its own params, and pass routes without ids to the original', () => {
    const first = router.matchRoutes(tree(), '/demo-portal/evaluation-detail/9')!
    first.at(-1)!.params.id = 'changed'
    expect(router.matchRoutes(tree(), '/demo-portal/evaluation-detail/9')!.at(-1)!.params.id).toBe('9')
    const anonymous = [{ path: 'x' }, { path: 'x' }]
    expect(router.matchRoutes(anonymous, '/x')?.[0]?.route).toBe(anonymous[0])
  })

  it('forget the oldest answers beyond their bound, and install once', () => {
    const routes = tree()
    for (let i = 0; i < MAX_REMEMBERED + 10; i++) router.matchRoutes(routes, `/demo-portal/evaluation-detail/${i}`)
    expect(router.matchRoutes(routes, '/demo-portal/evaluation-detail/1')?.at(-1)?.params.id).toBe('1')
    const installed = router.matchRoutes
    rememberRouteMatches(router)
    expect(router.matchRoutes).toBe(installed)
  })
})
