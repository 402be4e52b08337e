import { http } from 'msw'
import { loginBody, refreshBody, type LoginResult, type TokenPair } from '#contract/accounts'
import { paths } from '#contract/paths'
import { DEMO_PASSWORD, keyForEmail, userFixture } from '#tests/fixtures/users'
import { UPSTREAM, authenticate, error, ok, refreshKey, state } from './auth'

export const accountHandlers = [
  http.post(UPSTREAM + paths.login, async ({ request }) => {
    const parsed = loginBody.safeParse(await request.json().catch(() => null))
    if (!parsed.success)
      return error(400, 'Invalid input', parsed.error.flatten().fieldErrors as Record<string, string[]>)
    const key = keyForEmail(parsed.data.email)
    if (!key || parsed.data.password !== DEMO_PASSWORD) return error(401, 'Invalid Login')
    const result: LoginResult = { access: `access.${key}`, refresh: `refresh.${key}`, user: userFixture(key) }
    return ok(result, 'Login successful')
  }),

  http.post(UPSTREAM + paths.tokenRefresh, async ({ request }) => {
    state.refreshCalls += 1
    const parsed = refreshBody.safeParse(await request.json().catch(() => null))
    const token = parsed.success ? parsed.data.refresh : undefined
    const key = refreshKey(token)
    if (!token || !key || state.usedRefresh.has(token)) return error(401, 'Token is invalid or expired')
    state.usedRefresh.add(token)
    const pair: TokenPair = {
      access: `access.${key}.r${state.refreshCalls}`,
      refresh: `refresh.${key}.r${state.refreshCalls}`,
    }
    return ok(pair, 'Token refreshed')
  }),

  http.post(UPSTREAM + paths.logout, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    return ok(null, 'Logged out')
  }),

  http.get(UPSTREAM + paths.userDetail, ({ request }) => {
    const key = authenticate(request)
    if (key instanceof Response) return key
    return ok(userFixture(key), 'User detail')
  }),
]
