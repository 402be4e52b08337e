import type { FastifyInstance, HTTPMethods } from 'fastify'
import { HttpError } from '../lib/http-error'

type Known = { pattern: RegExp; methods: Set<string> }

/** A route URL as a regular expression: `:param` (with or without its own regex) is one segment, `*` the rest. */
function patternOf(url: string) {
  const source = url
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part, i) => (i % 2 ? (part === '*' ? '.*' : '[^/]+') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}

/**
 * A path that exists with other methods answers 405 with an `Allow` header (RFC 9110 §15.5.6) and
 * OPTIONS answers 204 with the same header; an unknown path stays 404. Routes are collected as they
 * are added, so install this before the routes.
 */
export function installMethodCheck(app: FastifyInstance) {
  const known = new Map<string, Known>()
  app.addHook('onRoute', (route) => {
    const entry = known.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() }
    for (const method of ([] as HTTPMethods[]).concat(route.method)) entry.methods.add(method.toUpperCase())
    if (entry.methods.has('GET')) entry.methods.add('HEAD')
    known.set(route.url, entry)
  })

  /** The methods the path answers to, or null when no route has it. */
  const allowedFor = (url: string) => {
    const path = url.split('?')[0]
    const methods = new Set<string>()
    for (const { pattern, methods: some } of known.values()) {
      if (pattern.test(path)) some.forEach((m) => methods.add(m))
    }
    return methods.size ? [...methods].sort() : null
  }

  // the 404 handler's own onRequest hooks run before it, so this sees every unmatched request
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return
    const allowed = allowedFor(request.url)
    if (!allowed) return
    const allow = [...new Set([...allowed, 'OPTIONS'])].join(', ')
    reply.header('allow', allow)
    if (request.method === 'OPTIONS') return reply.code(204).send()
    throw new HttpError(405, `${request.method} is not allowed here; use ${allowed.join(', ')}`)
  })
}
