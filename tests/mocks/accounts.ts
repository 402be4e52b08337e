import { endpoints } from '#contract/endpoints'
import { DEMO_PASSWORD, keyForEmail, userFixture } from '#tests/fixtures/users'
import { error, refreshKey, state } from './auth'
import { mock } from './endpoint'

export const accountHandlers = [
  mock(
    endpoints.login,
    ({ body }) => {
      const key = keyForEmail(body.email)
      if (!key || body.password !== DEMO_PASSWORD) return error(401, 'Invalid Login')
      return { access: `access.${key}`, refresh: `refresh.${key}`, user: userFixture(key) }
    },
    'Login successful',
  ),

  mock(
    endpoints.tokenRefresh,
    ({ body }) => {
      state.refreshCalls += 1
      const key = refreshKey(body.refresh)
      if (!key || state.usedRefresh.has(body.refresh)) return error(401, 'Token is invalid or expired')
      state.usedRefresh.add(body.refresh)
      return { access: `access.${key}.r${state.refreshCalls}`, refresh: `refresh.${key}.r${state.refreshCalls}` }
    },
    'Token refreshed',
  ),

  mock(endpoints.logout, () => null, 'Logged out'),

  mock(endpoints.userDetail, ({ key }) => userFixture(key), 'User detail'),
]
