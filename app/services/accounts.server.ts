import { z } from 'zod'
import { loginResult, tokenPair, userDetail, type LoginBody } from '#contract/accounts'
import { paths } from '#contract/paths'
import type { Upstream } from '~/services/upstream.server'

export function login(api: Upstream, body: LoginBody) {
  return api.call({ method: 'POST', path: paths.login, body, schema: loginResult, auth: false })
}

export function logout(api: Upstream, refresh: string | undefined) {
  return api.call({ method: 'POST', path: paths.logout, body: refresh ? { refresh } : {}, schema: z.unknown() })
}

export function getUserDetail(api: Upstream) {
  return api.call({ path: paths.userDetail, schema: userDetail })
}

export function refreshTokens(api: Upstream, refresh: string) {
  return api.call({ method: 'POST', path: paths.tokenRefresh, body: { refresh }, schema: tokenPair, auth: false })
}
