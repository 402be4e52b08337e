import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * swagger-ui at /api/docs: its own scripts (the page has no inline script), its styles (it sets
 * some inline), the OpenAPI document from the same origin. Given to @fastify/swagger-ui as its
 * `staticCSP`, which replaces the API's policy on the docs routes only.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ')

/**
 * helmet's headers on every answer, 404s and errors included: nosniff, no framing, no referrer.
 * The API answers JSON and signed audio and image bytes, so its CSP lets nothing load or run;
 * HSTS is sent for when a TLS front serves it (browsers ignore it over plain HTTP).
 */
export async function installSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
  })
}
