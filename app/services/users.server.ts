import { invariantResponse } from '@epic-web/invariant'
import { z } from 'zod'
import { role, type Role } from '#contract/accounts'
import { errorBody } from '#contract/envelope'
import { endpoints } from '#contract/endpoints'
import { paths } from '#contract/paths'
import type { UserListQuery } from '#contract/users'
import { getEnv } from '~/env.server'
import {
  clientIp,
  errorResponse,
  upstreamFailure,
  UNREACHABLE_MESSAGE,
  type Upstream,
} from '~/services/upstream.server'

/** User management (`/api/accounts/…`, admin only; the API answers 403 to others). */

export const USERS_FORBIDDEN = 'Only admins can manage users.'

/** The list's filters as the API takes them (strings, as in the portal's URL). */
export type UserFilterParams = {
  search?: string
  role?: Role
  department_id?: number
  location_id?: number
  is_active?: 'true' | 'false'
}

export function listUsers(api: Upstream, query: UserFilterParams & { page: number; page_size?: number }) {
  const sent: { [K in keyof Required<UserListQuery>]: UserListQuery[K] } = {
    page: query.page,
    page_size: query.page_size ?? 10,
    search: query.search || undefined,
    role: query.role || undefined,
    department_id: query.department_id,
    location_id: query.location_id,
    is_active: query.is_active,
    ordering: undefined,
  }
  return api.request(endpoints.listUsers, { query: sent })
}

// The API reads and checks every row of up to 50,000 before it answers.
const UPLOAD_TIMEOUT_MS = 120_000

/** POST `user-upload/`: the CSV as multipart in the field `file`; the answer is the per-row report. */
export function uploadUsers(api: Upstream, file: File) {
  const body = new FormData()
  body.append('file', file, file.name || 'users.csv')
  return api.request(endpoints.userUpload, { body, timeoutMs: UPLOAD_TIMEOUT_MS })
}

/** The signed-in user, who must be an admin: anyone else gets this route's 403. */
export async function requireAdmin(api: Upstream) {
  const me = await api.request(endpoints.userDetail)
  invariantResponse(me.role === 'admin', USERS_FORBIDDEN, { status: 403 })
  return me
}

/** A failed user-management call; a 403 says who may manage users. */
export const userFailure = (thrown: unknown) => upstreamFailure(thrown, { forbidden: USERS_FORBIDDEN })

const EXPORT_TIMEOUT_MS = 30_000

/**
 * GET `export-user-list/` as the API's raw CSV stream (the upstream client reads JSON only). An
 * expired access token is refreshed once through the client (its Set-Cookie headers land in
 * `api.headers`); a session that cannot be renewed ends in the client's sign-out redirect.
 */
export async function exportUsers(api: Upstream, request: Request, filters: UserFilterParams) {
  const url = new URL(getEnv().API_BASE_URL + paths.exportUserList)
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value))
  }
  const ip = clientIp(request)
  // Only the wait for the answer has a time limit: the body streams for as long as it takes.
  async function send() {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), EXPORT_TIMEOUT_MS)
    request.signal.addEventListener('abort', () => controller.abort(), { once: true })
    const headers = new Headers({ Accept: 'text/csv', Authorization: `Bearer ${api.tokens.access ?? ''}` })
    if (ip) headers.set('X-Forwarded-For', ip)
    try {
      return await fetch(url, { headers, signal: controller.signal })
    } catch {
      throw errorResponse(503, UNREACHABLE_MESSAGE)
    } finally {
      clearTimeout(timer)
    }
  }
  let response = await send()
  if (response.status === 401) {
    void response.body?.cancel().catch(() => {})
    // any authenticated call through the client refreshes the tokens, or signs out
    await api.request(endpoints.userDetail)
    response = await send()
  }
  if (!response.ok) {
    const body = errorBody.safeParse(await response.json().catch(() => null))
    const message = response.status === 403 ? USERS_FORBIDDEN : body.success ? body.data.message : 'The export failed.'
    throw errorResponse(response.status >= 500 ? 502 : response.status, message, api.headers)
  }
  return response
}

const queryId = z.coerce.number().int().positive().max(2_147_483_647)

/** The list's filters and page as the portal's URL carries them; nonsense reads as "no filter". */
export const userListParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  search: z.string().trim().max(100).catch(''),
  role: role.or(z.literal('')).catch(''),
  department_id: queryId.optional().catch(undefined),
  location_id: queryId.optional().catch(undefined),
  is_active: z.enum(['true', 'false', '']).catch(''),
})
export type UserListParams = z.infer<typeof userListParams>

export function readUserListParams(search: URLSearchParams): UserListParams {
  return userListParams.parse(Object.fromEntries(search))
}

/** The filters of the list, as the API takes them (empty ones left out). */
export function filtersOf(params: UserListParams): UserFilterParams {
  return {
    search: params.search || undefined,
    role: params.role || undefined,
    department_id: params.department_id,
    location_id: params.location_id,
    is_active: params.is_active || undefined,
  }
}
