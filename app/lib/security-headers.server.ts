/** Headers every portal response carries; documents add a CSP with the request's nonce. */
export function applySecurityHeaders(headers: Headers) {
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('X-Frame-Options', 'DENY')
  return headers
}

export function contentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === 'development') {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Mantine writes style attributes and <style> tags at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const SIGNED_IN = /^\/(demo-portal|reshub)(\/|\.data$|$)/

/** A signed-in page (or its data) is one user's: no shared cache keeps it, no browser cache replays it after sign-out. */
export function applyPrivateCaching(headers: Headers, request: Request) {
  if (SIGNED_IN.test(new URL(request.url).pathname)) headers.set('Cache-Control', 'private, no-store')
  return headers
}
