import { HttpResponse } from 'msw'
import { demoUsers, type DemoKey } from '#tests/fixtures/users'

export const UPSTREAM = 'http://upstream.test'

export const state = {
  usedRefresh: new Set<string>(),
  refreshCalls: 0,
}

export function resetMockState() {
  state.usedRefresh.clear()
  state.refreshCalls = 0
}

function keyOf(token: string | undefined, kind: 'access' | 'refresh'): DemoKey | null {
  const match = token?.match(new RegExp(`^${kind}\\.(\\w+)`))
  const key = match?.[1]
  return key && key in demoUsers ? (key as DemoKey) : null
}

export function refreshKey(token: string | undefined) {
  return keyOf(token, 'refresh')
}

export function error(status: number, message: string, errors?: Record<string, string[]>) {
  return HttpResponse.json({ data: null, message, ...(errors ? { errors } : {}) }, { status })
}

export function ok<T>(data: T, message = 'OK') {
  return HttpResponse.json({ data, message })
}

/** Like the API: a valid `Authorization: Bearer access.<user>` or 401. */
export function authenticate(request: Request): DemoKey | Response {
  const header = request.headers.get('Authorization') ?? ''
  const key = keyOf(header.replace(/^Bearer /, ''), 'access')
  if (!header.startsWith('Bearer ') || !key)
    return error(401, 'Authentication credentials were not provided or are invalid.')
  return key
}
