import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { clientIp, errorResponse, UNREACHABLE_MESSAGE } from '~/services/upstream.server'

const FORWARDED = ['Content-Type', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'ETag', 'Last-Modified']
const TIMEOUT_MS = 15_000

/**
 * Audio streamed from the API's signed URL (a call's recording, a voice message). No bearer token:
 * the signed query (kept as it came) is the credential. Range requests pass through so the player
 * can seek (200, 206 or 416 come back as sent).
 */
export async function proxySignedAudio(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  upstreamPath: string,
  missing: string,
) {
  const incoming = new URL(request.url)
  const upstream = new URL(getEnv().API_BASE_URL + upstreamPath)
  upstream.search = incoming.search

  const headers = new Headers({ Accept: 'audio/*' })
  const range = request.headers.get('Range')
  if (range) headers.set('Range', range)
  const ip = clientIp(request, context)
  if (ip) headers.set('X-Forwarded-For', ip)

  // Only the wait for the answer has a time limit: a long recording may take longer than that to stream.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
  request.signal.addEventListener('abort', () => controller.abort(), { once: true })
  let response: Response
  try {
    response = await fetch(upstream, {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      headers,
      signal: controller.signal,
    })
  } catch {
    return errorResponse(503, UNREACHABLE_MESSAGE)
  } finally {
    clearTimeout(timer)
  }

  if (!response.ok && response.status !== 416) {
    const message =
      response.status === 401 || response.status === 403 ? 'The audio link has expired. Reload the page.' : missing
    void response.body?.cancel().catch(() => {})
    return errorResponse(response.status >= 500 ? 502 : response.status, message)
  }
  const out = applySecurityHeaders(new Headers())
  for (const name of FORWARDED) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  out.set('Cache-Control', 'private, no-store')
  return new Response(response.body, { status: response.status, headers: out })
}
