import { createAccountsService } from './modules/accounts/store'
import { createTokenService } from './auth/tokens'
import type { Db } from './db/client'
import type { ApiEnv } from './env'

export type ServiceEnv = Pick<ApiEnv, 'jwtSecret' | 'loginAccountLimit' | 'loginAccountWindowMs'> &
  Partial<Pick<ApiEnv, 'accessTokenTtlS' | 'refreshReuseLeewayS'>>

export function createServices(db: Db, env: ServiceEnv) {
  const tokens = createTokenService(db, env.jwtSecret, { accessTtlS: env.accessTokenTtlS })
  const accounts = createAccountsService(db, tokens, {
    accountLimit: env.loginAccountLimit,
    accountWindowMs: env.loginAccountWindowMs,
    reuseLeewayS: env.refreshReuseLeewayS,
  })
  return { tokens, accounts }
}
