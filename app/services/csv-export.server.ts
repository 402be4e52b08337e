import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import { getEnv } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { clientIp, createUpstream, errorResponse, UNREACHABLE_MESSAGE, type Upstream } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

const FORWARDED = ['Content-Type', 'Content-Disposition', 'X-Total-Count', 'X-Export-Truncated']
const TIMEOUT_MS = 30_000

type Download = {
  request: Request
  context?: AppLoadContext
  api: Upstream
  /** The API's export path and its query. */
  path: string
  search: URLSearchParams
  /** The file's name when the API does not give one. */
  filename: string
  /** What the file is (a list's CSV unless said: an appointment's iCalendar file). */
  accept?: string
}

/**
 * A list's CSV export, streamed from the API with the user's bearer (the API is private). An expired
 * access token is refreshed once through the usual client, then the export is asked again.
 */
export async function streamCsv({ request, context, api, path, search, filename, accept = 'text/csv' }: Download) {
  const upstream = new URL(getEnv().API_BASE_URL + path)
  upstream.search = search.toString()

  // Only the wait for the answer has a time limit: a long export may take longer than that to stream.
  async function send() {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
    request.signal.addEventListener('abort', () => controller.abort(), { once: true })
    const headers = new Headers({ Accept: accept, Authorization: `Bearer ${api.tokens.access ?? ''}` })
    const ip = clientIp(request, context)
    if (ip) headers.set('X-Forwarded-For', ip)
    try {
      return await fetch(upstream, { headers, signal: controller.signal })
    } finally {
      clearTimeout(timer)
    }
  }

  let response: Response
  try {
    response = await send()
    if (response.status === 401) {
      void response.body?.cancel().catch(() => {})
      // the client refreshes (or signs out with a redirect) on its own 401
      await api.request(endpoints.userDetail)
      response = await send()
    }
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown
    return errorResponse(503, UNREACHABLE_MESSAGE, api.headers)
  }

  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof body?.message === 'string' ? body.message : 'The download failed.'
    return errorResponse(response.status >= 500 ? 502 : response.status, message, api.headers)
  }
  const out = applySecurityHeaders(new Headers(api.headers))
  for (const name of FORWARDED) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  if (!out.has('Content-Disposition')) out.set('Content-Disposition', `attachment; filename="${filename}"`)
  out.set('Cache-Control', 'private, no-store')
  return new Response(response.body, { status: 200, headers: out })
}

/**
 * The loader of a list's export route: the signed-in user's CSV of `path`, with the query `searchOf`
 * reads from the portal's URL (the list's filters and order, not its page).
 */
export function csvExportLoader({
  path,
  searchOf,
  filename,
}: Pick<Download, 'path' | 'filename'> & { searchOf: (params: URLSearchParams) => URLSearchParams }) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    await requireTokens(request)
    const api = await createUpstream(request)
    return streamCsv({ request, context, api, path, search: searchOf(new URL(request.url).searchParams), filename })
  }
}
