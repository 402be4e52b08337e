const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CROSS_SITE_MESSAGE = 'Forbidden: this request came from another site.'

/**
 * Whether a state-changing request comes from another site: its Origin names another host than
 * the one it was sent to (the comparison Remix makes, where it answers an empty 500), or it has
 * no Origin and the browser marks it cross-site. Clients that send neither (curl) pass.
 */
export function isCrossSite(method: string, header: (name: string) => string | null | undefined): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false
  const origin = header('origin')
  if (origin) {
    const host = header('x-forwarded-host')?.split(',')[0]?.trim() || header('host')
    try {
      return new URL(origin).host !== host
    } catch {
      // `Origin: null` (sandboxed frames, some redirects) is never this site
      return true
    }
  }
  const site = header('sec-fetch-site')
  return site === 'cross-site' || site === 'same-site'
}

/** The 403 for a cross-site request, thrown by actions that Remix does not check (resource routes). */
export function refuseCrossSite(request: Request) {
  const host = new URL(request.url).host
  const header = (name: string) => request.headers.get(name) ?? (name === 'host' ? host : null)
  if (!isCrossSite(request.method, header)) return
  throw new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
