import { AsyncLocalStorage } from 'node:async_hooks'

/** What the portal's server (server.mjs) knows of a request that the Request itself does not carry. */
export type RequestFacts = { socketAddress: string | null }

declare module '@remix-run/node' {
  interface AppLoadContext {
    socketAddress?: string | null
  }
}

const scope = new AsyncLocalStorage<RequestFacts>()

/**
 * Runs Remix's handling of one request with its facts in reach. The server also passes them as the
 * load context; the scope is how the upstream core, which is handed only the Request, finds them.
 */
export function inRequestScope<T>(facts: RequestFacts, handle: () => T): T {
  return scope.run(facts, handle)
}

/** The request's facts; undefined outside the portal's server (Vite's dev server, unit tests). */
export function requestFacts(context?: { socketAddress?: string | null }): RequestFacts | undefined {
  if (context?.socketAddress !== undefined) return { socketAddress: context.socketAddress }
  return scope.getStore()
}
