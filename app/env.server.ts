import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  API_BASE_URL: z.string().url('API_BASE_URL must be an absolute URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  COOKIE_SECURE: z.enum(['true', 'false'], { message: 'COOKIE_SECURE must be true or false' }).optional(),
  TRUST_PROXY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'TRUST_PROXY_HEADER must be one header name, such as fly-client-ip')
    .optional(),
})

export type PortalEnv = {
  NODE_ENV: 'development' | 'production' | 'test'
  PORT: number
  API_BASE_URL: string
  DATA_DIR: string
  SESSION_SECRET: string
  /** Mark cookies Secure (HTTPS only): on in production unless COOKIE_SECURE=false. */
  COOKIE_SECURE: boolean
  /**
   * The header the proxy in front of the portal writes the client's address into (`fly-client-ip`
   * on Fly); unset, the address is the connection's. Any other client-sent header is ignored.
   */
  TRUST_PROXY_HEADER: string | null
}

/** Generated once per data dir; 'wx' makes two processes starting together agree on one secret. */
function sessionSecretFrom(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8').trim()
}

export function parseEnv(source: NodeJS.ProcessEnv): PortalEnv {
  const result = schema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid portal configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  let secret = env.SESSION_SECRET
  if (!secret) {
    if (env.NODE_ENV === 'production') {
      throw new Error('Invalid portal configuration:\n  SESSION_SECRET: required when NODE_ENV=production')
    }
    secret = sessionSecretFrom(env.DATA_DIR)
  }
  return {
    NODE_ENV: env.NODE_ENV,
    PORT: env.PORT,
    API_BASE_URL: (env.API_BASE_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/+$/, ''),
    DATA_DIR: env.DATA_DIR,
    SESSION_SECRET: secret,
    COOKIE_SECURE: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
    TRUST_PROXY_HEADER: env.TRUST_PROXY_HEADER?.toLowerCase() ?? null,
  }
}

let cached: PortalEnv | undefined

export function getEnv(): PortalEnv {
  if (cached) return cached
  try {
    cached = parseEnv(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  return cached
}
