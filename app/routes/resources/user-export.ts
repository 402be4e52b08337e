import type { LoaderFunctionArgs } from '@remix-run/node'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { createUpstream } from '~/services/upstream.server'
import { exportUsers, filtersOf, readUserListParams } from '~/services/users.server'
import { requireTokens } from '~/sessions.server'

const FORWARDED = ['Content-Type', 'Content-Disposition']

/**
 * The user list as CSV with the list's filters: GET `export-user-list/` with the user's bearer, streamed
 * through as it comes (the API refuses non-admins with 403).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const tokens = await requireTokens(request)
  const api = await createUpstream(request, tokens)
  const filters = filtersOf(readUserListParams(new URL(request.url).searchParams))
  const upstream = await exportUsers(api, request, filters)
  const headers = applySecurityHeaders(new Headers(api.headers))
  for (const name of FORWARDED) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (!headers.has('Content-Disposition')) headers.set('Content-Disposition', 'attachment; filename="users.csv"')
  headers.set('Cache-Control', 'private, no-store')
  return new Response(upstream.body, { status: 200, headers })
}
