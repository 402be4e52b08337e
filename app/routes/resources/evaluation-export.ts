import type { LoaderFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import { evaluationListQuery } from '#contract/evaluations'
import { paths } from '#contract/paths'
import { FILTER_FIELDS } from '~/components/call-evaluation/evaluation-filters'
import { getEnv } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { clientIp, createUpstream, errorResponse, UNREACHABLE_MESSAGE } from '~/services/upstream.server'
import { requireTokens } from '~/sessions.server'

const KEPT = [...FILTER_FIELDS, 'ordering'] as const
const FORWARDED = ['Content-Type', 'Content-Disposition', 'X-Total-Count', 'X-Export-Truncated']
const TIMEOUT_MS = 30_000

/** The list's filters and ordering as the export takes them; invalid ones are left out, as the list does. */
export function exportQuery(params: URLSearchParams) {
  const raw = Object.fromEntries(KEPT.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])))
  const first = evaluationListQuery.safeParse(raw)
  const query = first.success
    ? first.data
    : evaluationListQuery.parse(
        Object.fromEntries(Object.entries(raw).filter(([key]) => !(key in first.error.flatten().fieldErrors))),
      )
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size' || value === undefined || value === false) continue
    search.set(key, String(value))
  }
  return search
}

/**
 * The evaluation list as CSV, streamed from the API with the user's bearer (the API is private).
 * An expired access token is refreshed once through the usual client, then the export is asked again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireTokens(request)
  const api = await createUpstream(request)
  const upstream = new URL(getEnv().API_BASE_URL + paths.evaluationExport)
  upstream.search = exportQuery(new URL(request.url).searchParams).toString()

  // Only the wait for the answer has a time limit: a long export may take longer than that to stream.
  async function send() {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
    request.signal.addEventListener('abort', () => controller.abort(), { once: true })
    const headers = new Headers({ Accept: 'text/csv', Authorization: `Bearer ${api.tokens.access ?? ''}` })
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
    const message = typeof body?.message === 'string' ? body.message : 'The export failed.'
    return errorResponse(response.status >= 500 ? 502 : response.status, message, api.headers)
  }
  const out = applySecurityHeaders(new Headers(api.headers))
  for (const name of FORWARDED) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  if (!out.has('Content-Disposition')) out.set('Content-Disposition', 'attachment; filename="call-evaluations.csv"')
  out.set('Cache-Control', 'private, no-store')
  return new Response(response.body, { status: 200, headers: out })
}
