import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { isProxiedImagePath } from '~/services/images.server'
import { clientIp, errorResponse, UNREACHABLE_MESSAGE } from '~/services/upstream.server'
import { getTokens } from '~/sessions.server'

const FORWARDED = ['Content-Type', 'Content-Length', 'ETag', 'Last-Modified']
const TIMEOUT_MS = 15_000

/**
 * A document page or a face photo, streamed from the API's signed URL to a signed-in user. The
 * signed query (kept as it came) is the API's credential; the session cookie is the portal's.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const rest = params['*'] ?? ''
  if (!isProxiedImagePath(rest)) return errorResponse(404, 'Image not found')
  const tokens = await getTokens(request)
  if (!tokens.access && !tokens.refresh) return errorResponse(401, 'Sign in to see this image.')

  const upstream = new URL(`${getEnv().API_BASE_URL}/api/${rest}`)
  upstream.search = new URL(request.url).search
  const headers = new Headers({ Accept: 'image/*' })
  const ip = clientIp(request, context)
  if (ip) headers.set('X-Forwarded-For', ip)

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  request.signal.addEventListener('abort', () => controller.abort(), { once: true })
  let response: Response
  try {
    response = await fetch(upstream, { headers, signal: controller.signal })
  } catch {
    return errorResponse(503, UNREACHABLE_MESSAGE)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => {})
    const message =
      response.status === 401 || response.status === 403
        ? 'The image link has expired. Reload the page.'
        : 'The image is not available.'
    return errorResponse(response.status >= 500 ? 502 : response.status, message)
  }
  const out = applySecurityHeaders(new Headers())
  for (const name of FORWARDED) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  out.set('Cache-Control', 'private, no-store')
  out.set('X-Content-Type-Options', 'nosniff')
  return new Response(response.body, { status: 200, headers: out })
}
